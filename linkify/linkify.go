package linkify

import (
	"bytes"
	"sync/atomic"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/linkpolicy"
)

// The options of the extension are those of package linkpolicy, which
// package linktext takes too: one set of rules for Markdown and plain text.
type (
	// Config holds the options; see [linkpolicy.Config].
	Config = linkpolicy.Config
	// An Option sets an option of the extension.
	Option = linkpolicy.Option
	// TextMode says what the link made of a "<URL:...>" wrapper shows.
	TextMode = linkpolicy.TextMode
)

// The texts a wrapper's link can show.
const (
	TextURL      = linkpolicy.TextURL      // the URL rejoined
	TextOriginal = linkpolicy.TextOriginal // the URL's text as written, line breaks included
)

// WithSchemes sets the schemes that may become links (see
// [linkpolicy.WithSchemes]).
func WithSchemes(schemes ...string) Option { return linkpolicy.WithSchemes(schemes...) }

// WithWWW turns the linking of "www." hosts on or off (default on).
func WithWWW(on bool) Option { return linkpolicy.WithWWW(on) }

// WithEmail turns the linking of bare e-mail addresses on or off (default off).
func WithEmail(on bool) Option { return linkpolicy.WithEmail(on) }

// WithRel sets the rel attribute of every link made.
func WithRel(rel string) Option { return linkpolicy.WithRel(rel) }

// WithTarget sets the target attribute of every link made.
func WithTarget(target string) Option { return linkpolicy.WithTarget(target) }

// WithRewrite sets a hook that decides each link's destination (see
// [linkpolicy.WithRewrite]).
func WithRewrite(f func(m *extract.Match) (dest string, ok bool)) Option {
	return linkpolicy.WithRewrite(f)
}

// WithMaxLength bounds the bytes of a URL as written that may become a link.
func WithMaxLength(n int) Option { return linkpolicy.WithMaxLength(n) }

// WithText sets what the link made of a "<URL:...>" wrapper shows.
func WithText(mode TextMode) Option { return linkpolicy.WithText(mode) }

// linker is the policy and what the parsers share: the Finder. It is
// read-only after newLinker, so safe for concurrent use.
type linker struct {
	*linkpolicy.Policy
	finder *extract.Finder
	visits atomic.Int64 // pieces visited by the runners: the work done, for tests
}

func newLinker(opts []Option) *linker {
	l := &linker{Policy: linkpolicy.New(opts...)}
	// "<http://...>" is goldmark's autolink, read before the transformer
	// runs; in text, a bare URL inside is found.
	l.finder = extract.NewFinder(append(l.ExtractOptions(), extract.WithAngle(false), extract.WithEscapes(true), extract.WithGFMTrailing(true), extract.WithGFMDomains(true))...)
	return l
}

// markdownDestination is Destination for goldmark's renderer, which
// writes href="" for a URL it deems dangerous (file:, and data: but for
// images, html.IsDangerousURL) unless it renders unsafely: such a URL
// stays text rather than become a link to nowhere.
func (l *linker) markdownDestination(m *extract.Match) (string, bool) {
	dest, ok := l.Destination(m)
	if !ok || dangerous(dest) {
		return "", false
	}
	return dest, true
}

// dangerous is goldmark's html.IsDangerousURL for a string, without its
// allocations (a copy, and bytes.ToLower for each prefix): the renderer
// calls it again on the links made, so it must say what that says
// (TestDangerousMirrorsGoldmark).
func dangerous(url string) bool {
	if hasPrefixFold(url, "data:image/") {
		v := url[len("data:image/"):]
		return !hasPrefixFold(v, "png;") && !hasPrefixFold(v, "gif;") && !hasPrefixFold(v, "jpeg;") && !hasPrefixFold(v, "webp;")
	}
	return hasPrefixFold(url, "javascript:") || hasPrefixFold(url, "vbscript:") ||
		hasPrefixFold(url, "file:") || hasPrefixFold(url, "data:")
}

// hasPrefixFold reports whether s starts with prefix, a lower-case ASCII
// string, ASCII case ignored. (goldmark's bytes.ToLower lowers other
// letters too, but of those only the Kelvin sign lowers to ASCII, "k",
// which none of the prefixes holds.)
func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}

// newLink returns a link to dest with the configured attributes; pos is
// its offset in the source.
func (l *linker) newLink(dest []byte, pos int) *ast.Link {
	return l.initLink(ast.NewLink(), dest, pos)
}

// initLink makes link, a new link as ast.NewLink makes it (the zero
// Link), a link to dest with the configured attributes.
func (l *linker) initLink(link *ast.Link, dest []byte, pos int) *ast.Link {
	link.Destination = dest
	link.SetPos(pos)
	// The stock renderer writes rel and target, escaped, as they pass
	// html.LinkAttributeFilter.
	if l.Config.Rel != "" {
		link.SetAttributeString("rel", []byte(l.Config.Rel))
	}
	if l.Config.Target != "" {
		link.SetAttributeString("target", []byte(l.Config.Target))
	}
	if bytes.IndexByte(dest, '[') >= 0 {
		// An IP literal's brackets, which the renderer must keep
		// (ipLiteralMark); an attribute no renderer writes.
		link.SetAttribute(ipLiteralMark, true)
	}
	return link
}

// extender is the goldmark.Extender that New returns.
type extender struct{ l *linker }

var _ goldmark.Extender = (*extender)(nil)

// Extension is the extension with the default options.
var Extension = New()

// New returns the extension with the given options, applied in order over
// the defaults.
func New(opts ...Option) goldmark.Extender {
	return &extender{l: newLinker(opts)}
}

// Extend implements [goldmark.Extender].
func (e *extender) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithInlineParsers(util.Prioritized(&wrapperParser{l: e.l}, 250)),
		parser.WithASTTransformers(util.Prioritized(&transformer{l: e.l}, 999)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(newLinkRenderer(), 999)))
}
