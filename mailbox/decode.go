package mailbox

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// decode returns the text of a leaf part: its transfer encoding undone,
// converted from its charset to UTF-8, format=flowed lines joined, and for
// HTML the link targets and visible text.
func (r *Reader) decode(body io.Reader, h header, mediatype string, params map[string]string, path string) io.Reader {
	report := func(err error) { r.report(path, err) }
	switch cte := strings.ToLower(strings.TrimSpace(h.get("Content-Transfer-Encoding"))); cte {
	case "quoted-printable":
		// Soft line breaks ("=" at a line's end) go, so a URL the sender's
		// client split comes out whole; "=3D" becomes "=".
		// Its lines are held whole: up to 16 KiB, as for a message's body,
		// not the 4 KiB mime/quotedprintable gives a part.
		body = &checked{r: quotedprintable.NewReader(reuse(&r.qpBR, body)), report: report, what: "quoted-printable"}
	case "base64":
		body = &checked{r: base64.NewDecoder(base64.StdEncoding, &base64Filter{r: body}), report: report, what: "base64"}
	case "", "7bit", "8bit", "binary":
	default:
		report(fmt.Errorf("unknown Content-Transfer-Encoding %q, read as it is", cte))
	}
	if cs := params["charset"]; cs != "" {
		if enc, err := charset(cs); err != nil {
			report(fmt.Errorf("unknown charset %q, read as bytes", cs))
		} else if enc != nil {
			body = transform.NewReader(body, enc.NewDecoder())
		}
	}
	if mediatype == "text/plain" && strings.EqualFold(params["format"], "flowed") {
		body = &flowed{br: reuse(&r.flowBR, body), delsp: strings.EqualFold(params["delsp"], "yes")}
	}
	if mediatype == "text/html" {
		body = newHTMLText(body, report)
	}
	return body
}

// charset returns the decoder for a charset name, nil for UTF-8 and
// US-ASCII (read as they are), or an error for an unknown name. Names are
// looked up as the WHATWG Encoding Standard labels them (which covers
// ISO-8859-x, windows-125x, KOI8-R/U, Shift_JIS, EUC-JP, ISO-2022-JP,
// GB18030, GBK, Big5, EUC-KR, UTF-16), then in the IANA registry.
func charset(name string) (encoding.Encoding, error) {
	n := strings.ToLower(strings.Trim(strings.TrimSpace(name), `"'`))
	switch n {
	case "utf-8", "utf8", "us-ascii", "ascii", "x-unknown", "unknown-8bit":
		return nil, nil
	case "utf-16":
		// RFC 2781 §4.3: the BOM says which; big-endian without one. (The
		// WHATWG label means little-endian, the BOM sniffed beforehand.)
		return unicode.UTF16(unicode.BigEndian, unicode.UseBOM), nil
	}
	// WHATWG maps ISO-2022-KR, HZ and others to its "replacement"
	// encoding, one U+FFFD for the whole text; mail is better read as
	// bytes than lost.
	if e, err := htmlindex.Get(n); err == nil && e != encoding.Replacement {
		return e, nil
	}
	if e, err := ianaindex.IANA.Encoding(n); err == nil && e != nil {
		return e, nil
	}
	return nil, errors.New("unknown charset")
}

// decodeWords decodes the RFC 2047 encoded words of a header value, in any
// charset charset knows; a word it cannot decode stays as it is.
func decodeWords(s string) string {
	if !strings.Contains(s, "=?") {
		return s
	}
	d := mime.WordDecoder{CharsetReader: func(cs string, input io.Reader) (io.Reader, error) {
		enc, err := charset(cs)
		if err != nil {
			return nil, err
		}
		if enc == nil {
			return input, nil
		}
		return transform.NewReader(input, enc.NewDecoder()), nil
	}}
	if out, err := d.DecodeHeader(s); err == nil {
		return out
	}
	return s
}

// checked passes a decoder's output on, and turns its error into a
// reported problem and the end of the part: what was decoded stands, and
// the next part is read.
type checked struct {
	r      io.Reader
	report func(error)
	what   string
	done   bool
}

func (c *checked) Read(p []byte) (int, error) {
	if c.done {
		return 0, io.EOF
	}
	n, err := c.r.Read(p)
	if err != nil && err != io.EOF {
		c.report(fmt.Errorf("broken %s: %v", c.what, err))
		err = io.EOF
	}
	if err == io.EOF {
		c.done = true
	}
	return n, err
}

// base64Filter drops what base64 cannot hold (spaces, tabs, stray
// characters) before the decoder sees it; line breaks the decoder skips.
type base64Filter struct{ r io.Reader }

func (f *base64Filter) Read(p []byte) (int, error) {
	for {
		n, err := f.r.Read(p)
		j := 0
		for _, c := range p[:n] {
			if base64Byte[c] {
				p[j] = c
				j++
			}
		}
		if j > 0 || err != nil {
			return j, err
		}
	}
}

// base64Byte is true for the bytes base64Filter keeps: the alphabet, "="
// and the line breaks the decoder skips itself.
var base64Byte = func() (t [256]bool) {
	for _, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=\r\n" {
		t[c] = true
	}
	return t
}()

