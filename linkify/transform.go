package linkify

import (
	"bytes"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/internal/ascii"
)

// transformer links the URLs in the document's text once goldmark has
// parsed it, as GFM's autolink extension does: in each run of adjacent
// text nodes, across soft line breaks, but never inside code spans, raw
// HTML, links, images or autolinks. Working on the parsed text, rather
// than from an inline parser, means that a URL never swallows Markdown
// markup ("http://x/_a_" keeps its emphasis), so the text is kept.
type transformer struct{ l *linker }

var _ parser.ASTTransformer = (*transformer)(nil)

// Transform implements [parser.ASTTransformer].
func (t *transformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	r := runner{l: t.l, source: reader.Source()}
	r.walk(doc)
	t.l.visits.Add(r.visits)
}

// runner carries the buffers reused over the runs of one document.
type runner struct {
	l      *linker
	source []byte
	buf    []byte     // the run's text; a '\n' stands for each line break
	pieces []piece    // the run's text nodes, in order
	out    []ast.Node // the run's nodes once linked, in order
	label  []ast.Node // a link's text nodes, reused
	nodes  slabs      // the nodes and destinations made for the document
	// cursor is the first piece that a range from here on may touch: the
	// links are made in order, so each piece is passed once per run and a
	// run with many links costs linear time, not the pieces times the
	// links.
	cursor int
	cur    int      // where in buf the text after the last link made starts
	rawA   int      // inline raw HTML "<a>" tags open in the block (walk)
	stop   ast.Node // the node after the run's last piece, once linked
	linked bool     // whether a link was made in the run
	visits int64
}

// skip moves the cursor past the pieces that end before from.
func (r *runner) skip(from int) {
	for r.cursor < len(r.pieces)-1 && r.pieces[r.cursor].end() < from {
		r.cursor++
		r.visits++
	}
}

// piece is one text node of a run; its value is buf[off:off+len(value)],
// followed by '\n' when the node ends a line. The node's segment and line
// breaks are kept here as they were: the node itself is reused for the
// first part of it that stays text (used), and changed then.
type piece struct {
	t          *ast.Text
	off        int
	seg        text.Segment
	soft, hard bool
	used       bool
}

func (p *piece) end() int     { return p.off + p.seg.Len() }
func (p *piece) breaks() bool { return p.soft || p.hard }

// node returns a text node of seg for a part of p: p's own node the first
// time, as it is no longer needed whole, and a new one after that. Reusing
// it saves most of the nodes a run of links would make.
func (r *runner) node(p *piece, seg text.Segment) *ast.Text {
	if p.used {
		return r.nodes.text(seg)
	}
	p.used = true
	t := p.t
	t.Segment = seg
	t.SetSoftLineBreak(false)
	t.SetHardLineBreak(false)
	return t
}

// walk links the text runs among n's children, and descends. It counts
// the inline raw HTML "<a ...>" tags open (r.rawA): a link made between
// one and its "</a>" is marked (rawAnchorMark), and a renderer that
// writes raw HTML writes its text only, not a link inside a link
// (markdown-it's linkify tests; goldmark's Linkify nests them); one that
// leaves raw HTML out writes the link, the only one left. The count
// starts again in each block, so that an "<a>" left open ends with its
// paragraph.
func (r *runner) walk(n ast.Node) {
	if n.Type() == ast.TypeBlock {
		defer func(saved int) { r.rawA = saved }(r.rawA)
		r.rawA = 0
	}
	var first ast.Node
	for c := n.FirstChild(); c != nil; {
		next := c.NextSibling()
		if isText(c) {
			if first == nil {
				first = c
			}
		} else {
			if first != nil {
				r.run(n, first, c)
				first = nil
			}
			if c.Kind() == ast.KindRawHTML {
				r.rawA = max(0, r.rawA+rawAnchor(c.(*ast.RawHTML), r.source))
			} else if descend(c) {
				r.walk(c)
			}
		}
		c = next
	}
	if first != nil {
		r.run(n, first, nil)
	}
}

// rawAnchor returns 1 when h, inline raw HTML, is an "<a>" start tag, -1
// when it is an "</a>" end tag, and 0 otherwise.
func rawAnchor(h *ast.RawHTML, source []byte) int {
	if h.Segments.Len() == 0 {
		return 0
	}
	seg := h.Segments.At(0)
	v := seg.Value(source)
	switch {
	case len(v) >= 3 && v[0] == '<' && (v[1] == 'a' || v[1] == 'A') && (v[2] == '>' || util.IsSpace(v[2])):
		return 1
	case len(v) >= 4 && v[0] == '<' && v[1] == '/' && (v[2] == 'a' || v[2] == 'A') && (v[3] == '>' || util.IsSpace(v[3])):
		return -1
	}
	return 0
}

