// Package linkify is a goldmark extension that turns the URLs in a
// Markdown document into links, with the rules of package extract: bare
// URLs, hosts starting "www.", e-mail addresses (when asked) and RFC 1738's
// "<URL:...>" wrappers, even when a wrapper runs across a line break.
//
//	md := goldmark.New(goldmark.WithExtensions(
//		extension.Table, extension.Strikethrough, extension.TaskList, // GFM without its Linkify
//		linkify.New(linkify.WithRel("nofollow noopener")),
//	))
//
// Package linktext does the same for plain text, streaming, with the same
// options (package linkpolicy).
//
// # Options
//
//	| Functional option       | Type                                          | Description                                                                                                                                                        |
//	|-------------------------|-----------------------------------------------|--------------------------------------------------------------------------------------------------------------------------------------------------------------------|
//	| `linkify.WithSchemes`   | `...string`                                   | Schemes that may become links, replacing the default http, https, ftp, mailto, news, nntp, gopher, telnet, wais, prospero, xmpp. javascript, vbscript and data never do. |
//	| `linkify.WithWWW`       | `bool`                                        | Link hosts that start with "www." as http. Default true.                                                                                                           |
//	| `linkify.WithEmail`     | `bool`                                        | Link bare e-mail addresses as mailto. Default false.                                                                                                               |
//	| `linkify.WithRel`       | `string`                                      | The rel attribute of every link made, such as "nofollow noopener". Default none.                                                                                   |
//	| `linkify.WithTarget`    | `string`                                      | The target attribute of every link made, such as "_blank". Default none.                                                                                           |
//	| `linkify.WithRewrite`   | `func(*extract.Match) (dest string, ok bool)` | Choose each link's destination, or leave the URL as text; the result is checked against the schemes again. Default: the URL in canonical form.                     |
//	| `linkify.WithMaxLength` | `int`                                         | The longest URL, in bytes as written, that becomes a link. Default 64 KiB.                                                                                         |
//	| `linkify.WithText`      | `linkify.TextMode`                            | What a wrapper's link shows: `linkify.TextURL`, the URL rejoined (default), or `linkify.TextOriginal`, the text as written, line breaks included.                  |
//
// # What becomes a link
//
// A "<URL:...>" wrapper becomes a link to the URL inside it, which the
// link shows (see [WithText]); the "<URL:" and ">" are dropped. Every other
// URL becomes a link showing its text as written. The destination is the
// match's canonical URL ([extract.Match.URL], percent-encoded), "http://"
// before a "www." host and "mailto:" before an address.
//
// Code spans, code blocks, raw HTML, HTML blocks, links (label and
// destination), images and autolinks are left exactly as they are; a URL
// between inline raw HTML's "<a ...>" and "</a>" is linked only where
// raw HTML is left out (with html.WithUnsafe it would be a link in a
// link, and stays text); and so
// is Markdown markup: a URL ends where emphasis, a code span or a link
// starts ("http://x.org/_a_/b" links "http://x.org/" and keeps the
// emphasis). That is not GFM's way: cmark-gfm, comrak and GitHub link a
// URL before emphasis is read in it ("https://x.org/__init__.py" whole);
// here the text is kept as goldmark parsed it (below). A wrapper with
// markup inside it stays text. A URL whose
// first or last byte would split a character reference
// ("http://x.org/n&#58;") or whose first would split a backslash escape
// stays text too, since goldmark would show the halves differently from
// the whole; one whose end falls inside a backslash escape
// ("http://x.org/c\*", the "*" trailing punctuation) is linked up to
// the backslash, as GFM links it. A backslash escape inside a
// URL stands for the character escaped, as goldmark shows it.
//
// # How it works
//
// goldmark's autolink parser (priority 300) would turn "<URL:http://x>"
// into a link to "URL:http://x". An inline parser for '<' at priority 250
// takes such a "<URL:...>" first, exactly when the autolink parser would
// (on one line, with no whitespace): it links the URL inside when the URL
// holds and is allowed, and keeps the whole as text otherwise, as it does
// in a link's label, where goldmark allows no link. "<http://...>" and
// every other '<' are left to goldmark.
//
// Everything else is done by an AST transformer once goldmark has parsed
// the document, over each run of adjacent text nodes, across soft line
// breaks: for a wrapper with whitespace or line breaks in it, and for bare
// URLs, hosts and addresses. This is how GFM's autolink extension finds
// addresses (cmark-gfm links them in text nodes after inline parsing);
// its URLs and "www." hosts it takes while parsing inlines, at ':' and
// 'w', as goldmark's own extension.Linkify does (an inline parser
// triggered by spaces at priority 999): both take a URL before emphasis
// and links are parsed in it, so "_see http://x.org/a_/b" loses its
// emphasis and shows its underscores. The transformer never does that: the text content of a
// document, leaf by leaf, is the same with this extension as without it,
// but for the "<URL:", ">" and whitespace of the wrappers linked (the
// property TestTextPreserved and FuzzTextPreserved check).
//
// Finding URLs costs linear time: the transformer asks [extract.Finder.At]
// at each start of a word and each '<', and gives up on a run of more than
// 1 KiB without a space after 16 candidates that fail in it.
//
// # Safety
//
// Only the allowed schemes become links; javascript, vbscript and data
// never do, even when [WithSchemes] lists them or [WithRewrite] returns
// them: the destination's scheme is checked as a browser reads it (leading
// spaces and controls skipped, tabs and line breaks ignored) and again
// with the character references and backslash escapes that goldmark
// resolves in a destination. The link is an ordinary *ast.Link, written
// as goldmark's HTML renderer writes links, escaping every attribute, with
// its options and its dangerous-URL filter: the extension registers, just
// ahead of goldmark's renderer (priority 999), a link renderer that is
// goldmark's own but for a filter that allocates nothing (six allocations
// a link otherwise); a renderer a program registers for links at a
// smaller priority still wins. Note that the filter blanks "file:" links
// unless html.WithUnsafe is set, so [WithSchemes]("file", ...) alone gives
// links with an empty href. rel and target are attributes on the link,
// which the stock renderer writes (html.LinkAttributeFilter allows them).
//
// # With goldmark's Linkify
//
// extension.GFM includes extension.Linkify; use Table, Strikethrough and
// TaskList with this extension instead. If both are on, goldmark's Linkify
// runs while goldmark parses, so it links first whatever its regular
// expressions match (http, https and ftp URLs, "www." hosts, addresses),
// as *ast.AutoLink, by its rules: no allowed schemes, no rel, target or
// rewrite, and its own idea of where a URL ends ("mailto:a.b-c_d@a.b"
// becomes two links). This extension then links what is left: wrappers
// (its '<' parser runs before everything else), the other schemes, and
// what the expressions missed. Nothing is linked twice and the text is
// kept; a wrapper broken across lines stays text if Linkify takes a URL in
// it. The both-*.golden files show the combination.
//
// # Differences from GFM
//
// GFM 0.29's extended autolinks ("Autolinks (extension)", examples 622 to
// 635; testdata/golden/linkify/gfm-autolinks.golden) come out as the
// specification has them, with [WithEmail], except where RFC 1738 and
// package extract decide otherwise:
//
//   - Example 632: "a.b-c_d@a.b-" and "a.b-c_d@a.b_" are no addresses for
//     GFM; extract ends the address before the trailing '-' or '_' and
//     links "a.b-c_d@a.b".
//   - Example 633: "mailto:a.b-c_d@a.b/" links with its '/', and
//     "mailto:a.b-c_d@a.b-" with its '-': a mailto URL is a bare URL,
//     which ends where URL characters end (RFC 1738 §3.4 decides what is
//     valid), while GFM reads it as an address. "mailto:a.b-c_d@a.b_"
//     links without the '_', trailing punctuation in GFM and here
//     (extract.WithGFMTrailing, which the extension sets).
//   - Example 635: "xmpp:foo@bar.baz/txt/bin" links whole: an XMPP
//     resource may hold "/" (RFC 7622 §3.4), where GFM stops at the second.
//
// Beyond the examples: a host must hold by RFC 1738's grammar (§3.1),
// which has no '_' in host names, but for a '_' in a label below the top
// one, which real hosts have: "www.foo_bar.example.com" is linked, as in
// GFM, and "www.example.foo_bar", which GFM links, is not; schemes other than http, https, ftp, mailto and xmpp
// are linked when allowed (news:, gopher://, ...); a ')' that closes no
// bracket opened in the URL ends it wherever it stands; the destination is canonical
// ("https://example.com?q" goes to "https://example.com/?q"); and
// "<http://...>" that goldmark does not take as an autolink (it has a
// space or a line break in it) has the bare URL inside it linked, as GFM
// would, not the whole. An address's local part may hold an apostrophe
// between letters ("o'malley@example.com", RFC 5322's atext) and start
// with a list owner ("~owner/list@lists.sr.ht", sourcehut's lists), where
// GFM links only the part after the "'" or the "/". The domain of a
// "www." host or an address is GFM's, any name with a dot ("www.conf"
// and "foo@bar.baz" are linked: extract.WithGFMDomains, which the
// extension sets), where urlgrep's own search wants a top-level domain
// that is one.
package linkify