// flowed undoes RFC 3676 format=flowed: a line that ends in a space (a
// soft line break) is joined to the next line of the same quote depth,
// less the next line's quote marks; with DelSp=yes the space goes too
// (§4.2); a space-stuffed line loses its first space (§4.4). The
// signature separator "-- " is not a soft break (§4.3).
type flowed struct {
	br     *bufio.Reader
	delsp  bool
	out    []byte
	joined bool // the previous line was a soft break: this one continues it
	depth  int  // its quote depth
	err    error
}

func (f *flowed) Read(p []byte) (int, error) {
	for len(f.out) == 0 {
		if f.err != nil {
			return 0, f.err
		}
		line, err := f.br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// A line longer than the buffer: pass it on as it is.
			f.out = append(f.out[:0], line...)
			continue
		}
		f.err = err
		if len(line) == 0 {
			continue
		}
		f.out = f.unflow(f.out[:0], line)
	}
	n := copy(p, f.out)
	f.out = f.out[n:]
	return n, nil
}

func (f *flowed) unflow(out, line []byte) []byte {
	content := bytes.TrimRight(line, "\r\n")
	depth := 0
	for depth < len(content) && content[depth] == '>' {
		depth++
	}
	quote, text := content[:depth], content[depth:]
	if len(text) > 0 && text[0] == ' ' {
		text = text[1:] // space-stuffing, or the space after quote marks
	}
	if !f.joined || depth != f.depth {
		if f.joined {
			out = append(out, '\n') // a soft break before a change of depth is hard
		}
		out = append(out, quote...)
		if depth > 0 {
			out = append(out, ' ')
		}
	}
	soft := len(text) > 0 && text[len(text)-1] == ' ' && string(text) != "-- "
	if soft && f.delsp {
		text = text[:len(text)-1]
	}
	out = append(out, text...)
	if !soft {
		out = append(out, '\n')
	}
	f.joined, f.depth = soft, depth
	return out
}

// htmlText reads an HTML document as the text a reader sees and the link
// targets behind it: each href, src and cite value on a line of its own,
// then the visible text; script and style contents are left out and tags
// end lines, so that a URL never runs into the text beside it. A link
// whose text is its own target is reported once.
type htmlText struct {
	z      *html.Tokenizer
	report func(error)
	out    []byte
	skip   int    // inside script or style
	href   string // the target of the open <a>
	done   bool
}

func newHTMLText(r io.Reader, report func(error)) *htmlText {
	z := html.NewTokenizer(r)
	z.SetMaxBuf(1 << 20)
	return &htmlText{z: z, report: report}
}

func (h *htmlText) Read(p []byte) (int, error) {
	for len(h.out) == 0 {
		if h.done {
			return 0, io.EOF
		}
		h.next()
	}
	n := copy(p, h.out)
	h.out = h.out[n:]
	return n, nil
}

func (h *htmlText) next() {
	switch h.z.Next() {
	case html.ErrorToken:
		h.done = true
		if err := h.z.Err(); err != io.EOF {
			// A token longer than the buffer (a huge inline image):
			// the rest of the part is lost, and said to be.
			h.report(fmt.Errorf("html: %v, rest of the part skipped", err))
		}
	case html.StartTagToken, html.SelfClosingTagToken:
		name, hasAttr := h.z.TagName()
		tag := string(name)
		if tag == "script" || tag == "style" {
			h.skip++
		}
		for hasAttr {
			var k, v []byte
			k, v, hasAttr = h.z.TagAttr()
			switch string(k) {
			case "href", "src", "cite", "action", "background":
				// A link target is delimited by its attribute's quotes:
				// written in angle brackets, it is read whole by the
				// wrapper rules, spaces, CJK and all, not cut as running
				// text would be.
				v = bytes.TrimSpace(v)
				h.out = append(h.out, '\n')
				if len(v) > 0 && bytes.IndexAny(v, "<>") < 0 {
					// As browsers read a target: tabs and line breaks
					// dropped, a space sent as %20 (not ignored, as the
					// appendix ignores whitespace in a wrapper).
					h.out = append(h.out, '<')
					for _, c := range v {
						switch c {
						case '\t', '\r', '\n':
						case ' ':
							h.out = append(h.out, "%20"...)
						default:
							h.out = append(h.out, c)
						}
					}
					h.out = append(h.out, '>')
				} else {
					h.out = append(h.out, v...)
				}
				h.out = append(h.out, '\n')
				if tag == "a" && string(k) == "href" {
					h.href = string(bytes.TrimSpace(v))
				}
			}
		}
		h.out = append(h.out, '\n')
	case html.EndTagToken:
		name, _ := h.z.TagName()
		switch string(name) {
		case "script", "style":
			if h.skip > 0 {
				h.skip--
			}
		case "a":
			h.href = ""
		}
		h.out = append(h.out, '\n')
	case html.TextToken:
		if h.skip > 0 {
			return
		}
		text := h.z.Text() // entities decoded
		if h.href != "" && string(bytes.TrimSpace(text)) == h.href {
			return
		}
		h.out = append(h.out, text...)
	}
}
