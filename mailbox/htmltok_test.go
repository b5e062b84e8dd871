package mailbox

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// chunkReader returns data in reads of the sizes sizes gives, cycling,
// and counts what it has returned.
type chunkReader struct {
	data  []byte
	sizes []int
	i     int
	given int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), len(c.data))
	if len(c.sizes) > 0 {
		n = min(n, c.sizes[c.i%len(c.sizes)])
		c.i++
	}
	copy(p, c.data[:n])
	c.data = c.data[n:]
	c.given += n
	return n, nil
}

// tokensOf describes the tokens htmlText reads of in, and how much input
// each had read when it came, by x/net/html's Tokenizer (ours false) or
// htmlTok (ours true), with the reads sizes gives and maxBuf.
func tokensOf(in []byte, sizes []int, maxBuf int, ours bool) string {
	var b strings.Builder
	src := &chunkReader{data: in, sizes: sizes}
	if !ours {
		z := html.NewTokenizer(src)
		z.SetMaxBuf(maxBuf)
		for {
			tt := z.Next()
			switch tt {
			case html.ErrorToken:
				fmt.Fprintf(&b, "error %v @%d\n", z.Err(), src.given)
				return b.String()
			case html.TextToken:
				fmt.Fprintf(&b, "text %q @%d\n", z.Text(), src.given)
			case html.StartTagToken, html.SelfClosingTagToken:
				name, more := z.TagName()
				fmt.Fprintf(&b, "start %q @%d", name, src.given)
				for more {
					var k, v []byte
					k, v, more = z.TagAttr()
					fmt.Fprintf(&b, " %q=%q", k, v)
				}
				b.WriteByte('\n')
			case html.EndTagToken:
				name, _ := z.TagName()
				fmt.Fprintf(&b, "end %q @%d\n", name, src.given)
			default:
				fmt.Fprintf(&b, "comment @%d\n", src.given)
			}
		}
	}
	return describeTokens(newHTMLTok(src, maxBuf), src)
}

// describeTokens is tokensOf for htmlTok z, which reads src.
func describeTokens(z *htmlTok, src *chunkReader) string {
	var b strings.Builder
	for {
		switch z.next() {
		case tokError:
			fmt.Fprintf(&b, "error %v @%d\n", z.err, src.given)
			return b.String()
		case tokText:
			fmt.Fprintf(&b, "text %q @%d\n", z.text(nil), src.given)
		case tokStartTag:
			name, more := z.tagName()
			fmt.Fprintf(&b, "start %q @%d", name, src.given)
			for more {
				var k, v []byte
				k, v, more = z.tagAttr()
				fmt.Fprintf(&b, " %q=%q", k, attrValue(nil, v))
			}
			b.WriteByte('\n')
		case tokEndTag:
			name, _ := z.tagName()
			fmt.Fprintf(&b, "end %q @%d\n", name, src.given)
		default:
			fmt.Fprintf(&b, "comment @%d\n", src.given)
		}
	}
}

