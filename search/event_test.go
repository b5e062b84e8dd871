package search

import (
	"errors"
	"reflect"
	"testing"
	"unsafe"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/mailbox"
)

// fillNonZero sets every field of v, exported or not, to a value that is
// not its zero: a field reset forgets shows.
func fillNonZero(v reflect.Value) {
	if !v.CanSet() {
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			fillNonZero(v.Field(i))
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
	case reflect.Interface:
		v.Set(reflect.ValueOf(errors.New("x")))
	default:
		panic("fillNonZero: a field of kind " + v.Kind().String())
	}
}

// TestEventReset: Event.reset, which the URL events are made with field
// by field, leaves no field of the event before: after it, a used Event
// is Event{Kind: k}. An Event field that reset does not name fails it.
func TestEventReset(t *testing.T) {
	var ev Event
	fillNonZero(reflect.ValueOf(&ev).Elem())
	if ev.Match == nil || ev.problem == nil || !ev.borrowed || ev.Pos.Line == 0 {
		t.Fatalf("fillNonZero left fields zero: %+v", ev)
	}
	ev.reset(PartBegin)
	if !reflect.DeepEqual(ev, Event{Kind: PartBegin}) {
		t.Errorf("after reset: %+v, want Event{Kind: PartBegin}", ev)
	}
	// A held URL made an event again is the event the callback had.
	var m extract.Match
	fillNonZero(reflect.ValueOf(&ev).Elem())
	fillNonZero(reflect.ValueOf(&m).Elem())
	h := heldURL{text: "http://example.org/", pos: mailbox.Position{Offset: 4, Line: 2, Col: 3, Exact: true},
		end: 23, offset: 4, mend: 23, line: 2, col: 3, endLine: 2, kind: extract.Bare, match: true}
	h.event(&ev, &m)
	want := Event{Kind: URL, Pos: h.pos, End: 23, Match: &m}
	wantM := extract.Match{Text: "http://example.org/", Kind: extract.Bare, Offset: 4, End: 23, Line: 2, Col: 3, EndLine: 2}
	if !reflect.DeepEqual(ev, want) || !reflect.DeepEqual(m, wantM) {
		t.Errorf("held URL's event: %+v with %+v\nwant %+v with %+v", ev, m, want, wantM)
	}
}
