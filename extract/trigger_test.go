package extract

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/urlgrep/urlgrep/internal/ascii"
)

// indexTriggerRef is indexTrigger a byte at a time: mayTrigger alone.
func indexTriggerRef(data []byte, from int, v *triggerVecs) int {
	for i := from; i < len(data); i++ {
		if mayTrigger(data, i, v) {
			return i
		}
	}
	return -1
}

// triggerAlphabet are the bytes the trigger tests are made of: each
// trigger byte, the neighbours its tests look at and the bytes at the
// edges of those tests (0x20 and 0x21, '@' and '[' around the capitals,
// '`' and '{' around the small letters, 'v' and 'x' around 'w', bytes
// with the high bit set).
const triggerAlphabet = ":<.@wWvVxX aAzZ@[`{\x20\x21\x00\x1f\x7f\x80\xa0\xff\t\n/h"

// eachStep runs f with each of the steps indexTrigger may take on this
// machine: SSE2's sixteen bytes alone, and AVX2's thirty-two first where
// the processor has them.
func eachStep(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	have := useAVX2
	defer func() { useAVX2 = have }()
	widths := []bool{false}
	if have {
		widths = append(widths, true)
	} else {
		t.Log("no AVX2 here: the sixteen-byte steps alone are tested")
	}
	for _, avx2 := range widths {
		useAVX2 = avx2
		t.Run(map[bool]string{false: "sse2", true: "avx2"}[avx2], f)
	}
}

// TestTriggerScan: indexTrigger, with triggerScan's steps where it has
// them, finds the same first byte as mayTrigger a byte at a time, from
// every start, for every setting of www and email, on random texts of the
// bytes the tests turn on, long enough for several steps of each width.
func TestTriggerScan(t *testing.T) {
	eachStep(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(14, 1))
		for round := range 4000 {
			n := rng.IntN(200)
			data := make([]byte, n)
			sparse := round%2 == 0 // long runs of letters, few triggers
			for i := range data {
				if sparse && rng.IntN(8) != 0 {
					data[i] = 'a' + byte(rng.IntN(26))
					continue
				}
				data[i] = triggerAlphabet[rng.IntN(len(triggerAlphabet))]
			}
			for www := range 2 {
				for email := range 2 {
					v := &triggerSets[www][email]
					for from := 0; from <= n; from++ {
						got, want := indexTrigger(data, from, v), indexTriggerRef(data, from, v)
						if got != want {
							t.Fatalf("www %d email %d, %q from %d: indexTrigger %d, byte by byte %d", www, email, data, from, got, want)
						}
					}
				}
			}
		}
	})
}

// TestTriggerScanLanes: each trio of bytes (before, trigger, after) from
// the alphabet, at every place of a text long enough for several steps of
// each width, the rest letters: indexTrigger and mayTrigger agree.
func TestTriggerScanLanes(t *testing.T) {
	eachStep(t, func(t *testing.T) {
		base := bytes.Repeat([]byte("q"), 110)
		for _, c := range []byte(":<.@") {
			for _, before := range []byte(triggerAlphabet) {
				for _, after := range []byte(triggerAlphabet) {
					for at := 1; at < len(base)-1; at++ {
						data := append([]byte(nil), base...)
						data[at-1], data[at], data[at+1] = before, c, after
						for www := range 2 {
							for email := range 2 {
								v := &triggerSets[www][email]
								if got, want := indexTrigger(data, 0, v), indexTriggerRef(data, 0, v); got != want {
									t.Fatalf("www %d email %d, %q: indexTrigger %d, byte by byte %d", www, email, data, got, want)
								}
							}
						}
					}
				}
			}
		}
	})
}

// TestMayTriggerKeepsCandidates: every byte that startsNothing lets
// through, mayTrigger lets through: for a trigger byte with any byte
// before and after it, and at the end of the data.
func TestMayTriggerKeepsCandidates(t *testing.T) {
	for _, opts := range [][]Option{nil, {WithEmail(true)}, {WithWWW(false)}, {WithEscapes(true)}} {
		s := NewScanner(strings.NewReader(""), opts...)
		v := &triggerSets[b2i(s.f.cfg.www)][b2i(s.f.cfg.email)]
		for _, c := range []byte(":<.@") {
			k := s.triggerKind(c)
			if k < 0 {
				continue
			}
			for before := range 256 {
				for after := range 257 {
					data := []byte{'x', 'w', 'w', byte(before), c, byte(after)}
					if after == 256 {
						data = data[:5] // the trigger ends the data
					}
					s.buf, s.start, s.end = data, 0, len(data)
					if !s.startsNothing(k, 4) && !mayTrigger(data, 4, v) {
						t.Fatalf("%q: startsNothing lets byte 4 through, mayTrigger does not", data)
					}
				}
			}
		}
	}
}