// isText reports whether n is text a URL may be found in.
func isText(n ast.Node) bool {
	t, ok := n.(*ast.Text)
	return ok && !t.IsRaw() && t.Segment.Padding == 0
}

// descend reports whether the text under n may hold links to make: not
// under a link, image or autolink (a link in a link is not allowed, and a
// link's label is left as it is), nor code spans, raw HTML, code blocks.
func descend(n ast.Node) bool {
	switch n.Kind() {
	case ast.KindLink, ast.KindImage, ast.KindAutoLink, ast.KindCodeSpan, ast.KindRawHTML:
		return false
	}
	return n.Type() != ast.TypeBlock || !n.IsRaw()
}

// run links the URLs in the text nodes from first up to stop, which are
// children of parent. Text nodes that do not follow each other in the
// source, other than at a line break, start a new run.
func (r *runner) run(parent, first, stop ast.Node) {
	// The run's size first, so that buf and pieces grow once: growing
	// them as they fill (by a quarter at a time, past 256 elements)
	// copied a long paragraph's text and pieces five times over.
	n, size := 0, 0
	for c := first; c != stop; c = c.NextSibling() {
		n++
		size += c.(*ast.Text).Segment.Len() + 1
	}
	r.buf, r.pieces = slices.Grow(r.buf[:0], size), slices.Grow(r.pieces[:0], n)
	for c := first; c != stop; c = c.NextSibling() {
		t := c.(*ast.Text)
		if n := len(r.pieces); n > 0 {
			if p := &r.pieces[n-1]; !p.breaks() && p.seg.Stop != t.Segment.Start {
				r.linkify(parent)
				r.buf, r.pieces = r.buf[:0], r.pieces[:0]
			}
		}
		r.pieces = append(r.pieces, piece{t: t, off: len(r.buf), seg: t.Segment,
			soft: t.SoftLineBreak(), hard: t.HardLineBreak()})
		r.buf = append(r.buf, t.Segment.Value(r.source)...)
		if t.SoftLineBreak() || t.HardLineBreak() {
			r.buf = append(r.buf, '\n')
		}
	}
	r.linkify(parent)
}

// linkify finds the URLs in buf, as the Finder's iterator finds them in
// any text (package extract: one candidate policy, its bounds keeping the
// scan linear), and, if any, replaces the run's nodes.
func (r *runner) linkify(parent ast.Node) {
	if len(r.pieces) == 0 {
		return
	}
	buf := r.buf
	var before byte // the byte before the run in the source, as extract wants it
	if s := r.pieces[0].t.Segment.Start; s > 0 {
		before = r.source[s-1]
	}
	r.out, r.cursor, r.cur, r.stop, r.linked = r.out[:0], 0, 0, nil, false
	// Each match is turned into its link at once and not kept: borrowed
	// matches do, but for a Rewrite, which is handed the Match. (Each
	// loop ranges over its iterator directly, which keeps the loop's
	// closures off the heap.)
	if r.l.Config.Rewrite != nil {
		for f := range r.l.finder.All(buf, before) {
			r.span(f, before)
		}
	} else {
		for f := range r.l.finder.Borrowed(buf, before) {
			r.span(f, before)
		}
	}
	if !r.linked {
		return
	}
	r.out = r.texts(r.out, r.cur, len(buf))
	for i := range r.pieces {
		// A piece's node reused in a link's label has moved there already,
		// and RemoveChild leaves it alone.
		parent.RemoveChild(parent, r.pieces[i].t)
	}
	for _, n := range r.out {
		if r.stop == nil {
			parent.AppendChild(parent, n)
		} else {
			parent.InsertBefore(parent, r.stop, n)
		}
	}
	clear(r.out)
}

