package mailbox

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/urlgrep/urlgrep/internal/ascii"
)

// charset returns the decoder for a charset name, nil for UTF-8 and
// US-ASCII (read as they are), or an error for an unknown name. Names are
// looked up as the WHATWG Encoding Standard labels them (which covers
// ISO-8859-x, windows-125x, KOI8-R/U, Shift_JIS, EUC-JP, ISO-2022-JP,
// GB18030, GBK, Big5, EUC-KR, UTF-16), then in the IANA registry; UTF-7,
// in neither, is this package's (utf7).
func charset(name string) (encoding.Encoding, error) {
	n := strings.ToLower(strings.Trim(strings.TrimSpace(name), `"'`))
	switch n {
	case "utf-8", "utf8", "us-ascii", "ascii", "x-unknown", "unknown-8bit":
		return nil, nil
	case "utf-16":
		// RFC 2781 §4.3: the BOM says which; big-endian without one. (The
		// WHATWG label means little-endian, the BOM sniffed beforehand.)
		return unicode.UTF16(unicode.BigEndian, unicode.UseBOM), nil
	case "utf-7", "utf7", "x-utf-7", "csutf7", "unicode-1-1-utf-7", "csunicode11utf7":
		return utf7{}, nil // RFC 2152; IANA's names and their aliases
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
	if cs, ok := gdiCharsets[strings.TrimSuffix(n, "_charset")]; ok {
		return charset(cs)
	}
	return nil, errors.New("unknown charset")
}

// gdiCharsets are Windows' font character set names (wingdi.h's
// LOGFONT lfCharSet constants, "GB2312_CHARSET", "CHINESEBIG5", without
// their "_CHARSET" as some mailers write them) that mailers of Outlook
// Express's time put in Content-Type (in SpamAssassin's public corpus,
// one message in 120), with the code page each stands for. Their
// DEFAULT_CHARSET, the system's own code page, names none: such text is
// still read as bytes, with a note.
var gdiCharsets = map[string]string{
	"ansi":        "windows-1252",
	"easteurope":  "windows-1250",
	"russian":     "windows-1251",
	"greek":       "windows-1253",
	"turkish":     "windows-1254",
	"hebrew":      "windows-1255",
	"arabic":      "windows-1256",
	"baltic":      "windows-1257",
	"vietnamese":  "windows-1258",
	"thai":        "windows-874",
	"shiftjis":    "shift_jis",
	"hangeul":     "euc-kr",
	"hangul":      "euc-kr",
	"gb2312":      "gbk",
	"chinesebig5": "big5",
	"oem":         "ibm437",
	"mac":         "macintosh",
}

// asciiCompatible reports whether enc's decoder turns every ASCII byte
// into itself whatever came before: a single-byte charset (ISO 8859-*,
// windows-125*, KOI8) whose lower half is ASCII, not EBCDIC, nor a stateful
// one such as ISO-2022-JP, where the same bytes mean other characters
// after an escape. Lines of such bytes need no decoding.
func asciiCompatible(enc encoding.Encoding) bool {
	cm, ok := enc.(*charmap.Charmap)
	if !ok {
		return false
	}
	if v, ok := asciiCharmaps.Load(cm); ok {
		return v.(bool)
	}
	same := true
	for c := range 0x80 {
		if cm.DecodeByte(byte(c)) != rune(c) {
			same = false
			break
		}
	}
	asciiCharmaps.Store(cm, same)
	return same
}

var asciiCharmaps sync.Map // *charmap.Charmap -> bool

// isASCII reports whether data has only ASCII bytes. It reads 16 bytes a
// step, as two words whose high bits it tests at once: a part whose
// charset is not UTF-8 is checked chunk by chunk before its decoder is
// skipped (body.charset), and the loop of a byte a step was 2-3% of mail
// decoding on SpamAssassin's public corpus.
func isASCII(data []byte) bool {
	for len(data) >= 16 {
		if (binary.LittleEndian.Uint64(data)|binary.LittleEndian.Uint64(data[8:]))&0x8080808080808080 != 0 {
			return false
		}
		data = data[16:]
	}
	for _, c := range data {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// decodeWords decodes the RFC 2047 encoded words of a header value, in any
// charset charset knows; a word it cannot decode stays as it is
// (appendWords).
func decodeWords(s string) string {
	if !strings.Contains(s, "=?") {
		return s
	}
	if out, ok := appendWords(nil, s); ok {
		return string(out)
	}
	return s
}

// appendWords appends to dst the header value s with its RFC 2047 encoded
// words decoded, as mime.WordDecoder's DecodeHeader decodes them with
// charset's charsets, and returns ok false (dst as it was) where
// DecodeHeader fails: a word in a charset charset does not know. A word it
// cannot decode (broken base64, a bad escape, no such encoding) stays as
// written. Words in UTF-8, ISO-8859-1 and US-ASCII are decoded in dst, with
// no allocation: Microsoft 365 adds to every message it carries a field of
// base64 words 10-20 KB long (X-Microsoft-Antispam-Message-Info), which
// DecodeHeader decoded into buffers of its own, a third of what a corpus
// of 7,910 phishing messages allocated (FuzzAppendWords compares the two).
func appendWords(dst []byte, s string) ([]byte, bool) {
	i := strings.Index(s, "=?")
	if i < 0 {
		return append(dst, s...), true
	}
	orig := len(dst)
	dst = append(dst, s[:i]...)
	s = s[i:]
	betweenWords := false
	for {
		start := strings.Index(s, "=?")
		if start < 0 {
			break
		}
		cur := start + 2
		q := strings.IndexByte(s[cur:], '?')
		if q < 0 {
			break
		}
		cs := s[cur : cur+q]
		cur += q + 1
		if len(s) < cur+len("Q??=") {
			break
		}
		enc := s[cur]
		cur++
		if s[cur] != '?' {
			break
		}
		cur++
		j := strings.Index(s[cur:], "?=")
		if j < 0 {
			break
		}
		text := s[cur : cur+j]
		end := cur + j + 2
		// The separator before the word goes in first, where it is kept;
		// the decoded word is appended after it, or the word as written.
		mark := len(dst)
		if start > 0 && (!betweenWords || hasNonBlank(s[:start])) {
			dst = append(dst, s[:start]...)
		}
		at := len(dst)
		var ok bool
		dst, ok = appendDecoded(dst, enc, text)
		if !ok {
			dst = append(dst[:mark], s[:end]...)
			s = s[end:]
			betweenWords = false
			continue
		}
		if dst, ok = convertWord(dst, at, cs); !ok {
			return dst[:orig], false
		}
		s = s[end:]
		betweenWords = true
	}
	return append(dst, s...), true
}

// appendDecoded appends text, an encoded word's text, decoded from
// encoding B or Q (RFC 2047 §4), as mime decodes it; false when it cannot.
func appendDecoded(dst []byte, enc byte, text string) ([]byte, bool) {
	n := len(dst)
	switch enc {
	case 'B', 'b':
		out, err := base64.StdEncoding.AppendDecode(dst, unsafe.Slice(unsafe.StringData(text), len(text)))
		if err != nil {
			return dst[:n], false
		}
		return out, true
	case 'Q', 'q':
		for i := 0; i < len(text); i++ {
			switch c := text[i]; {
			case c == '_':
				dst = append(dst, ' ')
			case c == '=':
				if i+2 >= len(text) {
					return dst[:n], false
				}
				hi, lo := unhex[text[i+1]], unhex[text[i+2]]
				if hi < 0 || lo < 0 {
					return dst[:n], false
				}
				dst = append(dst, byte(hi)<<4|byte(lo))
				i += 2
			case c >= ' ' && c <= '~' || c == '\n' || c == '\r' || c == '\t':
				dst = append(dst, c)
			default:
				return dst[:n], false
			}
		}
		return dst, true
	}
	return dst, false
}

// convertWord turns dst[at:], a word's decoded bytes in charset cs, into
// UTF-8 as mime's WordDecoder does: UTF-8 as it is, ISO-8859-1 a rune a
// byte, US-ASCII with U+FFFD for each byte past it, any other charset
// through charset (false when it knows none).
func convertWord(dst []byte, at int, cs string) ([]byte, bool) {
	content := dst[at:]
	switch {
	case strings.EqualFold(cs, "utf-8"):
		return dst, true
	case strings.EqualFold(cs, "iso-8859-1"), strings.EqualFold(cs, "us-ascii"):
		if isASCII(content) {
			return dst, true
		}
		latin1 := strings.EqualFold(cs, "iso-8859-1")
		out := dst[:at]
		for _, c := range bytes.Clone(content) { // written over as it is read
			switch {
			case c < utf8.RuneSelf:
				out = append(out, c)
			case latin1:
				out = utf8.AppendRune(out, rune(c))
			default:
				out = utf8.AppendRune(out, utf8.RuneError)
			}
		}
		return out, true
	}
	enc, err := charset(cs) // which folds its case
	if err != nil {
		return dst, false
	}
	if enc == nil {
		return dst, true
	}
	out, _, err := transform.Bytes(enc.NewDecoder(), content)
	if err != nil {
		return dst, false
	}
	return append(dst[:at], out...), true
}

// hasNonBlank reports whether s holds more than the white space that
// separates two encoded words (RFC 2047 §6.2: it is dropped).
func hasNonBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
		default:
			return true
		}
	}
	return false
}

