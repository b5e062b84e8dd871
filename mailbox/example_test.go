package mailbox_test

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"strings"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/internal/mailgen"
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

// A winmail.dat (a TNEF stream) holding a message's body as compressed
// rich text, here of the uncompressed kind, with a link in a field:
// TNEFMessage renders it as MIME, which a Reader reads as any mail.
func ExampleTNEFMessage() {
	tnef := mailgen.TNEF([]mailgen.TNEFAttr{
		{Level: 1, ID: 0x00018004, Data: []byte("Minutes\x00")}, // attSubject
		{Level: 1, ID: 0x00069003, Props: []mailgen.TNEFProp{ // attMAPIProps
			{ID: 0x1009, Type: 0x0102, Values: [][]byte{ // PidTagRtfCompressed
				mailgen.UncompressedRTF(`{\rtf1\ansi{\fonttbl{\f0 Arial;}}The minutes: {\field{\*\fldinst HYPERLINK "https://wiki.example/minutes"}{\fldrslt here}}\par}`),
			}},
		}},
	})
	mr := mailbox.NewReader(mailbox.TNEFMessage(bytes.NewReader(tnef)))
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
		fmt.Printf("part %s (%s): %q\n", p.Path, p.Type, text)
	}
	// Output:
	// part header:Subject (text/plain): "Minutes"
	// part 1.1 (text/plain): "The minutes: HYPERLINK \"https://wiki.example/minutes\"here\n"
}
