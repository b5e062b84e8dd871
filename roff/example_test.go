package roff_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/urlgrep/urlgrep/roff"
	"golang.org/x/text/transform"
)

// A manual page's source read as the text it stands for: the URLs in it
// as a reader of the page sees them.
func ExampleDecoder() {
	src := ".TH X 1\n.SH \"SEE ALSO\"\n\\fIhttps://github.com/util\\-linux/util\\-linux/\\fP\n" +
		".UR http://www.example.org/\\:docs/\\:x.html\n.UE\n"
	if roff.Sniff([]byte(src)) {
		text, _ := io.ReadAll(transform.NewReader(strings.NewReader(src), roff.Decoder()))
		fmt.Print(string(text))
	}
	// Output:
	// .TH X 1
	// .SH "SEE ALSO"
	// https://github.com/util-linux/util-linux/
	// .UR http://www.example.org/docs/x.html
	// .UE
}