// htmlSeeds are shapes every state of the tokenizer meets: comments of
// every ending, doctypes, bogus comments, script data escaped and double
// escaped, raw text and RCDATA elements, plaintext, attributes of every
// quoting, references in text and values (named, numeric, with and
// without ";", a name's prefix, "=" after one), NUL and CR.
var htmlSeeds = []string{
	`<p class="a" id=b data-x='c'>Hello &amp; <b>world</b>&nbsp;&copy 2024 &notit; &#169; &#x26; &#0; &#128; &#xD800;</p>`,
	`<a href="http://a.example/?a=1&amp;b=2&copy=3&lt=4&notit;&#38;x">http://a.example/</a>`,
	`<A HREF=http://b.example/x?y=1&z=2>b</A><IMG SRC = 'http://c.example/i.png' / ><br/><p a=/>`,
	"<!-- a comment -- > still --!> after <!--> <!---> <!-- x --!- y --> <!----> <!-",
	`<!DOCTYPE html><!doctype><!DOCTYPE<?xml version="1.0"?><![CDATA[ x ]]></><//x></ >`,
	"<script>if (a < b && c > d) { x = '</scr' + 'ipt>'; }</script>after",
	"<script><!-- document.write('<script>x</script>'); --></script><p>t</p>",
	"<script><!--<script></script>--></SCRIPT >text<style>p{}</style ><title>a &amp; <b>b</b></title>",
	"<textarea>&lt;x&gt; </textarea ><xmp><b>&amp;</b></xmp><iframe>x</iframe><noscript>&amp;</noscript>",
	"<plaintext>everything <b>here</b> &amp; after",
	"a\r\nb\rc\x00d<p x=\"1\r\n2\">e\r</p>",
	"<p =x ==y a= b c = \"d\" e/ f=g/>h<<a>i<a<b</ a>< p>",
	"< p>&#<&#x;&#;&;&amp&ampx;&AMP;&Aacute&Aacutex&NotEqualTilde;&nbsp&nbspx",
	`<a href="&#x68;ttp://h.example/">x</a><a href= >y</a><a href>z</a>`,
	"<div\n  class=\"x\"\n  style='y'\n>\ntext across\nlines</div\n>",
	"<scr<script>ipt>a</script><script>a<!--b<script>c</script>d-->e</script>f",
	"<style>/* </styl */ p { a: b }</style>x<title></title><title>t",
	"<p>unterminated <a href=\"http://x.example/",
	"<p>unterminated <a href=http://x.example/",
	"<!DOCTY", "<!DOCTYPE", "<!-", "<!--", "<!--x-", "<!--x--", "<!--x--!", "</", "</a", "<a", "<a b", "<a b=", "<a b='", "&", "&#", "&#x", "&#9", "&am",
}

// TestHTMLTokSameAsTokenizer: htmlTok gives the tokens, texts, names and
// attribute values x/net/html's Tokenizer gives, having read the same
// input at each (so a part's HTML is placed as before), with the
// seeds and random HTML-like text, in reads of several sizes, with a
// token bound of 1 MiB and of a few bytes (the "max buffer exceeded"
// path).
func TestHTMLTokSameAsTokenizer(t *testing.T) {
	var ins []string
	ins = append(ins, htmlSeeds...)
	ins = append(ins, strings.Join(htmlSeeds, "\n"))
	files, _ := filepath.Glob("../testdata/input/mailbox/*.txt")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ins = append(ins, string(data))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const alpha = "<>/!?-='\" \n\r\tab&#;x0ptsciry\x00"
	parts := []string{"<script>", "</script>", "<!--", "-->", "<style>", "</style>", "<title>", "&amp;", "&nbsp;", "&copy", "<a href=\"", "\">", "<![CDATA[", "]]>", "<!DOCTYPE ", "<plaintext>", "&#x", "<textarea>", "</"}
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(60) {
			if rng.IntN(4) == 0 {
				b.WriteString(parts[rng.IntN(len(parts))])
			} else {
				b.WriteByte(alpha[rng.IntN(len(alpha))])
			}
		}
		ins = append(ins, b.String())
	}
	for i, in := range ins {
		for _, sizes := range [][]int{nil, {1}, {3, 7, 1}, {64}} {
			for _, maxBuf := range []int{htmlMaxBuf, 5, 17} {
				want := tokensOf([]byte(in), sizes, maxBuf, false)
				got := tokensOf([]byte(in), sizes, maxBuf, true)
				if got != want {
					t.Fatalf("input %d %q, reads %v, maxBuf %d:\nhtmlTok\n%s\nTokenizer\n%s", i, in, sizes, maxBuf, got, want)
				}
			}
		}
	}
}

