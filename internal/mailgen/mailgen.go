// Package mailgen writes mailboxes of made-up but realistic messages for
// tests, and says which URLs a reader of each message sees.
//
// A message of the generated mbox has a random selection of what mail
// does to text: quoted-printable (with soft line breaks inside URLs),
// base64, the charsets of mail, format=flowed (DelSp=yes and no),
// multipart/alternative (plain text and HTML showing the same URLs),
// nested multipart/mixed, HTML-only bodies, images, URL-carrying headers
// (List-Unsubscribe, Archived-At, ...; RFC 2047 encoded subjects),
// "<URL:...>" wrappers broken across lines, quoted replies, body lines
// starting "From " (which the mbox quotes as ">From "), CRLF line ends.
// It is deterministic: the same n and seed give the same bytes.
package mailgen

import (
	"bufio"
	"encoding/base64"
	"fmt"
	"io"
	"math/rand/v2"
	"mime"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"

	"github.com/urlgrep/urlgrep/rfc1738"
)

// Want is one URL a reader of a generated message sees: one entry per
// occurrence, except that a URL shown in more than one part of a
// multipart/alternative (or twice in one such part) is one entry, as the
// parts of an alternative are one text in several forms.
type Want struct {
	Message int // 1-based number of the message in the mbox
	// URL is the canonical form: rfc1738.URL.String of the URL parsed
	// with rfc1738.ParseLenient, non-ASCII characters percent-encoded as
	// UTF-8 first, as the scanner reports it.
	URL string
}

// Generate writes an mbox (mboxrd) of n messages to w, made from seed,
// and returns the URLs in them.
func Generate(w io.Writer, n int, seed uint64) ([]Want, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	g := &gen{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	for i := 1; i <= n; i++ {
		g.msg = i
		if _, err := bw.WriteString(g.message()); err != nil {
			return nil, err
		}
	}
	if err := bw.Flush(); err != nil {
		return nil, err
	}
	return g.wants, nil
}

// gen holds the state of one generation.
type gen struct {
	rng   *rand.Rand
	msg   int // the message being made
	seq   int // makes URLs and boundaries unique
	wants []Want
}

func (g *gen) n(k int) int       { return g.rng.IntN(k) }
func (g *gen) chance(p int) bool { return g.rng.IntN(100) < p }

func pick[T any](g *gen, xs []T) T { return xs[g.rng.IntN(len(xs))] }

// want records an occurrence of a URL (written as in the text) in the
// current message.
func (g *gen) want(url string) { g.wants = append(g.wants, Want{g.msg, Canonical(url)}) }

// Canonical returns the canonical form of a URL as written: its non-ASCII
// bytes percent-encoded, parsed leniently, rendered by rfc1738.URL.String.
// A "www." host without a scheme is taken as http.
func Canonical(url string) string {
	if strings.HasPrefix(url, "www.") {
		url = "http://" + url
	}
	var b strings.Builder
	for i := 0; i < len(url); i++ {
		if c := url[i]; c >= 0x80 {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	u, _ := rfc1738.ParseLenient(b.String())
	if u == nil {
		panic("mailgen: made a URL that does not parse: " + url)
	}
	return u.String()
}

// message returns one message of the mbox: its "From " line, the message
// quoted as mboxrd quotes it, and the empty line after it.
func (g *gen) message() string {
	days := []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}
	from := fmt.Sprintf("From sender%d@example.org %s Jan %2d 15:04:05 2024\n", g.msg, days[g.msg%7], 1+g.msg%28)

	var h strings.Builder
	fmt.Fprintf(&h, "From: %s <%s@example.org>\n", pick(g, []string{"Alice Archer", "Bob Baker", "Claire Dupont"}), pick(g, []string{"alice", "bob", "claire"}))
	h.WriteString("To: list@lists.example.org\n")
	fmt.Fprintf(&h, "Date: %s, %d Jan 2024 15:04:05 +0000\n", days[g.msg%7], 1+g.msg%28)
	fmt.Fprintf(&h, "Message-ID: <%d.%d@mail.example.org>\n", g.msg, g.n(1e6))
	if g.chance(30) {
		fmt.Fprintf(&h, "References: <%d.ref@mail.example.org>\nIn-Reply-To: <%d.ref@mail.example.org>\n", g.msg, g.msg)
	}
	h.WriteString(g.subject())
	if g.chance(35) {
		u1 := fmt.Sprintf("https://lists.example.org/unsubscribe/%d?token=%x", g.msg, g.n(1<<30))
		u2 := fmt.Sprintf("mailto:leave-%d@lists.example.org?subject=unsubscribe", g.msg)
		sep := ", "
		if g.chance(50) {
			sep = ",\n\t" // folded
		}
		fmt.Fprintf(&h, "List-Unsubscribe: <%s>%s<%s>\n", u1, sep, u2)
		g.want(u1)
		g.want(u2)
	}
	if g.chance(20) {
		u := "https://lists.example.org/archive/list/"
		fmt.Fprintf(&h, "List-Archive: <%s>\n", u)
		g.want(u)
	}
	if g.chance(20) {
		u := fmt.Sprintf("http://archive.example.net/msg/%d.html", g.msg)
		fmt.Fprintf(&h, "Archived-At: <%s>\n", u)
		g.want(u)
	}
	if g.chance(5) {
		h.WriteString("X-Mailer: Mailer 1.0\n")
	}

	var msg string
	if g.chance(3) {
		msg = h.String() // no body at all
	} else {
		h.WriteString("MIME-Version: 1.0\n")
		msg = h.String() + g.entity(0) // the entity's header ends the message header
	}
	nl := "\n"
	if g.chance(10) {
		msg, nl = strings.ReplaceAll(msg, "\n", "\r\n"), "\r\n"
		from = strings.ReplaceAll(from, "\n", "\r\n")
	}
	if !strings.HasSuffix(msg, "\n") {
		msg += nl
	}
	return from + mboxrdQuote(msg) + nl
}

// mboxrdQuote adds a ">" before each line of s that matches /^>*From /.
func mboxrdQuote(s string) string {
	if !strings.Contains(s, "From ") {
		return s
	}
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimLeft(l, ">"), "From ") {
			lines[i] = ">" + l
		}
	}
	return strings.Join(lines, "")
}

