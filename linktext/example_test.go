package linktext_test

import (
	"os"
	"strings"

	"github.com/urlgrep/urlgrep/linktext"
)

func ExampleRender() {
	in := "See <URL:ftp://ftp.example.org/pub/\n  README> & http://example.com/?a=1&b=2.\n"
	if err := linktext.Render(os.Stdout, strings.NewReader(in)); err != nil {
		panic(err)
	}
	// Output:
	// See &lt;URL:<a href="ftp://ftp.example.org/pub/README">ftp://ftp.example.org/pub/
	//   README</a>&gt; &amp; <a href="http://example.com/?a=1&amp;b=2">http://example.com/?a=1&amp;b=2</a>.
}