// htmlText reads an HTML document as the text a reader sees and the link
// targets behind it: each href, src and cite value on a line of its own
// (attrTargets has them all: a style attribute's url()s too), and a
// style sheet's URLs at its end, then the visible text; script and style
// contents are left out as text (a search's reader does not even hold
// them, ElideLong, but reads a sheet's URLs, and a script's words that
// hold one, as it drops them: scriptWords) and tags
// end lines, so that a URL never runs into the text beside it, but for
// those that the text runs through as a reader sees it: <wbr>, a line
// break opportunity within a word, and an empty inline element ("<u></u>",
// which Gmail puts into the long URLs of quoted text so that they wrap;
// "http://a.example/?p=<u></u>linux/x" was "http://a.example/?p="). A
// link whose text is its own target is reported once.
type htmlText struct {
	z    *htmlTok
	out  []byte
	val  []byte // an attribute's value unescaped, in a buffer reused for each
	skip int    // inside script or style
	// css reads the URLs of style attributes, sheet those of a style
	// sheet, as the tokenizer drops its bytes (htmlTok.dropped) or gives
	// them; they wait in sheetURLs, each ended by a NUL, for the sheet's
	// end tag. targets counts the targets urlTarget writes.
	css, sheet cssStream
	style      []byte // a style attribute's value unescaped, reused
	inSheet    bool
	sheetURLs  []byte
	script     scriptWords // the words of a script that may hold a URL, written at its end
	targets    int
	href       []byte // the target of the open <a>, in a buffer reused for each
	// inner reads a conditional comment's markup (conditionalTargets),
	// from innerSrc.
	inner    *htmlTok
	innerSrc bytes.Reader
	pending  string // an inline element just opened (inlineTag), whose line break waits on its next token
	// view is a link target too long to copy (htmlViewMin), to be read
	// at viewAt in out: a view of the tokenizer's buffer, valid until
	// the next call to next.
	view     []byte
	viewAt   int
	viewGap  valueGap // where the view lacks the bytes the tokenizer passed over (ElideLong)
	done     bool
	overflow error // a token longer than htmlMaxBuf ended the HTML: the rest is text
}