// subject returns a Subject field, sometimes with a URL, sometimes in RFC
// 2047 encoded words.
func (g *gen) subject() string {
	s := pick(g, []string{"Re: notes", "meeting", "Fwd: the draft", "weekly report", "question about the archive"})
	url := ""
	if g.chance(25) {
		url = g.asciiURL()
		s += " see " + url
	}
	switch {
	case g.chance(20):
		s = mime.QEncoding.Encode("utf-8", "Café "+s)
	case g.chance(20):
		s = mime.BEncoding.Encode("UTF-8", "Grüße "+s)
	}
	if url != "" {
		g.want(url)
	}
	return "Subject: " + s + "\n"
}

// entity returns a MIME entity: its Content-* fields, an empty line, its
// body. depth is its nesting.
func (g *gen) entity(depth int) string {
	r := g.n(100)
	switch {
	case depth < 3 && r < 20:
		return g.mixed(depth)
	case depth < 3 && r < 40:
		return g.alternative()
	case r < 50:
		doc := g.document()
		return g.htmlPart(doc, g.newCounter())
	default:
		doc := g.document()
		return g.plainPart(doc, g.newCounter())
	}
}

// counter records the URL occurrences of one part: each one, or in an
// alternative each distinct one (shared by the alternative's parts).
type counter struct {
	g    *gen
	seen map[string]bool // nil outside an alternative
}

func (g *gen) newCounter() *counter { return &counter{g: g} }

func (c *counter) add(url string) {
	if c.seen != nil {
		k := Canonical(url)
		if c.seen[k] {
			return
		}
		c.seen[k] = true
	}
	c.g.want(url)
}

// mixed returns a multipart/mixed of 1 to 4 entities, images among them.
func (g *gen) mixed(depth int) string {
	b := g.boundary()
	var parts []string
	for k := 1 + g.n(4); k > 0; k-- {
		switch g.n(6) {
		case 0:
			parts = append(parts, g.image())
		case 1:
			doc := g.document()
			parts = append(parts, "Content-Disposition: attachment; filename=\"notes.txt\"\n"+g.plainPart(doc, g.newCounter()))
		default:
			parts = append(parts, g.entity(depth+1))
		}
	}
	return fmt.Sprintf("Content-Type: multipart/mixed;\n boundary=\"%s\"\n\n", b) + multi(b, parts)
}

