// Package redact hides passwords in what urlgrep shows (RFC 1738 §6:
// "the password ... should not be displayed"): in the lines shown around
// URLs, whatever URLs they hold, and inside a mail security gateway's
// redirect, whose target may carry one percent-encoded. It is the output
// layer's: every byte that leaves the process with --redact passes here
// or through rfc1738's redaction of a parsed URL.
package redact

import (
	"bytes"
	"io"
	"net/url"
	"strings"

	"github.com/urlgrep/urlgrep/rfc1738"
	"github.com/urlgrep/urlgrep/unwrap"
)

// Spans returns text with every password in it replaced by "xxxxx": in
// each URL span (rfc1738.RedactRaw, which knows a URL broken across
// lines), and in every other word of the text that holds "//", for a
// line shows the other URLs on it too. The spans move to match.
func Spans(text []byte, spans [][2]int) ([]byte, [][2]int) {
	var out []byte
	moved := make([][2]int, len(spans))
	last := 0
	for i, sp := range spans {
		out = AppendWords(out, text[last:sp[0]])
		start := len(out)
		out = append(out, rfc1738.RedactRaw(string(text[sp[0]:sp[1]]), nil)...)
		moved[i] = [2]int{start, len(out)}
		last = sp[1]
	}
	return AppendWords(out, text[last:]), moved
}

// AppendWords appends text to b, each word that holds "//" with its
// password, if it has one, replaced, and the password of a redirect's
// target inside it.
func AppendWords(b, text []byte) []byte {
	for len(text) > 0 {
		i := bytes.IndexAny(text, " \t\r\n")
		if i < 0 {
			i = len(text)
		}
		if word := text[:i]; bytes.Contains(word, []byte("//")) {
			w := rfc1738.RedactRaw(string(word), nil)
			if u, _ := rfc1738.ParseLenient(string(word)); u != nil {
				if t, _, ok := unwrap.Unwrap(u); ok {
					w = In(Target(t), w) // a redirect's target's password
				}
			}
			b = append(b, w...)
		} else {
			b = append(b, word...)
		}
		if i < len(text) {
			b = append(b, text[i])
			i++
		}
		text = text[i:]
	}
	return b
}

// Target returns the replacer that hides the password of target, a
// redirect's target, in each form a redirect link may write it: as is,
// percent-encoded (upper or lower case hex), or Proofpoint v2's
// "-3A...-40"; nil when it has none.
func Target(target string) *strings.Replacer {
	u, _ := rfc1738.ParseLenient(target)
	if u == nil || !u.HasPassword || u.Password == "" {
		return nil
	}
	start, end, _ := u.PasswordSpan()
	var pairs []string
	for _, pw := range []string{u.Password, target[start:end]} {
		plain, hidden := ":"+pw+"@", ":xxxxx@"
		q, qh := url.QueryEscape(plain), url.QueryEscape(hidden)
		pairs = append(pairs, plain, hidden, q, qh, strings.ToLower(q), strings.ToLower(qh),
			strings.ReplaceAll(q, "%", "-"), strings.ReplaceAll(qh, "%", "-"))
	}
	return strings.NewReplacer(pairs...)
}

// In returns s with what h hides hidden; h nil hides nothing.
func In(h *strings.Replacer, s string) string {
	if h == nil {
		return s
	}
	return h.Replace(s)
}

// Reader passes text on with AppendWords applied: the words of a text
// that holds URLs, as --linkify renders them. It holds at most one word
// of up to MaxWord bytes; a longer one is passed on as it is read.
type Reader struct {
	r    io.Reader
	buf  []byte // read, not yet redacted: an unfinished word
	out  []byte // redacted, not yet returned
	done bool
	err  error
}

// MaxWord bounds the word a Reader holds.
const MaxWord = 64 << 10

// NewReader returns a Reader of r.
func NewReader(r io.Reader) *Reader { return &Reader{r: r} }

// Read returns the redacted text.
func (rr *Reader) Read(p []byte) (int, error) {
	for len(rr.out) == 0 {
		if rr.done {
			return 0, rr.err
		}
		chunk := make([]byte, 32<<10)
		n, err := rr.r.Read(chunk)
		rr.buf = append(rr.buf, chunk[:n]...)
		cut := bytes.LastIndexAny(rr.buf, " \t\r\n") + 1
		if err != nil {
			rr.done, rr.err, cut = true, err, len(rr.buf)
		} else if cut == 0 && len(rr.buf) > MaxWord {
			cut = len(rr.buf)
		}
		rr.out = AppendWords(rr.out[:0], rr.buf[:cut])
		rr.buf = append(rr.buf[:0], rr.buf[cut:]...)
	}
	n := copy(p, rr.out)
	rr.out = rr.out[n:]
	return n, nil
}