// htmlMaxBuf bounds the bytes of one HTML token (a huge inline image):
// past it, the rest of the part is read as text.
const htmlMaxBuf = 1 << 20

// reset makes h read the HTML r gives, as a new htmlText would, keeping
// its buffers: a mailbox has an HTML part every other message, and their
// tokenizers' buffers were a third of what mail mode allocated. The
// tokenizer reads its input as a new one does, its buffer grown or not
// (htmlTok.reset).
func (h *htmlText) reset(r io.Reader, elide int) {
	z := h.z
	if z == nil {
		z = newHTMLTok(r, htmlMaxBuf)
	} else {
		z.reset(r, htmlMaxBuf)
	}
	z.legacyComments = true                 // no text lost to a comment left open (readComment)
	z.elideRun, z.slack = elide, elideSlack // ElideLong
	*h = htmlText{z: z, out: keep(h.out), val: keep(h.val), href: keep(h.href), inner: h.inner,
		css: cssStream{arg: h.css.arg[:0], fn: h.css.fn}, sheet: cssStream{arg: h.sheet.arg[:0], fn: h.sheet.fn}, sheetURLs: keep(h.sheetURLs), style: keep(h.style),
		script: scriptWords{word: keep(h.script.word), out: keep(h.script.out)}}
	if h.sheet.fn == nil {
		h.css.fn, h.sheet.fn = h.urlTarget, h.sheetURL
	}
	if z.dropped == nil {
		// Bound once: a method value made at each reset was an
		// allocation a part (TestAlternativeGroupAllocs).
		z.dropped = h.droppedRaw
	}
}

// keep returns b emptied for the next part, or nil when an inline image's
// data: URI of a megabyte grew it past htmlKeepBuf, as the tokenizer lets
// go of such a buffer (htmlTok.reset).
func keep(b []byte) []byte {
	if cap(b) > htmlKeepBuf {
		return nil
	}
	return b[:0]
}