// span makes the link for f, a URL found in the run's text (before is
// the byte before the run), when it makes one: the text nodes since the
// last link, then the link, go to out.
func (r *runner) span(f extract.Found, before byte) {
	buf := r.buf
	m, prev := f.Match, before
	if f.Start > 0 {
		prev = buf[f.Start-1]
	}
	if (m.Kind == extract.Bare || m.Kind == extract.WWW) && int(m.End) == f.End && f.End > f.Start+1 &&
		splitsEscape(buf, f.End) && !splitsEscape(buf, f.Start) {
		// The URL's end falls inside a backslash escape ("x\_", whose
		// "_" is trailing punctuation): the URL before the backslash, as
		// GFM links it, when it is one, whole.
		if m2, n := r.l.finder.At(buf[f.Start:f.End-1], prev, nil); m2 != nil && n == f.End-1-f.Start {
			m2.Offset, m2.End = m2.Offset+int64(f.Start), m2.End+int64(f.Start)
			f, m = extract.Found{Start: f.Start, End: f.End - 1, Match: m2}, m2
		}
	}
	dest, ok := r.l.markdownDestination(r.l.unescaped(m, buf[f.Start:f.End], prev))
	if !ok || splitsEscape(buf, f.Start) || splitsEscape(buf, int(m.End)) || splitsEscape(buf, f.End) ||
		m.Kind == extract.Email && refLocal(buf, f.Start) {
		return
	}
	if !r.linked {
		// The nodes made go where the pieces were: before the node after
		// the last piece, found now as the pieces' nodes are about to be
		// reused.
		r.linked = true
		r.stop = r.pieces[len(r.pieces)-1].t.NextSibling()
	}
	r.out = r.texts(r.out, r.cur, f.Start)
	link := r.l.initLink(r.nodes.link(), r.nodes.bytes(dest), r.sourcePos(f.Start))
	if r.rawA > 0 {
		link.SetAttribute(rawAnchorMark, true)
	}
	label := r.label[:0]
	if m.Kind == extract.Wrapped && r.l.Config.Text == TextURL {
		label = r.words(label, int(m.Offset), int(m.End))
	} else {
		label = r.texts(label, int(m.Offset), int(m.End))
	}
	for _, n := range label {
		link.AppendChild(link, n)
	}
	clear(label)
	r.label = label[:0]
	r.out = append(r.out, link)
	r.cur = f.End
}

// unescaped returns the URL of data, found as m, as goldmark shows its
// text: a backslash escape stands for the character it escapes, so
// "http://x/a\_b" goes to "http://x/a_b", not "http://x/a%5C_b". It asks
// the Finder again, about the text with its escapes resolved, and keeps m
// when that finds another URL.
func (l *linker) unescaped(m *extract.Match, data []byte, prev byte) *extract.Match {
	if bytes.IndexByte(data, '\\') < 0 {
		return m
	}
	u := util.UnescapePunctuations(data)
	if m2, n := l.finder.At(u, prev, nil); m2 != nil && n == len(u) && m2.Kind == m.Kind {
		return m2
	}
	return m
}

// splitsEscape reports whether a link that starts or ends at buf[at]
// would cut a backslash escape (`\_`) or a character reference
// ("&#58;") in two. goldmark resolves both when it writes text, so the
// halves would show what the whole did not; such a URL stays text.
func splitsEscape(buf []byte, at int) bool {
	if at >= len(buf) {
		return false
	}
	n := 0
	for n < at && buf[at-1-n] == '\\' {
		n++
	}
	if n%2 == 1 && util.IsPunct(buf[at]) {
		return true
	}
	return refStart(buf, at) >= 0
}

// refStart returns where the character reference whose ";" is buf[semi]
// starts (its "&": "&#58;", "&amp;"), or -1 when no reference ends there.
func refStart(buf []byte, semi int) int {
	if buf[semi] != ';' {
		return -1
	}
	j := semi
	for j > 0 && ascii.IsAlnum(buf[j-1]) {
		j--
	}
	if j > 0 && buf[j-1] == '#' {
		j--
	}
	if j < semi && j > 0 && buf[j-1] == '&' {
		return j - 1
	}
	return -1
}

// refLocal reports whether buf[:at] ends with a character reference that
// goldmark shows as a byte of an address's local part (atext, RFC 5322
// §3.2.3): the address the reader sees starts inside the reference, and
// one linked from at would be another ("&#106;oe@example.com" shows
// joe@example.com; linked from at, it went to oe@example.com). Such an
// address stays text; one after "&quot;" or "&lt;" is linked.
func refLocal(buf []byte, at int) bool {
	if at < 3 {
		return false
	}
	j := refStart(buf, at-1)
	if j < 0 {
		return false
	}
	dec := util.ResolveEntityNames(util.ResolveNumericReferences(buf[j:at]))
	return len(dec) == 1 && (ascii.IsAlnum(dec[0]) || strings.IndexByte("!#$%&'*+-/=?^_`{|}~.", dec[0]) >= 0)
}

