package rtf

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestText: the text of rich text, as Outlook and Word write it.
func TestText(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"characters and paragraphs", `{\rtf1\ansi\deff0{\fonttbl{\f0\fswiss Arial;}}{\colortbl;\red0\green0\blue255;}\pard\f0\fs20 Hello\par world\line again\tab x\par}`,
			"Hello\nworld\nagain\tx\n"},
		{"escapes", `{\rtf1\ansi Caf\'e9 \{braces\} a\\b non\~breaking soft\-hyphen non\_breaking}`, `Café {braces} a\b non breaking softhyphen non-breaking`},
		{"code page", `{\rtf1\ansi\ansicpg1251 \'cf\'f0\'e8\'e2\'e5\'f2}`, "Привет"},
		{"unicode and its fallback", `{\rtf1\uc1 a\u8212?b {\uc2 c\u8364\'80\'80d} e\u-3971?f}`, "a—b c€d e\uf07df"},
		{"a field", `{\rtf1{\field{\*\fldinst{HYPERLINK "http://a.example/x?y=1"}}{\fldrslt{\ul here}}}}`, `HYPERLINK "http://a.example/x?y=1"here`},
		{"ignorable destinations", `{\rtf1{\*\xmlnstbl {\xmlns1 http://schemas.microsoft.com/office/word/2003/wordml}}{\*\generator Riched20;}{\*\unknown {nested} text}{\info{\author http://author.example/}}{\pict\pngblip 89504e47}kept}`, "kept"},
		{"made from HTML", `{\rtf1\ansi\fromhtml1 {\*\htmltag19 <html>}{\*\htmltag84 <a href="http://h.example/?a=1&amp;b=2">}\htmlrtf {\field{\*\fldinst{HYPERLINK "http://h.example/?a=1&b=2"}}{\fldrslt\ul \htmlrtf0 link\htmlrtf }\htmlrtf0 {\*\htmltag92 </a>}\htmlrtf \par\htmlrtf0 {\*\htmltag27 </html>}}`,
			`<html><a href="http://h.example/?a=1&amp;b=2">link</a></html>`},
		{"control word delimiters", `{\rtf1\b1bold\b0 plain\i-1 x\fs24{}y}`, "boldplainxy"},
		{"source line breaks", "{\\rtf1 a\r\nb\\\r\nc}", "ab\nc"},
		{"binary data", "{\\rtf1 a{\\pict\\jpegblip\\bin6 }{\\x\\}b}c {\\bin2 {}d}", "ac d"},
		{"cut short", `{\rtf1 text {\*\fldinst HYPERLINK "http://cut`, `text HYPERLINK "http://cut`},
		{"unbalanced", `}}}text{{`, "text"},
	} {
		for _, one := range []bool{false, true} {
			var r io.Reader = strings.NewReader(c.in)
			if one {
				r = iotest.OneByteReader(r)
			}
			got, err := io.ReadAll(NewText(bufio.NewReader(r)))
			if err != nil || string(got) != c.want {
				t.Errorf("%s (one byte a read %v): %q, %v; want %q", c.name, one, got, err, c.want)
			}
		}
	}
}

// FuzzText: any bytes read as rich text end, with no more text than
// three bytes a byte read (a byte of a code page as UTF-8: Windows-1252's
// 0x80 is "€", three bytes).
func FuzzText(f *testing.F) {
	f.Add(`{\rtf1\ansi\ansicpg1251\uc2 a\u8212??\'e9{\*\fldinst HYPERLINK "http://a.example/"}\htmlrtf x\htmlrtf0}`)
	f.Add(`{\rtf1{\fonttbl{\f0 Arial;}}\par\~\_\{\}\\\'zz\u-1?}}}{{{`)
	f.Fuzz(func(t *testing.T, in string) {
		got, err := io.ReadAll(NewText(bufio.NewReader(strings.NewReader(in))))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) > 3*len(in) {
			t.Errorf("%d bytes of text from %d", len(got), len(in))
		}
	})
}