func (h *htmlText) next() {
	h.view, h.viewGap = nil, valueGap{}
	tt := h.z.next()
	pending := h.pending
	h.pending = ""
	if pending != "" && tt != tokEndTag {
		h.out = append(h.out, '\n') // the inline element was not empty
	}
	switch tt {
	case tokError:
		h.endSheet()
		h.endScript()
		h.done = true
		if err := h.z.err; err != io.EOF {
			// A token longer than the buffer (a huge inline image): the
			// rest of the part is read as text, and said to be.
			h.overflow = fmt.Errorf("html: %v; the rest of the part read as text", err)
		}
	case tokStartTag:
		name, hasAttr := h.z.tagName()
		tag := string(name) // no allocation: compared, not kept
		if tag == "script" || tag == "style" {
			h.skip++
		}
		if tag == "style" {
			h.inSheet = true
		}
		isA, isMeta := tag == "a", tag == "meta"
		linked, refresh := false, false
		var content []byte
		for hasAttr {
			var k, raw []byte
			k, raw, hasAttr = h.z.tagAttr()
			if isMeta {
				switch string(k) {
				case "http-equiv":
					refresh = bytes.EqualFold(bytes.TrimSpace(attrValue(h.val[:0], raw)), []byte("refresh"))
				case "content":
					content = append(content[:0], raw...)
				}
				continue
			}
			if v, ok := h.attrTargets(tag, k, raw, true, h.z.tagAttrGap()); ok {
				linked = true
				if isA && string(k) == "href" {
					h.href = append(h.href[:0], v...) // v is trimmed
				}
			}
		}
		if refresh && content != nil {
			// A refresh's target (WHATWG HTML §4.2.5.3, the Refresh
			// state): a redirect, as a link's target is read.
			h.val = attrValue(h.val[:0], content)
			if u := refreshURL(h.val); len(u) > 0 && !bytes.ContainsAny(u, "<>") {
				h.out = append(append(append(h.out, "\n<"...), u...), ">\n"...)
				linked = true
			}
		}
		if !linked {
			if tag == "wbr" {
				return
			}
			if h.pending = inlineTag(tag); h.pending != "" {
				return
			}
		}
		h.out = append(h.out, '\n')
	case tokEndTag:
		name, _ := h.z.tagName()
		if pending != "" {
			if string(name) == pending {
				return // "<u></u>": no break
			}
			h.out = append(h.out, '\n')
		}
		switch string(name) {
		case "script", "style":
			if h.skip > 0 {
				h.skip--
			}
			if string(name) == "style" {
				h.endSheet()
			} else {
				h.endScript()
			}
		case "a":
			h.href = h.href[:0]
		}
		h.out = append(h.out, '\n')
	case tokComment:
		if inner, ok := conditionalComment(h.z.rawToken()); ok {
			h.conditionalTargets(inner)
		}
	case tokText:
		if h.skip > 0 {
			if h.inSheet {
				h.sheet.write(h.z.rawText())
			} else {
				h.script.write(h.z.rawText())
			}
			return
		}
		n := len(h.out)
		h.out = h.z.text(h.out) // entities decoded
		if len(h.href) > 0 && bytes.Equal(bytes.TrimSpace(h.out[n:]), h.href) {
			h.out = h.out[:n]
		}
	}
}

// linkAttr reports whether an attribute named k of a tag holds a link
// target, one URL: those of HTML's index of attributes whose value is a
// URL (HTML Living Standard, "Attributes"), object's data among them,
// and the older ones mail still has (lowsrc, dynsrc, longdesc) and SVG's
// and VML's xlink:href.
func linkAttr(tag string, k []byte) bool {
	switch string(k) {
	case "href", "src", "cite", "action", "background", "poster", "formaction", "longdesc", "lowsrc", "dynsrc", "xlink:href":
		return true
	case "data":
		return tag == "object"
	}
	return false
}

// attrTargets writes the link targets that the attribute k of a tag
// holds, raw as written, each on a line of its own (target), and reports
// whether it holds any: one URL (linkAttr), returned as target returns
// it; the image candidates of a srcset ("URL 2x, URL 640w": HTML's
// srcset attribute), the URLs of a ping (space-separated), and those of
// a style's declarations (cssURLs). mayView and gap are target's, for a
// one-URL value.
func (h *htmlText) attrTargets(tag string, k, raw []byte, mayView bool, gap valueGap) (v []byte, ok bool) {
	if linkAttr(tag, k) {
		return h.target(raw, mayView, gap), true
	}
	switch string(k) {
	case "srcset", "imagesrcset", "ping", "style":
	default:
		return nil, false
	}
	if gap.n > 0 {
		raw = appendGapped(make([]byte, 0, len(raw)+gap.n), raw, gap)
	}
	n := h.targets
	switch string(k) {
	case "style":
		// Its character references first: "url(&quot;…&quot;)", and
		// Outlook's font-family:&quot;Calibri&quot; on every element (in a
		// buffer kept: a copy for each was a fifth more collections).
		if bytes.IndexByte(raw, '&') >= 0 {
			h.style = unescapeAttr(h.style[:0], raw)
			raw = h.style
		}
		h.css.write(raw)
		h.css.close()
	case "ping":
		for f := range bytes.FieldsSeq(raw) {
			h.urlTarget(f)
		}
	default:
		srcsetURLs(raw, h.urlTarget)
	}
	return nil, h.targets > n
}

