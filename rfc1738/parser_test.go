package rfc1738

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestParserSameAnswers: a reused Parser gives, for every URL of the
// parse goldens' inputs, the URL and error that ParseLenient gives, in
// any order of calls (a URL parsed after another is not touched by it).
func TestParserSameAnswers(t *testing.T) {
	files, err := filepath.Glob("../testdata/input/parse/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no inputs: %v", err)
	}
	var p Parser
	n := 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := sc.Text()
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			n++
			want, wantErr := ParseLenient(line)
			got, gotErr := p.ParseLenient(line)
			if (want == nil) != (got == nil) || (wantErr == nil) != (gotErr == nil) ||
				wantErr != nil && wantErr.Error() != gotErr.Error() {
				t.Errorf("%q: Parser gives %v, %v; ParseLenient %v, %v", line, got, gotErr, want, wantErr)
				continue
			}
			if w, g := NewParts(line, want, wantErr, false), NewParts(line, got, gotErr, false); !reflect.DeepEqual(w, g) {
				t.Errorf("%q: Parser gives %+v, ParseLenient %+v", line, g, w)
			}
			// The meanings whose slices a Parser reuses, nil and empty told
			// apart.
			if want != nil && (!reflect.DeepEqual(want.Mailto, got.Mailto) || !reflect.DeepEqual(want.FTP, got.FTP) ||
				!reflect.DeepEqual(want.HTTP, got.HTTP)) {
				t.Errorf("%q: Parser gives %+v %+v %+v, ParseLenient %+v %+v %+v", line,
					got.Mailto, got.FTP, got.HTTP, want.Mailto, want.FTP, want.HTTP)
			}
		}
		f.Close()
	}
	if n < 100 {
		t.Fatalf("only %d URLs", n)
	}
}

// TestParserAllocs: a reused Parser allocates nothing for common URLs.
func TestParserAllocs(t *testing.T) {
	var p Parser
	for _, s := range []string{
		"http://www.example.com/drafts/index.html?lang=en&fmt=txt",
		"https://files.example.com/slides/uri-wg/1994/context.pdf",
		"ftp://ftp.example.net/pub/drafts/draft-uri-context-03.txt;type=a",
		"gopher://gopher.example.edu/11/Information",
		"http://a.example/~bob/#top",
		"mailto:alice@example.org",
		"mailto:list-request@example.org?subject=unsubscribe&body=help", // List-Unsubscribe
		"http://www.example.com:8080/status",                            // a note: a port not the scheme's
		"ftp://anonymous:guest@ftp.example.net:2121/pub/",               // two notes
	} {
		p.ParseLenient(s) // the first grows the warning list
		if n := testing.AllocsPerRun(100, func() {
			if u, _ := p.ParseLenient(s); u == nil {
				t.Fatal("no URL")
			}
		}); n != 0 {
			t.Errorf("%s: %v allocations a parse", s, n)
		}
	}
	// Mailtos with headers and without, in turn (a mailbox's mailtos): the
	// headers' room is kept across one that has none.
	with, without := "mailto:list-request@example.org?subject=unsubscribe", "mailto:alice@example.org"
	if n := testing.AllocsPerRun(100, func() {
		p.ParseLenient(with)
		p.ParseLenient(without)
	}); n != 0 {
		t.Errorf("mailtos with headers and without, in turn: %v allocations", n)
	}
	if u, _ := p.ParseLenient(without); u.Mailto.Headers != nil {
		t.Errorf("%s: Headers %v, want nil", without, u.Mailto.Headers)
	}
}

// TestParserErrorAllocs checks that a parse that fails allocates nothing
// either: most candidates a scanner parses are no URL. The error is the
// Parser's until its next parse.
func TestParserErrorAllocs(t *testing.T) {
	var p Parser
	for _, s := range []string{
		"http://exa mple.com/",   // no URL: a space in the host
		"ftp://h:x/",             // the scheme's grammar: a bad port
		"mailto:joe",             // no address
		"http://[zz]/",           // no IP literal
		"http://a.example:99999", // reported with its error (§3.1 port)
	} {
		p.ParseLenient(s)
		if n := testing.AllocsPerRun(100, func() {
			if _, err := p.ParseLenient(s); err == nil {
				t.Fatalf("%s: no error", s)
			}
		}); n != 0 {
			t.Errorf("%s: %v allocations a failed parse", s, n)
		}
	}
	_, err := p.ParseLenient("ftp://h:x/")
	want := err.Error()
	kept := *err.(*Error) // a copy outlives the next parse
	if _, err2 := p.ParseLenient("http://exa mple.com/"); err2 == nil || err2.Error() == want {
		t.Fatalf("the next parse: %v", err2)
	}
	if got := kept.Error(); got != want {
		t.Errorf("the copy: %s, want %s", got, want)
	}
	// ParseLenient's errors are each their own.
	_, e1 := ParseLenient("ftp://h:x/")
	_, e2 := ParseLenient("ftp://h:y/")
	if e1 == e2 || e1.Error() == e2.Error() {
		t.Errorf("ParseLenient's two errors: %v, %v", e1, e2)
	}
}

// TestCharsSkip checks parser.chars against itself with its four-byte
// skip off (the rule applied byte by byte), in both modes, on strings of URL bytes with an odd one at every
// position and escapes straddling the four-byte steps.
func TestCharsSkip(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	alphabet := "abcXYZ019-_.!*'(),;/?:@&=%2F%zz{}|\\^~[]`<>#\" \x01\x7f\xc3\xa9"
	for range 20000 {
		n := r.IntN(24)
		b := make([]byte, n)
		for i := range b {
			if r.IntN(4) == 0 {
				b[i] = alphabet[r.IntN(len(alphabet))]
			} else {
				b[i] = "abcdefgh0123456789-_."[r.IntN(21)]
			}
		}
		raw := string(b)
		for _, lenient := range []bool{true, false} {
			for _, allow := range []uint8{0, resAll, resSemi | resSlash, resQuest | resAmp} {
				start, end := 0, len(raw)
				if n > 2 {
					start, end = r.IntN(n/2), n-r.IntN(n/2)
				}
				var a, b parser
				a.raw, a.lenient, a.u = raw, lenient, &URL{}
				b.raw, b.lenient, b.u = raw, lenient, &URL{}
				offA, errA := a.chars(start, end, allow)
				fourAtATime = false
				offB, errB := b.chars(start, end, allow)
				fourAtATime = true
				if offA != offB || errA != errB || a.bad != b.bad || a.badOff != b.badOff || a.badErr != b.badErr ||
					fmt.Sprint(a.u.Warnings) != fmt.Sprint(b.u.Warnings) {
					t.Fatalf("chars(%q[%d:%d], %b) lenient %v: %d %v %v; byte by byte: %d %v %v",
						raw, start, end, allow, lenient, offA, errA, a.u.Warnings, offB, errB, b.u.Warnings)
				}
			}
		}
	}
}
