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
	if !pc.IsInLinkLabel() {
		if link := p.link(line[:end], seg.Start); link != nil {
			return link
		}
	}
	// A String, not a raw Text, which goldmark would merge the text
	// after it into.
	s := ast.NewString(line[:end:end])
	s.SetRaw(true)
	return s
}

// link returns the link that w, a wrapper at pos in the source, makes, or
// nil. It reads w as the Finder reads a wrapper at the start of a text
// (Finder.At); borrowing the match, as the transformer does, when no
// Rewrite hook is to be handed a Match of its own.
func (p *wrapperParser) link(w []byte, pos int) *ast.Link {
	linkTo := func(m *extract.Match) *ast.Link {
		dest, ok := p.l.markdownDestination(m)
		if !ok {
			return nil
		}
		link := p.l.newLink([]byte(dest), pos) // a copy: a borrowed URL is gone after its turn
		link.AppendChild(link, ast.NewRawTextSegment(
			text.NewSegment(pos+int(m.Offset), pos+int(m.End))))
		return link
	}
	if p.l.Config.Rewrite != nil {
		if m, n := p.l.finder.At(w, 0, nil); m != nil && n == len(w) && m.Kind == extract.Wrapped {
			return linkTo(m)
		}
		return nil
	}
	for f := range p.l.finder.Borrowed(w, 0) {
		if f.Start == 0 && f.End == len(w) && f.Match.Kind == extract.Wrapped {
			return linkTo(f.Match)
		}
		break // the first URL found is not the wrapper: At finds none
	}
	return nil
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