// sheetURL keeps u, a URL of the style sheet being read, for its end
// (endSheet), within maxSheetURLs.
func (h *htmlText) sheetURL(u []byte) {
	if len(h.sheetURLs)+len(u) < maxSheetURLs {
		h.sheetURLs = append(append(h.sheetURLs, u...), 0)
	}
}

// maxSheetURLs bounds the bytes of the URLs one style sheet gives: a
// sheet of thousands of them gives its first 128 KiB.
const maxSheetURLs = 128 << 10

// endSheet ends the style sheet being read, if one is: its URLs are
// written as link targets, at its end tag however the tokenizer read it.
func (h *htmlText) endSheet() {
	if !h.inSheet {
		return
	}
	h.inSheet = false
	h.sheet.close()
	for u := range bytes.SplitSeq(h.sheetURLs, []byte{0}) {
		if len(u) > 0 {
			h.urlTarget(u)
		}
	}
	h.sheetURLs = h.sheetURLs[:0]
}

// droppedRaw is given the contents of a style sheet or a script that the
// tokenizer drops as it reads them (htmlTok.dropped, ElideLong).
func (h *htmlText) droppedRaw(b []byte) {
	if h.z.rawTag == "script" {
		h.script.write(b)
		return
	}
	h.sheet.write(b)
}

// endScript writes the words of the script just ended that may hold a
// URL (scriptWords), each on a line of its own, as text.
func (h *htmlText) endScript() {
	h.script.endWord()
	if len(h.script.out) > 0 {
		h.out = append(h.out, '\n')
		h.out = append(h.out, h.script.out...)
		h.script.out = h.script.out[:0]
	}
}

// scriptWords keeps, of a script's contents as they come (in pieces of
// any size: the tokenizer's dropped bytes, then the rest), the words
// that may hold a URL: runs between white space, quotes and angle
// brackets that hold "://", or its slashes as a JSON string escapes them
// (":\/\/", ":\u002F"). A script is no text a reader sees, but its
// URLs are where a page sends its reader or its data: a phishing page's
// `$.post('https://.../mail.php', ...)` and `window.location.href = "..."`,
// a newsletter's JSON-LD (`<script type="application/ld+json">`), whose
// URLs Gmail shows as buttons. A word is held up to maxScriptWord bytes
// (a longer one, base64, is passed over), the words kept up to
// maxScriptURLs bytes a script.
type scriptWords struct {
	word []byte
	long bool // the word passed maxScriptWord: passed over to its end
	out  []byte
}

const (
	maxScriptWord = 64 << 10
	maxScriptURLs = 1 << 20
)

// scriptDelim marks the bytes that end a word of a script.
var scriptDelim = func() (t [256]bool) {
	for _, c := range " \t\r\n\f'\"`<>" {
		t[c] = true
	}
	return t
}()

// write reads b, the next bytes of the script: a word may run on from
// the bytes before and into those after.
func (s *scriptWords) write(b []byte) {
	for len(b) > 0 {
		i := 0
		for i < len(b) && !scriptDelim[b[i]] {
			i++
		}
		if !s.long {
			if len(s.word)+i > maxScriptWord {
				s.long, s.word = true, s.word[:0]
			} else {
				s.word = append(s.word, b[:i]...)
			}
		}
		if i == len(b) {
			return
		}
		s.endWord()
		b = b[i+1:]
	}
}

// endWord keeps the word read when it may hold a URL, and starts the next.
func (s *scriptWords) endWord() {
	w := s.word
	s.word, s.long = s.word[:0], false
	if len(w) < 8 || len(s.out)+len(w) >= maxScriptURLs {
		return
	}
	if bytes.Contains(w, []byte("://")) || bytes.Contains(w, []byte(`:\/\/`)) || escapedSlash(w) {
		s.out = append(append(s.out, w...), '\n')
	}
}

// escapedSlash reports whether w holds ":\u002F" (either case), a JSON
// string's "/" after a scheme.
func escapedSlash(w []byte) bool {
	for {
		i := bytes.Index(w, []byte(`:\u002`))
		if i < 0 || i+6 >= len(w) {
			return false
		}
		if w[i+6] == 'f' || w[i+6] == 'F' {
			return true
		}
		w = w[i+6:]
	}
}

// urlTarget writes u, one URL of an attribute's value or of a style
// sheet, as a link target (target), and counts it.
func (h *htmlText) urlTarget(u []byte) {
	h.target(u, false, valueGap{})
	h.targets++
}

