package main

import "testing"

// TestLinkifyTextMailParts checks that --linkify=text starts each part of
// a message on a line of its own: a header field's text has no line
// break of its own, and ran on into the next part ("...</a>&lt;<a ...").
// Plain text is written as it is, to its last byte.
func TestLinkifyTextMailParts(t *testing.T) {
	mail := "From a@example.org Mon Jan  1 00:00:00 2024\n" +
		"Subject: see http://s.example/\n" +
		"List-Unsubscribe: <http://u.example/>\n\n" +
		"see http://a.example/x/\n"
	want := `see <a href="http://s.example/">http://s.example/</a>` + "\n" +
		`&lt;<a href="http://u.example/">http://u.example/</a>&gt;` + "\n" +
		`see <a href="http://a.example/x/">http://a.example/x/</a>` + "\n"
	if out, errs, code := urlgrep(t, mail, "--linkify=text"); out != want || code != exitFound {
		t.Errorf("mail: %q, %q, exit %d; want %q", out, errs, code, want)
	}
	want = `no newline <a href="http://a.example/">http://a.example/</a>`
	if out, _, _ := urlgrep(t, "no newline http://a.example/", "--linkify=text"); out != want {
		t.Errorf("text: %q, want %q", out, want)
	}
}