// TestColonAfterNoScheme: a ':' that startsNothing stops for the byte
// before it, one no scheme ends with, or for standing at the first byte
// the Scanner may look at, starts nothing when Scanner.try is asked
// about it all the same: startsNothing saves try's work, and changes no
// answer.
func TestColonAfterNoScheme(t *testing.T) {
	tails := []string{"//a.example/x", "http://a.example/", `\/\/a.example/`, "a@b.example", "//[::1]/", "x"}
	for _, opts := range [][]Option{nil, {WithEmail(true)}, {WithEscapes(true)}} {
		s := NewScanner(strings.NewReader(""), opts...)
		for before := range 256 {
			if ascii.IsSchemeByte(byte(before)) {
				continue
			}
			for _, tail := range tails {
				data := []byte("see http" + string([]byte{byte(before)}) + ":" + tail)
				const n = len("see http") + 1
				s.buf, s.start, s.end, s.eof = data, 0, len(data), true
				if !s.startsNothing(tColon, n) {
					t.Fatalf("%q: startsNothing lets the ':' through", data)
				}
				if m, _, _, _, more := s.try(n, tColon); m != nil || more {
					t.Fatalf("%q: try finds %v (more %v) at the ':'", data, m, more)
				}
			}
		}
		for _, tail := range tails {
			// The ':' at the Scanner's start: what is before it is
			// behind, and try looks no further back than start.
			data := []byte("http:" + tail)
			s.buf, s.start, s.end, s.eof = data, 4, len(data), true
			if !s.startsNothing(tColon, 4) {
				t.Fatalf("%q from 4: startsNothing lets the ':' through", data)
			}
			if m, _, _, _, more := s.try(4, tColon); m != nil || more {
				t.Fatalf("%q from 4: try finds %v (more %v) at the ':'", data, m, more)
			}
		}
	}
}

// TestSlashesOnlyNeedSlashes: for a scheme written with "//" only
// (lookupScheme says slashes: every unregistered one, and http, ftp and
// the like), bare finds nothing when the byte after the colon is neither
// "/" nor a backslash, whatever follows: Scanner.try passes such a colon
// over without asking bare ("From:*", "key:value", "host:8080").
func TestSlashesOnlyNeedSlashes(t *testing.T) {
	for _, opts := range [][]Option{nil, {WithEmail(true)}, {WithEscapes(true)}} {
		f := NewFinder(opts...)
		for _, scheme := range []string{"From", "key", "host", "http", "HTTPS", "ftp", "git+ssh", "x-y.z", "file"} {
			kind := lookupScheme([]byte(scheme))
			if kind != slashes {
				t.Fatalf("%s: lookupScheme = %v, want slashes", scheme, kind)
			}
			for c := range 256 {
				if c == '/' || c == '\\' {
					continue
				}
				for _, tail := range []string{"", "x", "a.example/", "//a.example/", "8080/x"} {
					data := []byte(scheme + ":" + string([]byte{byte(c)}) + tail)
					if m, _, more := f.bare(data, 0, kind, ' ', true, false, 0); m != nil || more {
						t.Fatalf("%q: bare finds %v (more %v)", data, m, more)
					}
				}
			}
		}
	}
}

// sameFused scans in with the one-pass and the per-kind trigger search
// and fails unless they give the same segments, the same Matches in every
// field, the same drops and the same error.
func sameFused(t *testing.T, in string, opts ...Option) {
	t.Helper()
	fused := NewScanner(strings.NewReader(in), opts...)
	perKind := NewScanner(strings.NewReader(in), opts...)
	if fused.f.limits().MaxBytes == 1 {
		return // the one-pass search is not used there
	}
	fused.fused, perKind.fused = true, false
	for i := 0; ; i++ {
		f, p := fused.Scan(), perKind.Scan()
		if f != p {
			t.Fatalf("segment %d: one pass Scan %v, per kind %v", i, f, p)
		}
		if !f {
			break
		}
		if !bytes.Equal(fused.Raw(), perKind.Raw()) {
			t.Fatalf("segment %d: one pass %q, per kind %q", i, fused.Raw(), perKind.Raw())
		}
		if fm, pm := fused.Match(), perKind.Match(); !reflect.DeepEqual(fm, pm) {
			t.Fatalf("segment %d: one pass match\n%+v\nper kind\n%+v", i, fm, pm)
		}
	}
	if fused.Err() != perKind.Err() || fused.Dropped() != perKind.Dropped() {
		t.Fatalf("one pass Err %v Dropped %d, per kind Err %v Dropped %d", fused.Err(), fused.Dropped(), perKind.Err(), perKind.Dropped())
	}
}

// TestFusedSameAsPerKind: the one-pass trigger search never changes an
// answer, on every table, golden and generated input, with the default
// and the smallest buffers, with www off and e-mail on.
func TestFusedSameAsPerKind(t *testing.T) {
	ins := allInputs(t)
	ins = append(ins, input{"generated/many", string(inputMany), nil}, input{"generated/none", string(inputNone), nil},
		input{"generated/many-email", string(inputMany), []Option{WithEmail(true)}},
		input{"generated/many-nowww", string(inputMany), []Option{WithWWW(false)}})
	for _, in := range ins {
		t.Run(in.name, func(t *testing.T) {
			sameFused(t, in.in, in.opts...)
			sameFused(t, in.in, append(append([]Option{}, in.opts...), smallBuffers...)...)
		})
	}
}

