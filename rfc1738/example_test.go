package rfc1738_test

import (
	"errors"
	"fmt"

	"github.com/urlgrep/urlgrep/rfc1738"
)

func ExampleParse() {
	u, err := rfc1738.Parse("ftp://myname@host.dom//etc/motd;type=a")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Scheme, u.User, u.Host, u.EffectivePort())
	for _, c := range u.FTP.Commands() {
		fmt.Printf("%q\n", c)
	}
	// Output:
	// ftp myname host.dom 21
	// "CWD "
	// "CWD etc"
	// "TYPE A"
	// "RETR motd"
}

func ExampleParse_error() {
	_, err := rfc1738.Parse("ftp://h/f;type=x")
	var perr *rfc1738.Error
	if errors.As(err, &perr) && errors.Is(err, rfc1738.ErrBadTypecode) {
		fmt.Println(perr.Offset)
	}
	fmt.Println(err)
	// Output:
	// 15
	// parse ftp "ftp://h/f;type=x": offset 15: typecode must be a, i or d (§3.2.2)
}

func ExampleParseLenient() {
	u, err := rfc1738.ParseLenient("HTTP://WWW.Example.COM/~bob/notes.html#top")
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	for _, w := range u.Warnings {
		fmt.Println(w)
	}
	// Output:
	// http://www.example.com/%7Ebob/notes.html#top
	// offset 23: unsafe character must be encoded (§2.2): "~"
	// offset 38: "#" fragment is not part of a URL (§2.2: "#" must be encoded)
}

func ExampleURL_Redacted() {
	u, _ := rfc1738.Parse("ftp://anonymous:guest%40example.edu@ftp.example.edu/pub/")
	fmt.Println(u.Password)
	fmt.Println(u.Redacted())
	// Output:
	// guest@example.edu
	// ftp://anonymous:xxxxx@ftp.example.edu/pub/
}

// A Parser reuses one URL for every parse: a counter or a scanner that
// looks at each result before the next parse allocates nothing for most.
func ExampleParser() {
	var p rfc1738.Parser
	valid := 0
	for _, s := range []string{"http://a.example/x", "ftp://b.example/f;type=x", "https://c.example/?q=1"} {
		if u, err := p.ParseLenient(s); u != nil && err == nil {
			valid++
		}
	}
	fmt.Println(valid, "valid")
	// Output: 2 valid
}

// The JSON form of a parse, as urlgrep --parse writes it: a key that does
// not apply is absent, the password redacted (§6).
func ExampleParts_AppendJSON() {
	raw := "ftp://anonymous:secret@ftp.example.edu/pub/file.txt;type=i"
	u, err := rfc1738.Parse(raw)
	p := rfc1738.NewParts(raw, u, err, true)
	fmt.Println(string(p.AppendJSON(nil)))
	// Output:
	// {"url":"ftp://anonymous:xxxxx@ftp.example.edu/pub/file.txt;type=i","raw":"ftp://anonymous:xxxxx@ftp.example.edu/pub/file.txt;type=i","scheme":"ftp","valid":true,"security":["password"],"user":"anonymous","password":"xxxxx","host":"ftp.example.edu","port":21,"path":"pub/file.txt;type=i","ftp_type":"i","ftp_commands":["CWD pub","TYPE I","RETR file.txt"]}
}
