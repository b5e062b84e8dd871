package wrapper_test

import (
	"bytes"
	"fmt"

	"github.com/urlgrep/urlgrep/wrapper"
)

// The example of RFC 1738's appendix: a scanner calls At at each '<', with
// the quote prefix of the line the '<' stands on, and skips each wrapper found.
func ExampleAt() {
	text := []byte(`      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
      type=d> but you can probably pick it up from <URL:ftp://ds.in
      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.
      net/instructions/overview.html#WARNING>.
`)
	for i := 0; i < len(text); i++ {
		if text[i] != '<' {
			continue
		}
		line := text[bytes.LastIndexByte(text[:i], '\n')+1 : i]
		w, _ := wrapper.At(text[i:], true, line[:wrapper.QuotePrefix(line)], wrapper.DefaultLimits)
		if w.Kind == wrapper.None {
			continue
		}
		fmt.Printf("%s %s (%d line break)\n", w.Kind, w.URL, w.Lines)
		i += w.End - 1
	}
	// Output:
	// wrapped ftp://info.cern.ch/pub/www/doc;type=d (1 line break)
	// wrapped ftp://ds.internic.net/rfc (1 line break)
	// wrapped http://ds.internic.net/instructions/overview.html#WARNING (1 line break)
}

// A line break right after a hyphen gives two readings; the quote prefix of
// the continuation line is not part of the URL.
func ExampleAt_hyphen() {
	data := []byte("<URL:http://www.example.com/~bob/meeting-\n> notes.html> (Bob broke it)")
	w, more := wrapper.At(data, false, []byte("> "), wrapper.DefaultLimits)
	fmt.Println(w.Kind, more)
	fmt.Println(w.URL)
	fmt.Println(w.Alternate)
	fmt.Printf("%q\n", data[w.URLStart:w.URLEnd])
	fmt.Printf("%q\n", data[w.End:])
	// Output:
	// wrapped false
	// http://www.example.com/~bob/meeting-notes.html
	// http://www.example.com/~bob/meetingnotes.html
	// "http://www.example.com/~bob/meeting-\n> notes.html"
	// " (Bob broke it)"
}

// When the data ends inside a wrapper and more input can follow, At asks for
// more; an address in angle brackets is no wrapper.
func ExampleAt_more() {
	for _, s := range []string{"<URL:http://x/", "<alice@example.org>", "<mailto:alice@example.org>"} {
		w, more := wrapper.At([]byte(s), false, nil, wrapper.DefaultLimits)
		fmt.Printf("%-28q more=%-5v %s", s, more, w.Kind)
		if w.Kind != wrapper.None {
			fmt.Print(" ", w.URL)
		}
		fmt.Println()
	}
	// Output:
	// "<URL:http://x/"             more=true  none
	// "<alice@example.org>"        more=false none
	// "<mailto:alice@example.org>" more=false angle mailto:alice@example.org
}

func ExampleQuotePrefix() {
	for _, line := range []string{"> > quoted twice", "| piped", "><URL:x>", "not quoted"} {
		n := wrapper.QuotePrefix([]byte(line))
		fmt.Printf("%q\n", line[:n])
	}
	// Output:
	// "> > "
	// "| "
	// ">"
	// ""
}

// A counter or a printer that reads many wrappers finds each with Span and
// rejoins its URL into one buffer it reuses: no allocation per wrapper.
func ExampleSpan() {
	text := []byte("See <URL:ftp://ftp.example.net/pub/\n  meeting-\n  notes.txt> and <http://a.example/x>.\n")
	var buf []byte
	for i := 0; i < len(text); i++ {
		if text[i] != '<' {
			continue
		}
		w, _ := wrapper.Span(text[i:], true, nil, wrapper.DefaultLimits)
		if w.Kind == wrapper.None {
			continue
		}
		buf = w.AppendURL(buf[:0], text[i:], nil, false)
		fmt.Printf("%s %s (%d hyphen break)\n", w.Kind, buf, w.Hyphens)
		if w.Hyphens > 0 {
			buf = w.AppendURL(buf[:0], text[i:], nil, true)
			fmt.Printf("  or %s\n", buf)
		}
		i += w.End - 1
	}
	// Output:
	// wrapped ftp://ftp.example.net/pub/meeting-notes.txt (1 hyphen break)
	//   or ftp://ftp.example.net/pub/meetingnotes.txt
	// angle http://a.example/x (0 hyphen break)
}
