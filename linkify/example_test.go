package linkify_test

import (
	"os"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/linkify"
)

func ExampleNew() {
	md := goldmark.New(goldmark.WithExtensions(
		extension.Table, extension.Strikethrough, extension.TaskList, // GFM without its Linkify
		linkify.New(linkify.WithRel("nofollow")),
	))
	src := "The archive is at <URL:http://www.example.org/uri/\n" +
		"  archive/index.html>, the specification at\n" +
		"https://www.example.org/rfc1738.txt. `http://localhost/` is code.\n"
	if err := md.Convert([]byte(src), os.Stdout); err != nil {
		panic(err)
	}
	// Output:
	// <p>The archive is at <a href="http://www.example.org/uri/archive/index.html" rel="nofollow">http://www.example.org/uri/archive/index.html</a>, the specification at
	// <a href="https://www.example.org/rfc1738.txt" rel="nofollow">https://www.example.org/rfc1738.txt</a>. <code>http://localhost/</code> is code.</p>
}

func ExampleWithRewrite() {
	md := goldmark.New(goldmark.WithExtensions(linkify.New(
		linkify.WithRewrite(func(m *extract.Match) (string, bool) {
			if m.Parsed.Host == "intranet.example.org" {
				return "", false // stays text
			}
			return "https://out.example.net/?to=" + m.URL, true
		}),
	)))
	src := "See http://www.example.org/ but not http://intranet.example.org/.\n"
	if err := md.Convert([]byte(src), os.Stdout); err != nil {
		panic(err)
	}
	// Output:
	// <p>See <a href="https://out.example.net/?to=http://www.example.org/">http://www.example.org/</a> but not http://intranet.example.org/.</p>
}