// TestHTMLTokReusedReadsAsNew: a tokenizer reset for the next part, its
// buffer grown by the last, reads the part as a new one does (as
// x/net/html's Tokenizer does), its buffer's size growing from 4 KiB as a
// new one's would: the same tokens from the same reads, so the part's HTML
// is placed as before. With documents of long tokens (text, a comment, an
// attribute value, script) that grow it, and the seeds, in reads of
// several sizes.
func TestHTMLTokReusedReadsAsNew(t *testing.T) {
	long := func(n int) string { return strings.Repeat("word &amp; ", n/11) }
	docs := []string{
		"<p>" + long(30000) + "</p>",
		"<!--" + long(9000) + "--><p title=\"" + long(6000) + "\">x</p>",
		"<script>" + long(20000) + "</script><a href=\"http://a.example/" + strings.Repeat("y", 5000) + "\">a</a>",
		"<p>short</p>",
	}
	docs = append(docs, htmlSeeds...)
	docs = append(docs, docs[0]+docs[1]+docs[2])
	for _, sizes := range [][]int{nil, {1000}, {3, 700, 1}} {
		z := newHTMLTok(&chunkReader{data: []byte(long(200000))}, htmlMaxBuf)
		for z.next() != tokError {
		}
		if cap(z.buf) <= htmlBufStart {
			t.Fatalf("reads %v: the buffer did not grow (%d)", sizes, cap(z.buf))
		}
		for round := range 2 {
			for i, doc := range docs {
				src := &chunkReader{data: []byte(doc), sizes: sizes}
				z.reset(src, htmlMaxBuf)
				got := describeTokens(z, src)
				if want := tokensOf([]byte(doc), sizes, htmlMaxBuf, false); got != want {
					t.Fatalf("reads %v, round %d, document %d, after a buffer of %d: reused\n%.2000s\nTokenizer\n%.2000s", sizes, round, i, cap(z.buf), got, want)
				}
			}
		}
	}
}

// FuzzHTMLTok is TestHTMLTokSameAsTokenizer on the fuzzer's inputs, and
// TestElideTokens.
func FuzzHTMLTok(f *testing.F) {
	for _, s := range htmlSeeds {
		f.Add([]byte(s), uint8(0), uint8(0))
	}
	f.Fuzz(func(t *testing.T, in []byte, size, bound uint8) {
		var sizes []int
		if size > 0 {
			sizes = []int{int(size), int(size)/3 + 1}
		}
		maxBuf := htmlMaxBuf
		if bound > 0 {
			maxBuf = int(bound)
		}
		want := tokensOf(in, sizes, maxBuf, false)
		if got := tokensOf(in, sizes, maxBuf, true); got != want {
			t.Fatalf("reads %v, maxBuf %d:\nhtmlTok\n%s\nTokenizer\n%s", sizes, maxBuf, got, want)
		}
		// legacyComments changes only what follows a comment that the
		// input ends before it closes: the Tokenizer's last token
		// before EOF is then that comment.
		src := &chunkReader{data: in, sizes: sizes}
		z := newHTMLTok(src, maxBuf)
		z.legacyComments = true
		legacy := describeTokens(z, src)
		lines := strings.Split(strings.TrimSuffix(want, "\n"), "\n")
		n := len(lines)
		openAtEOF := n >= 2 && strings.HasPrefix(lines[n-1], "error EOF") && strings.HasPrefix(lines[n-2], "comment ")
		if !openAtEOF && legacy != want {
			t.Fatalf("legacyComments, reads %v, maxBuf %d, no comment open at EOF:\nhtmlTok\n%s\nTokenizer\n%s", sizes, maxBuf, legacy, want)
		}
		// ElideLong, with runs of base64 of tens of bytes passed over.
		if sizes == nil {
			sizes = []int{1}
		}
		checkElided(t, in, sizes, 1+int(bound)%16, 8)
	})
}