// sourcePos returns the source offset of buf[i].
func (r *runner) sourcePos(i int) int {
	r.skip(i)
	for i2 := r.cursor; i2 < len(r.pieces); i2++ {
		p := &r.pieces[i2]
		r.visits++
		if i <= p.end() {
			return p.seg.Start + min(i-p.off, p.seg.Len())
		}
	}
	return r.pieces[len(r.pieces)-1].seg.Stop
}

// texts appends text nodes for buf[from:to] to out: a node for each part
// of a piece, carrying the piece's line break when the '\n' that stands
// for it is in range. Parts that follow each other in the source merge.
func (r *runner) texts(out []ast.Node, from, to int) []ast.Node {
	r.skip(from)
	for i := r.cursor; i < len(r.pieces); i++ {
		p := &r.pieces[i]
		r.visits++
		if p.off > to {
			break // this piece and those after it hold nothing of the range
		}
		lo, hi := max(from, p.off), min(to, p.end())
		brk := p.breaks() && from <= p.end() && p.end() < to
		if lo >= hi && !brk {
			continue
		}
		if lo > hi {
			lo = hi
		}
		seg := text.NewSegment(p.seg.Start+lo-p.off, p.seg.Start+hi-p.off)
		t, merge := (*ast.Text)(nil), false
		if n := len(out); n > 0 {
			t, merge = out[n-1].(*ast.Text)
			merge = merge && t.Segment.Stop == seg.Start && !t.SoftLineBreak() && !t.HardLineBreak()
		}
		if merge {
			t.Segment.Stop = seg.Stop
		} else {
			t = r.node(p, seg)
			out = append(out, t)
		}
		if brk {
			t.SetSoftLineBreak(p.soft)
			t.SetHardLineBreak(p.hard)
		}
	}
	return out
}

// words appends text nodes for the non-space bytes of buf[from:to]: a
// wrapper's URL with the whitespace and line breaks inside it left out.
func (r *runner) words(out []ast.Node, from, to int) []ast.Node {
	r.skip(from)
	for i := r.cursor; i < len(r.pieces); i++ {
		p := &r.pieces[i]
		r.visits++
		if p.off > to {
			break
		}
		lo, hi := max(from, p.off), min(to, p.end())
		for lo < hi {
			for lo < hi && ascii.IsSpace(r.buf[lo]) {
				lo++
			}
			e := lo
			for e < hi && !ascii.IsSpace(r.buf[e]) {
				e++
			}
			if e > lo {
				start := p.seg.Start + lo - p.off
				out = append(out, r.node(p, text.NewSegment(start, start+e-lo)))
			}
			lo = e
		}
	}
	return out
}

// slabs hands out the nodes and destination bytes of one document's links
// from arrays made a few dozen at a time, not one allocation each: they
// live as long as the document's tree, so each array is used once, and
// lives while any of its nodes does.
type slabs struct {
	texts []ast.Text
	links []ast.Link
	dest  []byte
	n     int // the size of the next arrays: 16, doubling to 256
}

func (s *slabs) grow() int {
	s.n = min(max(2*s.n, 16), 256)
	return s.n
}

// text returns a new text node of seg, as ast.NewTextSegment makes one.
func (s *slabs) text(seg text.Segment) *ast.Text {
	if len(s.texts) == 0 {
		s.texts = make([]ast.Text, s.grow())
	}
	t := &s.texts[0]
	s.texts = s.texts[1:]
	t.Segment = seg
	return t
}

// link returns a new link node, as ast.NewLink makes one.
func (s *slabs) link() *ast.Link {
	if len(s.links) == 0 {
		s.links = make([]ast.Link, s.grow())
	}
	l := &s.links[0]
	s.links = s.links[1:]
	return l
}

// bytes returns a copy of v, its capacity its length.
func (s *slabs) bytes(v string) []byte {
	if cap(s.dest)-len(s.dest) < len(v) {
		s.dest = make([]byte, 0, max(4<<10, len(v)))
	}
	n := len(s.dest)
	s.dest = append(s.dest, v...)
	return s.dest[n:len(s.dest):len(s.dest)]
}