// srcsetURLs calls fn with the URL of each image candidate of a srcset
// value, as HTML's "parse a srcset attribute" splits them: white space
// and commas skipped, the URL up to white space (its final commas not
// its own), then descriptors up to a comma outside parentheses.
func srcsetURLs(v []byte, fn func(u []byte)) {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
	for i := 0; i < len(v); {
		for i < len(v) && (isSpace(v[i]) || v[i] == ',') {
			i++
		}
		start := i
		for i < len(v) && !isSpace(v[i]) {
			i++
		}
		u := v[start:i]
		ended := false
		for len(u) > 0 && u[len(u)-1] == ',' {
			u, ended = u[:len(u)-1], true
		}
		if len(u) > 0 {
			fn(u)
		}
		if ended {
			continue
		}
		for depth := 0; i < len(v) && (v[i] != ',' || depth > 0); i++ {
			switch v[i] {
			case '(':
				depth++
			case ')':
				depth = max(0, depth-1)
			}
		}
	}
}

// target writes a link target, raw the value of its attribute as
// written, on a line of its own, and returns the value unescaped and
// trimmed: a view of h.val, or of raw when it holds no character
// reference (so that an inline image's data: URI of a megabyte is not
// copied once more to be unescaped). A link target is delimited by its
// attribute's quotes: written in angle brackets, it is read whole by the
// wrapper rules, spaces, CJK and all, not cut as running text would be.
// With mayView (raw is the tokenizer's, h.z's, which holds it until the
// next call to next), a target of htmlViewMin bytes or more is not
// copied into h.out but left to be read where it is (h.view).
//
// A value with a gap, where the tokenizer passed over the middle of a
// long run of base64 (ElideLong), is a view, whatever its length, with
// the gap filled by as many base64 bytes (gapFill) as it is read, when
// it can be one; otherwise it is copied with the gap filled: the text
// is as long as the value's, and what a scanner finds in it the same.
func (h *htmlText) target(raw []byte, mayView bool, gap valueGap) []byte {
	if gap.n > 0 && !(mayView && h.view == nil && !hasAnyOf(raw, "&\r") && !hasAnyOf(bytes.TrimSpace(raw), "<>\t\n ") && !hasControl(bytes.TrimSpace(raw))) {
		// Rare: such a value with a reference, a space, a control or a
		// bracket, which the copy below rewrites.
		raw, gap = appendGapped(make([]byte, 0, len(raw)+gap.n), raw, gap), valueGap{}
	}
	v := convertNewlines(raw)
	if bytes.IndexByte(v, '&') >= 0 {
		h.val = unescapeAttr(h.val[:0], v)
		v, mayView = h.val, false // h.val serves the next value
	}
	v = bytes.TrimSpace(v)
	h.out = append(h.out, '\n')
	if mayView && (len(v) >= htmlViewMin || gap.n > 0) && h.view == nil && !hasAnyOf(v, "<>\t\r\n ") && !hasControl(v) {
		// An inline image's data: URI of a megabyte: read where the
		// tokenizer holds it, not copied (htmlStep); what the copy below
		// would rewrite (white space, controls, brackets) is not.
		h.out = append(h.out, '<')
		h.view, h.viewAt = v[:len(v):len(v)], len(h.out)
		if gap.n > 0 {
			h.viewGap = valueGap{gap.at - (cap(raw) - cap(v)), gap.n} // v starts cap(raw)-cap(v) bytes into raw
		}
		h.out = append(h.out, ">\n"...)
		return v
	}
	if len(v) > 0 && !bytes.ContainsAny(v, "<>") {
		// As browsers read a target (WHATWG URL Standard, "basic URL
		// parser"): tabs and line breaks dropped, a space sent as %20
		// (not ignored, as the appendix ignores whitespace in a
		// wrapper), and the other controls past the host
		// percent-encoded: a newsletter's
		// "&amp;email_id&#16;64379532&amp;" links to
		// "&email_id%1064379532&", where the wrapper rules would end the
		// URL at the control. In a host a control makes no URL for a
		// browser; it is left as it is, and the URL read up to it, as
		// before (spam's "http://www.a.example\x01\x14.co.fr", which
		// shows the host before it).
		h.out = append(h.out, '<')
		auth, from := authorityEnd(v), 0
		if schemeRelative(v) {
			// A network-path reference (RFC 3986 §4.2: "//host/path"),
			// which a page's scheme completes (§5.2.2): https, as the
			// webmail that mail is read in serves it. Images in 768 of
			// the phishing corpus's 7,910 messages were written so
			// (i.imgur.com, pbs.twimg.com), and read as no URL.
			h.out = append(h.out, "https:"...)
			auth = len(v)
			if j := bytes.IndexAny(v[2:], "/?#"); j >= 0 {
				auth = 2 + j
			}
		}
		for i, c := range v {
			if c > ' ' && c != 0x7f || i < auth && !ascii.IsSpace(c) {
				continue // as it is
			}
			h.out = append(h.out, v[from:i]...)
			if c == ' ' || !ascii.IsSpace(c) {
				h.out = append(h.out, '%', ascii.UpperHex[c>>4], ascii.UpperHex[c&15])
			}
			from = i + 1
		}
		h.out = append(h.out, v[from:]...)
		h.out = append(h.out, '>')
	} else {
		h.out = append(h.out, v...)
	}
	h.out = append(h.out, '\n')
	return v
}

