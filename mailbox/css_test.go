package mailbox

import (
	"reflect"
	"strings"
	"testing"
)

// TestCSSURLs: the URLs of a style sheet, whole or in pieces cut
// anywhere (as the tokenizer drops a sheet it does not hold): case
// ignored, white space around an argument dropped, an escaped quote
// kept, no data: URL, none too long, none from another function
// ("myurl("), one at the sheet's end. A "url(" inside a CSS string
// starts an argument all the same (what it gives is no URL).
func TestCSSURLs(t *testing.T) {
	css := `@IMPORT "http://a.example/x.css"; @import url(http://b.example/y.css);
body { background: URL( 'http://c.example/bg.png' ) } .x{background-image:url(http://d.example/a\)b.png)}
.f { src: url(data:font/woff2;base64,AAAA) } .g { background: myurl(http://no.example/) }
.e { background: url("http://e.example/q\"uote.png") } .n { content: "url(" } .h{background:url(  )}
.l { background: url(http://l.example/` + strings.Repeat("a", cssMaxURL) + `) } .t{background:url(http://t.example/end.png`
	want := []string{"http://a.example/x.css", "http://b.example/y.css", "http://c.example/bg.png", `http://d.example/a\`,
		`http://e.example/q\"uote.png`, `} .h{background:url(  )}`, "http://t.example/end.png"}
	var got []string
	cssURLs([]byte(css), func(u []byte) { got = append(got, string(u)) })
	if !reflect.DeepEqual(got, want) {
		t.Errorf("whole: %q\nwant %q", got, want)
	}
	for _, size := range []int{1, 2, 3, 5, 7, 8, 13, 64} {
		var pieces []string
		c := cssStream{fn: func(u []byte) { pieces = append(pieces, string(u)) }}
		for i := 0; i < len(css); i += size {
			c.write([]byte(css[i:min(len(css), i+size)]))
		}
		c.close()
		if !reflect.DeepEqual(pieces, want) {
			t.Errorf("in pieces of %d: %q\nwant %q", size, pieces, want)
		}
	}
}