// alternative returns a multipart/alternative of a plain text and an HTML
// form of one document, in either order, sometimes with the HTML inside a
// multipart/related with an image.
func (g *gen) alternative() string {
	b := g.boundary()
	doc := g.document()
	c := &counter{g: g, seen: map[string]bool{}}
	plain := g.plainPart(doc, c)
	html := g.htmlPart(doc, c)
	if g.chance(20) {
		rb := g.boundary()
		html = fmt.Sprintf("Content-Type: multipart/related; boundary=\"%s\"\n\n", rb) + multi(rb, []string{html, g.image()})
	}
	parts := []string{plain, html}
	if g.chance(10) {
		parts = []string{html, plain}
	}
	return fmt.Sprintf("Content-Type: multipart/alternative; boundary=\"%s\"\n\n", b) + multi(b, parts)
}

// boundary returns a new boundary, in the styles of common mailers.
func (g *gen) boundary() string {
	g.seq++
	return fmt.Sprintf(pick(g, []string{"----=_Part_%d_%d.%d", "=_b%d_%d_%d", "Apple-Mail-%d-%d-%d"}), g.msg, g.seq, g.n(1000))
}

// multi lays out parts with the boundary lines of RFC 2046 §5.1.1.
func multi(boundary string, parts []string) string {
	var b strings.Builder
	b.WriteString("This is a multi-part message in MIME format.\n")
	for _, p := range parts {
		b.WriteString("\n--" + boundary + "\n")
		b.WriteString(p)
		if !strings.HasSuffix(p, "\n") {
			b.WriteString("\n")
		}
	}
	b.WriteString("\n--" + boundary + "--\n")
	return b.String()
}

// image returns a base64 image/png part, whose bytes hold a URL that is
// not text and must not be found.
func (g *gen) image() string {
	data := "\x89PNG\r\n\x1a\n" + "http://hidden.example/not-text " + strings.Repeat(string(rune('A'+g.n(26))), g.n(200))
	return "Content-Type: image/png; name=\"pic.png\"\nContent-Transfer-Encoding: base64\nContent-Disposition: inline\n\n" + Base64Lines(data)
}

// Base64Lines encodes s in base64 in lines of 76 characters (RFC 2045
// §6.8), as a mail body part.
func Base64Lines(s string) string {
	e := base64.StdEncoding.EncodeToString([]byte(s))
	var b strings.Builder
	for len(e) > 76 {
		b.WriteString(e[:76] + "\n")
		e = e[76:]
	}
	return b.String() + e + "\n"
}