// schemeRelative reports whether v, a link target, is a network-path
// reference (RFC 3986 §4.2): "//" and a host's first character.
func schemeRelative(v []byte) bool {
	return len(v) > 2 && v[0] == '/' && v[1] == '/' && (ascii.IsAlnum(v[2]) || v[2] == '[')
}

// authorityEnd returns where the authority of v, a link target, ends: at
// the first "/", "?" or "#" after its "//" (RFC 3986 §3.2), or its end; 0
// when v has no "//" after a scheme.
func authorityEnd(v []byte) int {
	i := 0
	for i < len(v) && i < 40 && (ascii.IsAlpha(v[i]) || i > 0 && ascii.IsSchemeByte(v[i])) {
		i++ // the scheme (RFC 3986 §3.1)
	}
	if i == 0 || !bytes.HasPrefix(v[i:], []byte("://")) {
		return 0
	}
	i += 3
	if j := bytes.IndexAny(v[i:], "/?#"); j >= 0 {
		return i + j
	}
	return len(v)
}

// hasAnyOf reports whether b holds a byte of set, a few ASCII bytes: a
// vector search for each, which over a megabyte of an inline image's
// data is faster than bytes.ContainsAny's byte at a time.
func hasAnyOf(b []byte, set string) bool {
	for i := 0; i < len(set); i++ {
		if bytes.IndexByte(b, set[i]) >= 0 {
			return true
		}
	}
	return false
}

// appendGapped appends v to dst with its gap filled (gapFill).
func appendGapped(dst, v []byte, gap valueGap) []byte {
	dst = append(dst, v[:gap.at]...)
	for n := gap.n; n > 0; n -= min(n, len(gapFill)) {
		dst = append(dst, gapFill[:min(n, len(gapFill))]...)
	}
	return append(dst, v[gap.at:]...)
}

// gapFill is what fills a value's gap (htmlText.target): base64, as
// what the tokenizer passed over was. No answer shows it: a URL that
// takes in a byte of the run is longer than the scanner's bound.
var gapFill = bytes.Repeat([]byte{'A'}, 16<<10)

// htmlViewMin is the length from which a link target is read where the
// tokenizer holds it (htmlText.view) rather than copied into the text.
const htmlViewMin = 64 << 10

// conditionalComment returns what a downlevel-hidden conditional comment
// holds ("<!--[if mso]>" markup "<![endif]-->"), and whether raw, a
// comment token as written, is one whose markup Outlook reads
// (outlookReads). Other clients read it as a comment;
// Outlook for Windows, which renders mail with Word, reads what it holds
// as markup: the VML of a "bulletproof" button ("<v:roundrect
// href=...>"), often with a link of its own, another tracking link than
// the button's "<a href>" for other clients (two thirds of 181 such links
// in a corpus of 7,910 phishing and spam messages of 2022-2025, rf-peixoto/phishing_pot).
func conditionalComment(raw []byte) ([]byte, bool) {
	const open = "<!--[if"
	if len(raw) < len(open) || !bytes.EqualFold(raw[:len(open)], []byte(open)) {
		return nil, false
	}
	i := bytes.Index(raw, []byte("]>"))
	if i < 0 || !outlookReads(raw[len(open):i]) {
		return nil, false
	}
	inner := raw[i+2:]
	if j := bytes.LastIndex(inner, []byte("<![endif]")); j >= 0 {
		inner = inner[:j]
	} else {
		inner = bytes.TrimSuffix(inner, []byte("-->"))
	}
	return inner, true
}

// outlookReads reports whether Outlook renders what a conditional
// comment holds under cond, its condition ("mso", "gte mso 9",
// "(mso)|(ie)", "!mso"): the condition with mso and vml true, whatever
// version a comparison names (some Outlook is that version), ie and
// anything unknown false, and Microsoft's operators "!", "&", "|" and
// brackets. "<!--[if !mso]>" markup "<![endif]-->" is a comment to every
// client: Outlook skips it, the others read a comment.
func outlookReads(cond []byte) bool {
	c := condition{s: bytes.ToLower(bytes.TrimSpace(cond))}
	return c.or() && c.i == len(c.s)
}

