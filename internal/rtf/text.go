package rtf

import (
	"bytes"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Text reads the text of rich text (RTF 1.9.1, as Outlook writes a
// message's body) as it reads the rich text: its characters, escaped
// ones decoded ("\'e9" in the document's code page, "\u8212?" as the
// character it names, its fallback dropped), its paragraphs as lines, and
// the instructions of its fields (HYPERLINK "http://..."), where its
// links are; not its control words, nor its destinations that hold no
// text: font and colour tables, style sheets, pictures, document
// properties, and every destination marked ignorable ("{\*\...}"), Word's
// XML namespace table among them, whose URL every Word document gave.
// Rich text made from HTML ("\fromhtml1", [MS-OXRTFEX]) reads as the HTML
// it holds: its tags ("{\*\htmltag ...}") and its text, less what only
// the rich text shows ("\htmlrtf ... \htmlrtf0").
type Text struct {
	r     io.ByteReader
	out   []byte // decoded, not yet read
	depth int
	skip  int   // the depth of the group being skipped, 0 for none
	uc    []int // each open group's \uc: the fallback characters after \u
	drop  int   // fallback characters still to drop
	html  bool  // in \htmlrtf: the rich text's own, not the HTML's
	cp    *charmap.Charmap
	done  bool
	word  []byte
}

// NewText returns a reader of the text of the rich text r.
func NewText(r io.ByteReader) *Text {
	return &Text{r: r, uc: []int{1}, cp: charmap.Windows1252}
}

// rtfSkipped are destinations that hold no text to read.
var rtfSkipped = map[string]bool{
	"fonttbl": true, "colortbl": true, "stylesheet": true, "info": true, "pict": true, "themedata": true,
	"colorschememapping": true, "datastore": true, "latentstyles": true, "listtable": true,
	"listoverridetable": true, "revtbl": true, "rsidtbl": true, "filetbl": true, "objdata": true,
	"xmlnstbl": true, "generator": true,
}

// rtfCodePages are the code pages "\ansicpg" names that Text decodes
// "\'hh" in; others are read as Windows-1252.
var rtfCodePages = map[int]*charmap.Charmap{
	1250: charmap.Windows1250, 1251: charmap.Windows1251, 1252: charmap.Windows1252, 1253: charmap.Windows1253,
	1254: charmap.Windows1254, 1255: charmap.Windows1255, 1256: charmap.Windows1256, 1257: charmap.Windows1257,
	1258: charmap.Windows1258, 874: charmap.Windows874, 437: charmap.CodePage437, 850: charmap.CodePage850,
	10000: charmap.Macintosh, 20866: charmap.KOI8R, 28591: charmap.ISO8859_1,
}

// maxRTFDepth bounds the groups Text keeps track of; deeper ones are
// read as the group they are in.
const maxRTFDepth = 256

func (t *Text) Read(p []byte) (int, error) {
	for len(t.out) < len(p) && !t.done {
		t.step()
	}
	n := copy(p, t.out)
	t.out = t.out[:copy(t.out, t.out[n:])]
	if n == 0 && t.done {
		return 0, io.EOF
	}
	return n, nil
}

// emit adds the character r to the text, unless a group is skipped, a
// \u's fallback is dropped or the HTML's rich text is left out.
func (t *Text) emit(r rune) {
	if t.skip > 0 || t.html {
		return
	}
	if t.drop > 0 {
		t.drop--
		return
	}
	t.out = utf8.AppendRune(t.out, r)
}

// step reads a character, a group's start or end, or a control word or
// symbol.
func (t *Text) step() {
	c, err := t.r.ReadByte()
	if err != nil {
		t.done = true
		return
	}
	switch c {
	case '{':
		t.depth++
		t.uc = append(t.uc, t.uc[len(t.uc)-1])
		if len(t.uc) > maxRTFDepth {
			t.uc = t.uc[:maxRTFDepth]
		}
		return
	case '}':
		if t.skip == t.depth {
			t.skip = 0
		}
		if t.depth > 0 {
			t.depth--
		}
		if len(t.uc) > 1 {
			t.uc = t.uc[:len(t.uc)-1]
		}
		return
	case '\r', '\n':
		return // the source's line breaks are not the text's
	case '\\':
	default:
		if c >= utf8.RuneSelf {
			t.emit(t.cp.DecodeByte(c)) // 8-bit text is the code page's
			return
		}
		t.emit(rune(c))
		return
	}
	c, err = t.r.ReadByte()
	if err != nil {
		t.done = true
		return
	}
	switch {
	case c == '\'':
		h, ok1 := t.hex()
		l, ok2 := t.hex()
		if ok1 && ok2 {
			t.emit(t.cp.DecodeByte(h<<4 | l))
		}
	case c == '*':
		// An ignorable destination: skipped, but for a field's
		// instruction and HTML's tags.
		if w, ok := t.control(); !ok || w != "fldinst" && w != "htmltag" && w != "mhtmltag" {
			t.skipGroup()
		}
	case 'a' <= c && c <= 'z':
		t.word = append(t.word[:0], c)
		w, param, has := t.controlRest()
		t.controlWord(w, param, has)
	case c == '\\' || c == '{' || c == '}':
		t.emit(rune(c))
	case c == '~':
		t.emit(' ')
	case c == '_':
		t.emit('-')
	case c == '\r' || c == '\n':
		t.emit('\n')
	}
}

// skipGroup skips the group being read to its end.
func (t *Text) skipGroup() {
	if t.skip == 0 && t.depth > 0 {
		t.skip = t.depth
	}
}

// controlWord does what the control word w (its parameter param, if
// has) does to the text.
func (t *Text) controlWord(w string, param int, has bool) {
	switch w {
	case "par", "line", "sect", "row", "page":
		t.emit('\n')
	case "tab", "cell":
		t.emit('\t')
	case "u":
		if has {
			r := rune(param)
			if r < 0 {
				r += 0x10000
			}
			t.emit(r)
			if t.skip == 0 && !t.html {
				t.drop = t.uc[len(t.uc)-1]
			}
		}
	case "uc":
		if has && param >= 0 && param < 16 {
			t.uc[len(t.uc)-1] = param
		}
	case "ansicpg":
		if cp := rtfCodePages[param]; cp != nil {
			t.cp = cp
		}
	case "bin":
		// Binary data of param bytes (a picture's), whose braces and
		// backslashes are no rich text's.
		for range max(param, 0) {
			if _, err := t.r.ReadByte(); err != nil {
				t.done = true
				return
			}
		}
	case "htmlrtf":
		if t.skip == 0 {
			t.html = !has || param != 0
		}
	default:
		if rtfSkipped[w] {
			t.skipGroup()
		}
	}
}

// control reads a control word after "\*": its name.
func (t *Text) control() (string, bool) {
	c, err := t.r.ReadByte()
	if err != nil || c != '\\' {
		return "", false
	}
	if c, err = t.r.ReadByte(); err != nil || c < 'a' || c > 'z' {
		return "", false
	}
	t.word = append(t.word[:0], c)
	w, _, _ := t.controlRest()
	return w, true
}

// controlRest reads the rest of a control word whose first letter is in
// t.word: its letters, its parameter, and the space that may end it.
func (t *Text) controlRest() (string, int, bool) {
	var c byte
	var err error
	for {
		if c, err = t.r.ReadByte(); err != nil {
			t.done = true
			return string(t.word), 0, false
		}
		if c < 'a' || c > 'z' || len(t.word) >= 32 {
			break
		}
		t.word = append(t.word, c)
	}
	w := string(t.word)
	neg, param, has := false, 0, false
	if c == '-' {
		neg = true
		if c, err = t.r.ReadByte(); err != nil {
			t.done = true
			return w, 0, false
		}
	}
	for digits := 0; '0' <= c && c <= '9'; digits++ {
		if digits < 9 {
			param = param*10 + int(c-'0')
		}
		has = true
		if c, err = t.r.ReadByte(); err != nil {
			t.done = true
			break
		}
	}
	if neg {
		param = -param
	}
	if err == nil && c != ' ' {
		t.unread(c)
	}
	return w, param, has
}

// unread puts c back: the delimiter of a control word that is not a
// space, read again as the text's.
func (t *Text) unread(c byte) {
	if u, ok := t.r.(interface{ UnreadByte() error }); ok && u.UnreadByte() == nil {
		return
	}
	// A reader that cannot unread: the delimiter is read here.
	switch c {
	case '{', '}', '\\':
		// Lost: the group or control word it starts is read as text.
	default:
		t.emit(rune(c))
	}
}

// hex reads a hexadecimal digit.
func (t *Text) hex() (byte, bool) {
	c, err := t.r.ReadByte()
	if err != nil {
		t.done = true
		return 0, false
	}
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c|0x20 && c|0x20 <= 'f':
		return c | 0x20 - 'a' + 10, true
	}
	return 0, false
}

// FromHTML reports whether head, rich text's first bytes, says it was
// made from HTML ([MS-OXRTFEX] §2.1.3.1: "\fromhtml1" among the header's
// first control words).
func FromHTML(head []byte) bool {
	return bytes.Contains(head, []byte(`\fromhtml1`))
}