// triggerAtoms are fragments of text that put triggers side by side: a
// trigger that starts nothing just before one that starts a URL, wrappers,
// www hosts and addresses next to colons, tags and full stops.
var triggerAtoms = strings.Fields(`: :: x: w. ww. www. WWW. . .. < <a <1 </ <URL: <url: <http: > @ a@b.c
	user@example.org http://a.b/ https://example.com/x?y=1 ftp://h.example/ www.example.com
	news:comp.x mailto:a@b.c urn:isbn:1 ( ) " ' \ %41 / // h ttp http: e.g.http://x.y/ W.`)

// triggerTexts returns n texts of random atoms, some with spaces or line
// breaks between them.
func triggerTexts(n int) []string {
	rng := rand.New(rand.NewPCG(14, 2))
	var out []string
	for range n {
		var b strings.Builder
		for range 1 + rng.IntN(24) {
			b.WriteString(triggerAtoms[rng.IntN(len(triggerAtoms))])
			switch rng.IntN(6) {
			case 0:
				b.WriteByte(' ')
			case 1:
				b.WriteByte('\n')
			}
		}
		out = append(out, b.String())
	}
	return out
}

// TestFusedAdjacent: the one-pass and the per-kind search agree on texts
// where triggers stand side by side, each with the bytes around it that
// the one-pass filter looks at.
func TestFusedAdjacent(t *testing.T) {
	for _, in := range triggerTexts(3000) {
		sameFused(t, in)
		sameFused(t, in, WithEmail(true), WithReadSize(512), WithMaxCandidate(256))
		sameFused(t, in, WithWWW(false), WithEscapes(true))
	}
}

// FuzzFused: for any input, the one-pass trigger search finds what the
// per-kind search does.
func FuzzFused(f *testing.F) {
	for _, in := range allInputs(f) {
		if len(in.in) < 64<<10 {
			f.Add(in.in)
		}
	}
	for _, in := range triggerTexts(50) {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		sameFused(t, in)
		sameFused(t, in, WithEmail(true), WithReadSize(512), WithMaxCandidate(256))
		sameFused(t, in, WithWWW(false), WithEscapes(true))
	})
}

// TestMayFind checks that MayFind reports false only of texts in which
// the Scanner, with the same options, finds no URL: every line of the
// golden inputs and every case of the scanner's tables, with each
// setting of the www and email options; and that it does report false of
// header fields that hold no URL, which a search then leaves out.
func TestMayFind(t *testing.T) {
	var texts []string
	files, _ := filepath.Glob("../testdata/input/extract/*.txt")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, strings.SplitAfter(string(data), "\n")...)
	}
	for _, tt := range scanTests {
		texts = append(texts, tt.in)
	}
	for _, tt := range matchTests {
		texts = append(texts, tt.in)
	}
	found := 0
	for _, www := range []bool{false, true} {
		for _, email := range []bool{false, true} {
			opts := []Option{WithWWW(www), WithEmail(email)}
			s := NewScanner(nil, opts...)
			for _, text := range texts {
				if s.MayFind([]byte(text)) {
					continue
				}
				ms, _, err := scanAll(t, strings.NewReader(text), opts...)
				if err != nil {
					t.Fatal(err)
				}
				if len(ms) > 0 {
					t.Errorf("www %v, email %v: MayFind(%q) is false, the Scanner found %q", www, email, text, ms[0].Text)
				}
				found++
			}
		}
	}
	if found == 0 {
		t.Error("MayFind reported false of no text")
	}
	s := NewScanner(nil)
	for text, want := range map[string]bool{
		"alice@example.org (Alice)\n":          false, // '@' is no trigger without the email option
		"Alice <alice@example.org>\n":          false, // '<' before an address opens no wrapper
		"<linux-mips.vger.kernel.org>\n":       false, // a List-Id
		"A <a@b.org>,\n\tB <b@c.org>\n":        false,
		"<p>a <b>tag</b></p>\n":                false,
		"<URL:http://example.org/>\n":          true,
		"<url:":                                true, // the text ends before the wrapper can be told
		"see <http":                            true,
		"Alice <alice@example.org> <http:x>\n": true,  // a later '<' opens one
		"Re: the meeting\n":                    false, // a ':' before a space
		"Mutt/1.5.21 (2010-09-15)\n":           false,
		"<https://lists.example.org/unsub>\n":  true,
		"see www.example.org\n":                true,
		"<mailto:list-request@example.org>\n":  true,
		"a colon at the end:":                  true,
	} {
		if got := s.MayFind([]byte(text)); got != want {
			t.Errorf("MayFind(%q) = %v, want %v", text, got, want)
		}
	}
}
