package linkify

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/urlgrep/urlgrep/extract"
)

// wrapperParser takes the "<URL:...>" that goldmark's autolink parser
// would otherwise turn into a link to "URL:...": those on one line with no
// whitespace. It runs at priority 250, before that parser's 300, and
// links the wrapper when its URL holds and is allowed, else keeps it as
// text. A wrapper with whitespace or line breaks in it is no autolink;
// its content is parsed as Markdown, and the transformer links it
// afterwards if that content stays text.
type wrapperParser struct{ l *linker }

var _ parser.InlineParser = (*wrapperParser)(nil)

// Trigger implements [parser.InlineParser].
func (p *wrapperParser) Trigger() []byte { return []byte{'<'} }

// Parse implements [parser.InlineParser].
func (p *wrapperParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	// appendix: the prefix is "URL:"; like wrapper.At we ignore case.
	// "<http://...>" and every other '<' are goldmark's.
	if len(line) < 5 || !bytes.EqualFold(line[1:5], []byte("url:")) {
		return nil
	}
	end := autolinkEnd(line)
	if end == 0 {
		return nil // no autolink; see the type's comment
	}
	block.Advance(end)
	// Raw text, as goldmark writes an autolink's label: character
	// references and backslashes as they are. goldmark allows no link in a
	// link's label, so there the wrapper stays text.
	if m, n := p.l.finder.At(line[:end], 0, nil); m != nil && n == end && m.Kind == extract.Wrapped &&
		!pc.IsInLinkLabel() {
		if dest, ok := p.l.markdownDestination(m); ok {
			link := p.l.newLink([]byte(dest), seg.Start)
			link.AppendChild(link, ast.NewRawTextSegment(
				text.NewSegment(seg.Start+int(m.Offset), seg.Start+int(m.End))))
			return link
		}
	}
	// A String, not a raw Text, which goldmark would merge the text
	// after it into.
	s := ast.NewString(line[:end:end])
	s.SetRaw(true)
	return s
}

// autolinkEnd returns the length of the URL autolink that line, starting
// with '<', begins with, as goldmark's autolink parser finds it, or 0.
func autolinkEnd(line []byte) int {
	stop := util.FindURLIndex(line[1:]) + 1
	if stop <= 0 || stop >= len(line) || line[stop] != '>' {
		return 0
	}
	return stop + 1
}
