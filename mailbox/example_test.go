package mailbox_test

import (
	"fmt"
	"io"
	"log"
	"strings"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/mailbox"
)

// A message in quoted-printable: the soft line break ("=" at the end of
// a line) that split the URL goes, "=3D" is "=", and "=C3=A9" is "é" in
// UTF-8. The URL scanner then finds the URL whole.
func ExampleReader() {
	const msg = "From: Alice <alice@example.org>\n" +
		"Subject: the draft\n" +
		"Message-ID: <draft-3@example.org>\n" +
		"Content-Type: text/plain; charset=utf-8\n" +
		"Content-Transfer-Encoding: quoted-printable\n" +
		"\n" +
		"The caf=C3=A9 draft is at https://www.example.org/drafts/uri-context-=\n" +
		"03.txt?fmt=3Dtxt for now.\n"

	mr := mailbox.NewReader(strings.NewReader(msg), mailbox.OnProblem(func(p mailbox.Problem) {
		fmt.Println("problem:", p)
	}))
	for {
		p, err := mr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		text, err := io.ReadAll(p.Body)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("message %d <%s> part %s (%s): %q\n", p.Message, p.MessageID, p.Path, p.Type, text)
		s := extract.NewScanner(strings.NewReader(string(text)))
		for s.Scan() {
			if m := s.Match(); m != nil {
				fmt.Println("  URL:", m.URL)
			}
		}
	}
	// Output:
	// message 1 <draft-3@example.org> part header:From (text/plain): "Alice <alice@example.org>"
	// message 1 <draft-3@example.org> part header:Subject (text/plain): "the draft"
	// message 1 <draft-3@example.org> part 1 (text/plain): "The café draft is at https://www.example.org/drafts/uri-context-03.txt?fmt=txt for now.\n"
	//   URL: https://www.example.org/drafts/uri-context-03.txt?fmt=txt
}