// condition evaluates a conditional comment's condition, from s[i].
type condition struct {
	s     []byte
	i     int
	depth int
}

func (c *condition) space() {
	for c.i < len(c.s) && (c.s[c.i] == ' ' || c.s[c.i] == '\t') {
		c.i++
	}
}

func (c *condition) or() bool {
	v := c.and()
	for c.space(); c.i < len(c.s) && c.s[c.i] == '|'; c.space() {
		c.i++
		v = c.and() || v
	}
	return v
}

func (c *condition) and() bool {
	v := c.unary()
	for c.space(); c.i < len(c.s) && c.s[c.i] == '&'; c.space() {
		c.i++
		v = c.unary() && v
	}
	return v
}

func (c *condition) unary() bool {
	c.space()
	if c.i < len(c.s) && c.s[c.i] == '!' {
		c.i++
		return !c.unary()
	}
	if c.i < len(c.s) && c.s[c.i] == '(' && c.depth < 16 {
		c.i++
		c.depth++
		v := c.or()
		c.depth--
		if c.space(); c.i < len(c.s) && c.s[c.i] == ')' {
			c.i++
		}
		return v
	}
	// A term: words and numbers up to an operator ("gte mso 9", "true").
	j := c.i
	for c.i < len(c.s) && strings.IndexByte("!&|()", c.s[c.i]) < 0 {
		c.i++
	}
	words := strings.Fields(string(c.s[j:c.i]))
	for _, w := range words {
		switch w {
		case "mso", "vml", "true":
			return true
		}
	}
	return false
}

// conditionalTargets writes the link targets of the start tags in inner,
// a conditional comment's markup, each on a line of its own as a link's
// is; its text is left out (the same text is the other clients', outside
// the comment). Its tokenizer is kept for the next comment.
func (h *htmlText) conditionalTargets(inner []byte) {
	if h.inner == nil {
		h.inner = newHTMLTok(nil, htmlMaxBuf)
	}
	h.innerSrc.Reset(inner)
	h.inner.reset(&h.innerSrc, htmlMaxBuf)
	for {
		switch h.inner.next() {
		case tokError:
			return
		case tokStartTag:
			name, hasAttr := h.inner.tagName()
			tag := string(name)
			for hasAttr {
				var k, raw []byte
				k, raw, hasAttr = h.inner.tagAttr()
				h.attrTargets(tag, k, raw, false, valueGap{}) // the comment's tokenizer reads on: no view
			}
		}
	}
}

// refreshURL returns the URL of a meta refresh's content, as WHATWG HTML
// §4.2.5.3 (the shared declarative refresh steps) reads it: a time (digits
// and dots), a ";" or ",", white space, an optional "URL" and "=", the URL
// in quotes or to the end; nil when it names none ("5" alone reloads the
// page).
func refreshURL(c []byte) []byte {
	c = bytes.TrimLeft(c, " \t\n\f\r")
	i := 0
	for i < len(c) && (c[i] >= '0' && c[i] <= '9' || c[i] == '.') {
		i++
	}
	if i == 0 {
		return nil
	}
	c = bytes.TrimLeft(c[i:], " \t\n\f\r")
	if len(c) == 0 || c[0] != ';' && c[0] != ',' {
		return nil
	}
	c = bytes.TrimLeft(c[1:], " \t\n\f\r")
	if len(c) >= 3 && bytes.EqualFold(c[:3], []byte("url")) {
		if rest := bytes.TrimLeft(c[3:], " \t\n\f\r"); len(rest) > 0 && rest[0] == '=' {
			c = bytes.TrimLeft(rest[1:], " \t\n\f\r")
		}
	}
	if len(c) > 0 && (c[0] == '"' || c[0] == '\'') {
		if j := bytes.IndexByte(c[1:], c[0]); j >= 0 {
			c = c[1 : j+1]
		} else {
			c = c[1:]
		}
	}
	return bytes.TrimRight(c, " \t\n\f\r")
}

// inlineTag returns tag, a start tag's name, when it is an inline
// formatting element that an empty one of breaks no text (htmlText), or
// "" (the returned strings are constants: kept, they allocate nothing).
func inlineTag(tag string) string {
	switch tag {
	case "u":
		return "u"
	case "b":
		return "b"
	case "i":
		return "i"
	case "s":
		return "s"
	case "em":
		return "em"
	case "strong":
		return "strong"
	case "span":
		return "span"
	case "font":
		return "font"
	case "small":
		return "small"
	case "code":
		return "code"
	case "tt":
		return "tt"
	}
	return ""
}