// TestUnescapeSameAsTokenizer: unescapeText and unescapeAttr decode
// every named reference HTML has, with and without ";", followed by
// nothing, a letter, "=" or ";", as x/net/html does in text and in
// attribute values.
func TestUnescapeSameAsTokenizer(t *testing.T) {
	names := []string{"amp", "lt", "gt", "quot", "nbsp", "copy", "reg", "Aacute", "notin", "not", "NotEqualTilde", "acE", "bne", "fjlig", "ThickSpace", "zwj", "apos", "frac12", "euro", "x", "ampx", "notit", "AMP", "LT"}
	var ins []string
	for _, n := range names {
		for _, after := range []string{"", ";", "x", "=", ";=", "1", " ", "&", ";x"} {
			ins = append(ins, "a&"+n+after+"b", "&"+n+after)
		}
	}
	for _, num := range []string{"#", "#x", "#X", "#9", "#39", "#39;", "#x27", "#x27;", "#128;", "#1114112;", "#99999999999;", "#xD800;", "#0;", "#xg", "#x;", "#;"} {
		ins = append(ins, "&"+num, "a&"+num+"b", "&"+num+"=")
	}
	for _, in := range ins {
		doc := "<p>" + in + "</p><a href=\"" + strings.ReplaceAll(in, `"`, "") + "\">"
		want := tokensOf([]byte(doc), nil, htmlMaxBuf, false)
		if got := tokensOf([]byte(doc), nil, htmlMaxBuf, true); got != want {
			t.Errorf("%q:\nhtmlTok\n%s\nTokenizer\n%s", in, got, want)
		}
	}
}

// TestHTMLReaderReused: a part's HTML reader serves the next HTML part
// fresh, whatever state the last one ended in (inside a script, a
// title, an open link, a tag cut short): the second part reads as it
// does alone.
func TestHTMLReaderReused(t *testing.T) {
	second := "From b@b.example Mon Nov  2 09:14:04 1994\nContent-Type: text/html\n\n<p>see <a href=\"http://two.example/\">two</a> http://three.example/ &amp; more</p>\n"
	for _, end := range []string{"<script>var a = 1;", "<title>t", "<a href=\"http://one.example/\">one", "<p class=\"x", "<!-- open", "<plaintext>x", "<style>p{", "<u>"} {
		first := "From a@b.example Mon Nov  2 09:14:03 1994\nContent-Type: text/html\n\n<p>first</p>" + end + "\n"
		both := describeParts(t, []byte(first+second))
		alone := describeParts(t, []byte(second))
		// The second part's body is the same; its place is further on.
		body := func(d string) string {
			lines := strings.Split(strings.TrimSpace(d), "\n")
			f := strings.Fields(lines[len(lines)-2])
			return f[len(f)-1]
		}
		if got, want := body(both), body(alone); got != want {
			t.Errorf("after a part ending %q: second part's body %s, alone %s", end, got, want)
		}
	}
}

// TestHTMLInlineBreaks: tags end lines of the HTML's text, but <wbr> and
// an empty inline element, which a reader's text runs through (Gmail's
// "<u></u>" in long URLs); an inline element with text, or with a link,
// still ends one.
func TestHTMLInlineBreaks(t *testing.T) {
	in := "From a@b.example Mon Nov  2 09:14:03 1994\nContent-Type: text/html\n\n" +
		"<p>see http://a.example/x<wbr>y/z and http://b.example/?p=<u></u>linux/x;a=<U ></U>blob<span></span>.\n" +
		"<b>http://c.example/</b>end http://d.example/a<span>b</span> <u>http://e.example/</u><i></b>f\n" +
		"g<span class=x></span>h<font></font></p>i<b><!-- c --></b>j<img src=\"http://i.example/\"><u><a href=\"http://j.example/\"></a></u>k\n"
	r := NewReader(strings.NewReader(in))
	var body []byte
	for {
		p, err := r.Next()
		if err != nil {
			break
		}
		if p.Type == "text/html" {
			body, _ = io.ReadAll(p.Body)
		}
	}
	var lines []string
	for _, l := range strings.Split(string(body), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	want := []string{"see http://a.example/xy/z and http://b.example/?p=linux/x;a=blob.",
		"http://c.example/", "end http://d.example/a", "b", "http://e.example/", "f", "gh", "i", "j",
		"<http://i.example/>", "<http://j.example/>", "k"}
	if !reflect.DeepEqual(lines, want) {
		t.Errorf("text lines\n%q\nwant\n%q", lines, want)
	}
}
