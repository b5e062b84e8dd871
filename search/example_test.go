package search_test

import (
	"fmt"
	"strings"

	"github.com/urlgrep/urlgrep/search"
)

func ExampleSearch() {
	text := "The spec: <URL:ftp://ftp.example.org/rfc/\n  rfc1738.txt>; the archive at http://www.example.org/uri/.\n"
	st, err := search.Search(search.Input{Name: "notes.txt", R: strings.NewReader(text)}, search.Options{}, func(ev *search.Event) bool {
		if ev.Kind == search.URL {
			fmt.Printf("%d:%d %s\n", ev.Pos.Line, ev.Pos.Col, ev.Match.Text)
		}
		return true
	})
	fmt.Println(st.URLs, err)
	// Output:
	// 1:16 ftp://ftp.example.org/rfc/rfc1738.txt
	// 2:32 http://www.example.org/uri/
	// 2 <nil>
}

func ExampleSearch_mail() {
	mail := "From: a@example.org\nSubject: notes\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n" +
		"See http://www.example.org/a/path/split/by/q=\np today.\n"
	search.Search(search.Input{Name: "mail", R: strings.NewReader(mail)}, search.Options{}, func(ev *search.Event) bool {
		if ev.Kind == search.URL {
			fmt.Printf("message %d part %s: %s\n", ev.Part.Message, ev.Part.Path, ev.Match.Text)
		}
		return true
	})
	// Output:
	// message 1 part 1: http://www.example.org/a/path/split/by/qp
}