// Base64Run returns n bytes of base64's alphabet and padding, made from
// seed: an inline image's data as an HTML attribute holds it, or a
// tracking parameter's.
func Base64Run(seed uint64, n int) string {
	r := rand.New(rand.NewPCG(seed, 1))
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

// A charset the generator writes text in: its labels, its encoder, and
// words it can encode, for prose and for URL paths.
type charset struct {
	labels   []string
	enc      encoding.Encoding // nil for UTF-8 and US-ASCII
	words    []string
	urlWords []string // non-ASCII path segments; none for US-ASCII
}

var asciiWords = strings.Fields("the draft is at and see also this page for more notes on meeting list archive " +
	"mirror copy please read before friday thanks for your reply here is a link to new version")

var charsets = []charset{
	{[]string{"us-ascii", "US-ASCII"}, nil, nil, nil},
	{[]string{"utf-8", "UTF-8", "utf8"}, nil, strings.Fields("café Grüße 日本語 中文 Привет ñandú"), strings.Fields("café 日本 привет résumé")},
	{[]string{"iso-8859-1", "ISO-8859-1", "latin1"}, charmap.ISO8859_1, strings.Fields("café résumé naïve façade über Grüße"), strings.Fields("café résumé über")},
	{[]string{"iso-8859-2", "ISO-8859-2", "latin2"}, charmap.ISO8859_2, strings.Fields("łódź żółw Kraków český"), strings.Fields("łódź kraków")},
	{[]string{"iso-8859-15", "ISO-8859-15"}, charmap.ISO8859_15, strings.Fields("œuvre café prix €"), strings.Fields("œuvre €uro")},
	{[]string{"windows-1251", "Windows-1251", "cp1251"}, charmap.Windows1251, strings.Fields("привет документ страница"), strings.Fields("документ страница")},
	{[]string{"windows-1252", "Windows-1252", "cp1252"}, charmap.Windows1252, strings.Fields("café naïve € déjà"), strings.Fields("café déjà")},
	{[]string{"koi8-r", "KOI8-R"}, charmap.KOI8R, strings.Fields("привет документ страница"), strings.Fields("документ привет")},
	{[]string{"shift_jis", "Shift_JIS", "sjis"}, japanese.ShiftJIS, strings.Fields("日本語 文書 資料"), strings.Fields("日本 資料")},
	{[]string{"euc-jp", "EUC-JP"}, japanese.EUCJP, strings.Fields("日本語 文書 資料"), strings.Fields("日本 資料")},
	{[]string{"iso-2022-jp", "ISO-2022-JP"}, japanese.ISO2022JP, strings.Fields("日本語 文書 資料"), strings.Fields("日本 資料")},
	{[]string{"gb18030", "GB18030"}, simplifiedchinese.GB18030, strings.Fields("中文 文档 网页"), strings.Fields("中文 文档")},
	{[]string{"gbk", "GBK", "gb2312"}, simplifiedchinese.GBK, strings.Fields("中文 文档 网页"), strings.Fields("中文 文档")},
	{[]string{"big5", "Big5"}, traditionalchinese.Big5, strings.Fields("中文 文件 網頁"), strings.Fields("中文 網頁")},
	{[]string{"euc-kr", "EUC-KR", "ks_c_5601-1987"}, korean.EUCKR, strings.Fields("한국어 문서 페이지"), strings.Fields("한국 문서")},
	{[]string{"utf-16", "UTF-16"}, unicode.UTF16(unicode.BigEndian, unicode.UseBOM), strings.Fields("café 日本語 Привет"), strings.Fields("café 日本")},
}

// A document is what a text part shows: paragraphs of tokens, some of
// them URLs. The plain and HTML renderings show the same URLs.
type document struct {
	cs    *charset
	paras []para
}

type para struct {
	quote int // reply depth: "> " per level
	from  int // 1: the paragraph starts "From ", 2: ">From "
	toks  []tok
}

// tok is a word or a URL.
type tok struct {
	word string
	url  string // the URL as written, non-ASCII kept
	form int    // how a URL is written in plain text
	// how it is followed in plain text: "", ".", ","; or "(" ")" around it
	punct string
}

const (
	formBare    = iota
	formAngle   // <URL>
	formWrapper // <URL:URL>, may be broken across lines after a "/"
	formWWW     // bare, "www." host, no scheme
	nForms
)

func (g *gen) document() *document {
	d := &document{cs: &charsets[g.n(len(charsets))]}
	for k := 1 + g.n(4); k > 0; k-- {
		var p para
		if g.chance(20) {
			p.quote = 1 + g.n(2)
		}
		if p.quote == 0 && g.chance(10) {
			p.from = 1 + g.n(2)
		}
		for w := 3 + g.n(25); w > 0; w-- {
			if g.chance(12) {
				p.toks = append(p.toks, g.urlTok(d.cs))
			} else {
				p.toks = append(p.toks, tok{word: g.word(d.cs)})
			}
		}
		d.paras = append(d.paras, p)
	}
	return d
}

func (g *gen) word(cs *charset) string {
	if len(cs.words) > 0 && g.chance(25) {
		return pick(g, cs.words)
	}
	return pick(g, asciiWords)
}

func (g *gen) urlTok(cs *charset) tok {
	t := tok{form: g.n(nForms)}
	switch {
	case t.form == formWWW:
		g.seq++
		t.url = fmt.Sprintf("www.example.com/%s/%d.html", pick(g, asciiWords), g.seq)
	case len(cs.urlWords) > 0 && g.chance(25):
		// A non-ASCII path: in brackets, as a bare URL would end at CJK
		// or a symbol.
		g.seq++
		t.url = fmt.Sprintf("http://intl.example.com/%s/%d", pick(g, cs.urlWords), g.seq)
		if t.form == formBare {
			t.form = formAngle
		}
	default:
		t.url = g.asciiURL()
	}
	if t.form == formBare || t.form == formWWW {
		t.punct = pick(g, []string{"", "", "", ".", ",", "()"})
	}
	return t
}

// asciiURL returns a new URL of ASCII characters.
func (g *gen) asciiURL() string {
	g.seq++
	hosts := []string{"www.example.com", "example.org", "lists.example.net", "docs.example.io", "a-b.example.edu"}
	var path strings.Builder
	for k := g.n(4); k > 0; k-- {
		path.WriteString(pick(g, []string{"docs", "pub", "archive", "2024", "draft-uri-03", "meeting_notes", "~bob", "a.b"}))
		path.WriteString("/")
	}
	fmt.Fprintf(&path, "n%d", g.seq)
	switch g.n(4) {
	case 0:
		path.WriteString(".html")
	case 1:
		path.WriteString("/")
	}
	switch g.n(6) {
	case 0:
		fmt.Fprintf(&path, "?id=%d&lang=en", g.n(1000))
	case 1:
		fmt.Fprintf(&path, "?q=a+b&x=%d", g.n(100))
	case 2:
		path.WriteString("#sec-2")
	}
	switch g.n(10) {
	case 0:
		return fmt.Sprintf("ftp://ftp.example.edu/pub/%s", strings.ReplaceAll(strings.ReplaceAll(path.String(), "?", "/"), "#", "/"))
	case 1, 2, 3:
		return fmt.Sprintf("https://%s/%s", pick(g, hosts), path.String())
	default:
		return fmt.Sprintf("http://%s/%s", pick(g, hosts), path.String())
	}
}

// plainPart returns a text/plain part showing doc: as text with hard line
// breaks or as format=flowed, in the document's charset, in a transfer
// encoding.
func (g *gen) plainPart(doc *document, c *counter) string {
	label := pick(g, doc.cs.labels)
	params := "; charset=" + label
	if g.chance(30) {
		params = `; charset="` + label + `"`
	}
	var text string
	switch g.n(4) {
	case 0:
		text = g.flowed(doc, false, c)
		params += "; format=flowed"
	case 1:
		text = g.flowed(doc, true, c)
		params += "; format=flowed; delsp=yes"
	default:
		text = g.plain(doc, c)
	}
	return g.encodeBody("text/plain"+params, doc.cs, text)
}

// plain renders doc as text with hard line breaks about 72 wide: quoted
// paragraphs with "> " before each line, wrappers broken after a "/".
func (g *gen) plain(doc *document, c *counter) string {
	var b strings.Builder
	for i, p := range doc.paras {
		if i > 0 {
			b.WriteString("\n")
		}
		prefix := strings.Repeat("> ", p.quote)
		width := 50 + g.n(30)
		b.WriteString(prefix)
		col := len(prefix)
		switch p.from {
		case 1:
			b.WriteString("From the minutes,")
			col += 17
		case 2:
			b.WriteString(">From the old list,")
			col += 19
		}
		first := p.from == 0
		for _, t := range p.toks {
			if p.from == 2 && t.form == formWrapper {
				// A line starting ">" is quoted text to the scanner, and
				// a wrapper in it ends at a line without the ">".
				t.form = formAngle
			}
			s := g.plainTok(t, c)
			if !first {
				if col+1+len(firstLine(s)) > width {
					b.WriteString("\n" + prefix)
					col = len(prefix)
				} else {
					b.WriteString(" ")
					col++
				}
			}
			first = false
			if i := strings.LastIndexByte(s, '\n'); i >= 0 {
				col = len(prefix) + len(s) - i - 1
				s = strings.ReplaceAll(s, "\n", "\n"+prefix)
			} else {
				col += len(s)
			}
			b.WriteString(s)
		}
		b.WriteString("\n")
	}
	if g.chance(20) {
		b.WriteString("\n-- \nAlice <alice@example.org>\n")
	}
	return b.String()
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// plainTok writes a token as plain text, recording its URL.
func (g *gen) plainTok(t tok, c *counter) string {
	if t.url == "" {
		return t.word
	}
	c.add(t.url)
	var s string
	switch t.form {
	case formAngle:
		s = "<" + t.url + ">"
	case formWrapper:
		u := t.url
		// Break after a "/" of the path, the next line indented or not.
		if i := strings.LastIndexByte(u, '/'); i > strings.Index(u, "//")+2 && i < len(u)-1 && g.chance(50) {
			u = u[:i+1] + "\n" + pick(g, []string{"", " ", "    "}) + u[i+1:]
		}
		s = "<URL:" + u + ">"
	default:
		s = t.url
	}
	switch t.punct {
	case "()":
		s = "(" + s + ")"
	default:
		s += t.punct
	}
	return s
}

// flowed renders doc as format=flowed text (RFC 3676): paragraphs are
// lines broken with a trailing space, quoted ones one level deep; with
// delsp, URLs are broken anywhere too.
func (g *gen) flowed(doc *document, delsp bool, c *counter) string {
	var b strings.Builder
	for i, p := range doc.paras {
		if i > 0 {
			b.WriteString("\n")
		}
		prefix := ""
		if p.quote > 0 {
			prefix = "> "
		}
		// The paragraph's words, each URL as angle or bare (no line
		// breaks inside wrappers here), joined by single spaces.
		var words []string
		if p.from == 1 {
			words = append(words, "From", "the", "minutes,")
		}
		for _, t := range p.toks {
			if t.url != "" && t.form == formWrapper {
				t.form = formAngle
			}
			words = append(words, g.plainTok(t, c))
		}
		width := 30 + g.n(40)
		var lines []string
		line := ""
		for _, w := range words {
			if delsp && len(w) > width && g.chance(70) {
				// Break a long word (a URL) anywhere: "SP CRLF", the
				// space deleted when the lines are joined.
				if line != "" {
					lines = append(lines, line+"  ") // a real space, and the deleted one
					line = ""
				}
				for len(w) > width {
					cut := 5 + g.n(width-5)
					for !utf8.RuneStart(w[cut]) {
						cut++ // never inside a character
					}
					lines = append(lines, w[:cut]+" ")
					w = w[cut:]
				}
				line = w
				continue
			}
			switch {
			case line == "":
				line = w
			case len(line)+1+len(w) > width:
				if delsp {
					lines = append(lines, line+"  ")
				} else {
					lines = append(lines, line+" ")
				}
				line = w
			default:
				line += " " + w
			}
		}
		lines = append(lines, line)
		for _, l := range lines {
			if prefix == "" && (strings.HasPrefix(l, " ") || strings.HasPrefix(l, ">") || strings.HasPrefix(l, "From ")) {
				l = " " + l // space-stuffing, RFC 3676 §4.4
			}
			b.WriteString(prefix + l + "\n")
		}
	}
	return b.String()
}

// htmlPart returns a text/html part showing doc.
func (g *gen) htmlPart(doc *document, c *counter) string {
	label := pick(g, doc.cs.labels)
	return g.encodeBody("text/html; charset="+label, doc.cs, g.html(doc, c))
}

// html renders doc as HTML: each URL as a link (its text the URL or
// words), as text, or as an image; with a style sheet whose background
// image is a URL a reader of the mail sees (its link target, as
// mailbox reads it), a script whose URL is where the page sends its
// reader (mailbox reads a script's URLs too), and a comment holding a URL
// that is not shown.
func (g *gen) html(doc *document, c *counter) string {
	var b strings.Builder
	b.WriteString("<html><head>")
	if g.chance(30) {
		u := fmt.Sprintf("http://style.example/%d.png", g.msg)
		fmt.Fprintf(&b, "<style>body { background: url(%s) }</style>\n", u)
		c.add(u)
	}
	if g.chance(30) {
		u := fmt.Sprintf("http://tracker.example/%d?a=1", g.msg)
		fmt.Fprintf(&b, "<script>var t = \"%s\";</script>\n", u)
		c.add(u)
	}
	b.WriteString("</head>\n<body>\n")
	if g.chance(20) {
		fmt.Fprintf(&b, "<!-- http://comment.example/%d -->\n", g.msg)
	}
	for _, p := range doc.paras {
		if p.quote > 0 {
			b.WriteString("<blockquote>")
		}
		b.WriteString("<p>")
		switch p.from {
		case 1:
			b.WriteString("From the minutes,")
		case 2:
			b.WriteString("&gt;From the old list,")
		}
		for i, t := range p.toks {
			if i > 0 || p.from != 0 {
				if g.chance(10) {
					b.WriteString("\n")
				} else {
					b.WriteString(" ")
				}
			}
			if t.url == "" {
				b.WriteString(htmlEscape(t.word))
				continue
			}
			b.WriteString(g.htmlURL(t, c))
		}
		b.WriteString("</p>")
		if p.quote > 0 {
			b.WriteString("</blockquote>")
		}
		b.WriteString("\n")
	}
	b.WriteString("</body></html>\n")
	return b.String()
}

func (g *gen) htmlURL(t tok, c *counter) string {
	u := t.url
	href := u
	if t.form == formWWW {
		href = "http://" + u
	}
	c.add(href)
	ascii := isASCII(u)
	if !ascii {
		// Mail clients percent-encode the href, and show text.
		href = Canonical(u)
	}
	switch r := g.n(10); {
	case r < 3 && ascii && t.form != formWWW:
		return `<a href="` + htmlEscape(href) + `">` + htmlEscape(u) + "</a>"
	case r < 6 || !ascii:
		return `<a href="` + htmlEscape(href) + `">` + pick(g, []string{"this page", "the link", "here"}) + "</a>"
	case r < 7:
		c.add(href) // an image beside it: the same URL again, or not
		return `<img src="` + htmlEscape(href) + `" alt="pic"> ` + `<a href="` + htmlEscape(href) + `">the image</a>`
	case r < 8:
		return "&lt;URL:" + htmlEscape(u) + "&gt;"
	default:
		return htmlEscape(u)
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

var htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func htmlEscape(s string) string { return htmlEscaper.Replace(s) }

// encodeBody returns the Content-Type and Content-Transfer-Encoding
// fields, an empty line and text converted to the charset and encoded.
func (g *gen) encodeBody(contentType string, cs *charset, text string) string {
	data := text
	if cs.enc != nil {
		var err error
		if data, err = cs.enc.NewEncoder().String(text); err != nil {
			panic("mailgen: cannot encode " + fmt.Sprintf("%q in %s: %v", text, cs.labels[0], err))
		}
	}
	cte := ""
	switch r := g.n(10); {
	case r < 3 || cs.labels[0] == "utf-16":
		cte, data = "base64", Base64Lines(data)
	case r < 7:
		cte, data = "quoted-printable", g.qp(data)
	case isASCII(data):
		cte = pick(g, []string{"7bit", ""})
	default:
		cte = "8bit"
	}
	h := "Content-Type: " + contentType + "\n"
	if cte != "" {
		h += "Content-Transfer-Encoding: " + pick(g, []string{cte, strings.ToUpper(cte)}) + "\n"
	}
	return h + "\n" + data
}

// qp encodes data in quoted-printable (RFC 2045 §6.7), lines at most 76
// wide, with soft line breaks also at random places: inside URLs too.
func (g *gen) qp(data string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	col := 0
	soft := func() {
		b.WriteString("=\n")
		col = 0
	}
	for i := 0; i < len(data); i++ {
		c := data[i]
		if c == '\n' {
			b.WriteByte('\n')
			col = 0
			continue
		}
		var enc string
		switch {
		case c == ' ' || c == '\t':
			if i+1 == len(data) || data[i+1] == '\n' {
				enc = "=" + string(hex[c>>4]) + string(hex[c&15]) // white space at a line's end
			} else {
				enc = string(c)
			}
		case c < 33 || c > 126 || c == '=':
			enc = "=" + string(hex[c>>4]) + string(hex[c&15])
		default:
			enc = string(c)
		}
		if col+len(enc) > 75 || g.chance(3) {
			soft()
		}
		b.WriteString(enc)
		col += len(enc)
	}
	if col > 0 {
		b.WriteString("\n")
	}
	return b.String()
}
