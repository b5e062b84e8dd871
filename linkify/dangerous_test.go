package linkify

import (
	"math/rand/v2"
	"testing"

	"github.com/yuin/goldmark/renderer/html"
)

// TestDangerousMirrorsGoldmark: dangerous says what goldmark's
// html.IsDangerousURL says, on the shapes it tells apart and on random
// mixtures of their pieces, cases and non-ASCII letters.
func TestDangerousMirrorsGoldmark(t *testing.T) {
	cases := []string{"", "http://a.example/", "javascript:alert(1)", "JavaScript:x", "vbscript:x", "VBSCRIPT:",
		"file:///etc/passwd", "FILE:x", "data:text/html,x", "data:image/png;base64,x", "DATA:IMAGE/PNG;x",
		"data:image/gif;x", "data:image/jpeg;x", "data:image/webp;x", "data:image/svg+xml;x", "data:image/",
		"data:image", "javascript", "file", "data", "mailto:a@b.example", "\u212aava:x", "javascr\u0130pt:x"}
	pieces := []string{"java", "JAVA", "script", "SCRIPT", ":", "vb", "file", "FiLe", "data", "DaTa", "image/", "IMAGE/",
		"png;", "PNG;", "gif;", "jpeg;", "webp;", "svg", "\u212a", "\u0130", "\u017f", "x", "/"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		s := ""
		for range 1 + rng.IntN(5) {
			s += pieces[rng.IntN(len(pieces))]
		}
		cases = append(cases, s)
	}
	for _, c := range cases {
		if got, want := dangerous(c), html.IsDangerousURL([]byte(c)); got != want {
			t.Errorf("dangerous(%q) = %v, html.IsDangerousURL says %v", c, got, want)
		}
	}
}
