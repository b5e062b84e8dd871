package wrapper

import (
	"bytes"
	"strings"
	"testing"
)

// atTest is one row for At. For a wrapper, raw is the URL's text as it
// appears in in (data[URLStart:URLEnd]) and rest what follows the '>'
// (data[End:]); the test derives the offsets from them.
type atTest struct {
	name     string
	in       string
	quote    string
	atEOF    bool
	lim      Limits // zero: DefaultLimits
	want     Wrapper
	raw      string
	rest     string
	wantMore bool
}

// appendixText is the example of RFC 1738's appendix, as indented there.
const appendixText = `      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
      type=d> but you can probably pick it up from <URL:ftp://ds.in
      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.
      net/instructions/overview.html#WARNING>.
`

var atTests = []atTest{
	// appendix: the prefix "URL:" and angle brackets delimit the URL; the
	// wrapper is not part of it.
	{name: "wrapped", in: "<URL:http://x>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x"}, raw: "http://x"},
	{name: "text after", in: "<URL:http://x>.  Note the warning", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x"}, raw: "http://x", rest: ".  Note the warning"},
	// rule 1: "URL:" in any case
	{name: "lowercase prefix", in: "<url:http://x>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x"}, raw: "http://x"},
	{name: "mixed case prefix", in: "<uRl:mailto:a@b>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "mailto:a@b"}, raw: "mailto:a@b"},
	// rule 1: optional whitespace after the colon, line breaks included
	{name: "spaces after prefix", in: "<URL:  http://x>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x"}, raw: "http://x"},
	{name: "break after prefix", in: "<URL:\n\thttp://x>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x", Lines: 1}, raw: "http://x"},
	{name: "space before close", in: "<URL:http://x \t>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x"}, raw: "http://x"},
	// appendix: "the identifier would be placed within the brackets as well"
	{name: "fragment", in: "<URL:HTTP://WWW.EXAMPLE.EDU/gopher/faq.html#plus> and", atEOF: true,
		want: Wrapper{Kind: URL, URL: "HTTP://WWW.EXAMPLE.EDU/gopher/faq.html#plus"},
		raw:  "HTTP://WWW.EXAMPLE.EDU/gopher/faq.html#plus", rest: " and"},
	// rule 1: the text after "URL:" is the parser's to judge
	{name: "news star", in: "<URL:news:*>.  All", atEOF: true,
		want: Wrapper{Kind: URL, URL: "news:*"}, raw: "news:*", rest: ".  All"},
	{name: "news article", in: "<URL:news:3cm9q2$e0@news.example.net>.", atEOF: true,
		want: Wrapper{Kind: URL, URL: "news:3cm9q2$e0@news.example.net"}, raw: "news:3cm9q2$e0@news.example.net", rest: "."},
	// rule 2: empty URLs are no wrapper
	{name: "empty wrapped", in: "<URL:>", atEOF: true},
	{name: "empty wrapped spaces", in: "<URL:  \n  >", atEOF: true},

	// rule 2: plain angle brackets around "scheme:"
	{name: "angle http", in: "<http://www.example.org/autolink>.", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "http://www.example.org/autolink"}, raw: "http://www.example.org/autolink", rest: "."},
	{name: "angle mailto", in: "<mailto:a@b>", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "mailto:a@b"}, raw: "mailto:a@b"},
	{name: "angle news", in: "<news:comp.misc>", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "news:comp.misc"}, raw: "news:comp.misc"},
	{name: "angle list header", in: "<mailto:uri-wg-request@example.net?subject=unsubscribe>\n", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "mailto:uri-wg-request@example.net?subject=unsubscribe"},
		raw:  "mailto:uri-wg-request@example.net?subject=unsubscribe", rest: "\n"},
	// appendix: whitespace is ignored, line breaks in the scheme's name
	// too (splitScheme; the RFC archive's references).
	{name: "angle scheme cut by a break", in: "<ht\n         tps://labs.example/a/\n         b>.", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "https://labs.example/a/b", Lines: 2}, raw: "ht\n         tps://labs.example/a/\n         b", rest: "."},
	{name: "angle colon on the next line", in: "<http\r\n   ://www.example.com/x>", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "http://www.example.com/x", Lines: 1}, raw: "http\r\n   ://www.example.com/x"},
	{name: "angle scheme cut, quoted", in: "<ht\n> tps://a.example/>", quote: ">", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "https://a.example/", Lines: 1}, raw: "ht\n> tps://a.example/"},
	{name: "angle scheme cut, no colon", in: "<a\n href=\"x\">", atEOF: true},
	{name: "angle scheme cut, tag", in: "<h\n1>", atEOF: true},
	{name: "angle scheme cut, quote not repeated", in: "<ht\ntps://a.example/>", quote: ">", atEOF: true},
	{name: "angle scheme cut, more", in: "<ht\n   tp", wantMore: true},
	{name: "angle scheme chars", in: "<x-a+b.c:y>", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "x-a+b.c:y"}, raw: "x-a+b.c:y"},
	{name: "angle scheme like prefix", in: "<URLx:y>", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "URLx:y"}, raw: "URLx:y"},
	// rule 2: whitespace in angle brackets is treated as in "<URL:"
	{name: "angle broken", in: "<https://events.example.com/register?a=3D1&=\nref=3Dmail>", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "https://events.example.com/register?a=3D1&=ref=3Dmail", Lines: 1},
		raw:  "https://events.example.com/register?a=3D1&=\nref=3Dmail"},
	{name: "angle space after colon", in: "<http: //x>", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "http://x"}, raw: "http: //x"},
	// rule 2: no scheme colon, so addresses and message IDs are not URLs
	{name: "address", in: "<alice@example.org>", atEOF: true},
	{name: "message id", in: "<3cn4ab$f1@news.example.edu>", atEOF: true},
	{name: "message id letters", in: "<cafe-1994@events.example.com>", atEOF: true},
	{name: "digit first", in: "<1a:b>", atEOF: true},
	{name: "html tag", in: "<html><body>", atEOF: true},
	{name: "html attribute", in: `<a href="http://x">`, atEOF: true},
	{name: "space after bracket", in: "< http://x>", atEOF: true},
	{name: "URL without colon", in: "<URL>", atEOF: true},
	{name: "empty brackets", in: "<>", atEOF: true},
	{name: "empty angle", in: "<http:>", atEOF: true},
	{name: "empty angle spaces", in: "<http:  >", atEOF: true},
	{name: "not at bracket", in: "URL:http://x>", atEOF: true},
	{name: "no data", in: "", atEOF: true},

	// rule 3 and the appendix example, wrapper by wrapper
	{name: "appendix 1", in: "<URL:ftp://info.cern.ch/pub/www/doc;\n      type=d> but", atEOF: true,
		want: Wrapper{Kind: URL, URL: "ftp://info.cern.ch/pub/www/doc;type=d", Lines: 1},
		raw:  "ftp://info.cern.ch/pub/www/doc;\n      type=d", rest: " but"},
	{name: "appendix 2", in: "<URL:ftp://ds.in\n      ternic.net/rfc>.  Note", atEOF: true,
		want: Wrapper{Kind: URL, URL: "ftp://ds.internic.net/rfc", Lines: 1},
		raw:  "ftp://ds.in\n      ternic.net/rfc", rest: ".  Note"},
	{name: "appendix 3", in: "<URL:http://ds.internic.\n      net/instructions/overview.html#WARNING>.\n", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://ds.internic.net/instructions/overview.html#WARNING", Lines: 1},
		raw:  "http://ds.internic.\n      net/instructions/overview.html#WARNING", rest: ".\n"},
	// rule 3: the corpus shapes
	{name: "indented continuation", in: "<URL:gopher://gopher.example.edu:7070/1/mirrors/\n       europe/ch/>      (a mirror list)\n", atEOF: true,
		want: Wrapper{Kind: URL, URL: "gopher://gopher.example.edu:7070/1/mirrors/europe/ch/", Lines: 1},
		raw:  "gopher://gopher.example.edu:7070/1/mirrors/\n       europe/ch/", rest: "      (a mirror list)\n"},
	{name: "continuation starts with dot", in: "<URL:ftp://ftp.example.edu/pub/gopher/gopher+/Gopher+\n.txt;type=a> and", atEOF: true,
		want: Wrapper{Kind: URL, URL: "ftp://ftp.example.edu/pub/gopher/gopher+/Gopher+.txt;type=a", Lines: 1},
		raw:  "ftp://ftp.example.edu/pub/gopher/gopher+/Gopher+\n.txt;type=a", rest: " and"},
	{name: "continuation starts with slash", in: "<URL:ftp://anonymous:guest%40example.edu@ftp.example.edu\n/pub/gopher/>.  WAIS", atEOF: true,
		want: Wrapper{Kind: URL, URL: "ftp://anonymous:guest%40example.edu@ftp.example.edu/pub/gopher/", Lines: 1},
		raw:  "ftp://anonymous:guest%40example.edu@ftp.example.edu\n/pub/gopher/", rest: ".  WAIS"},
	{name: "RFC reference", in: "<URL:ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol\n       /Gopher+/Gopher+.txt>\n", atEOF: true,
		want: Wrapper{Kind: URL, URL: "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt", Lines: 1},
		raw:  "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol\n       /Gopher+/Gopher+.txt", rest: "\n"},
	{name: "three lines", in: "<URL:a\n b\n c>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "abc", Lines: 2}, raw: "a\n b\n c"},

	// rule 4, appendix: "the interpreter of a URL containing a line break
	// immediately after a hyphen should ignore all unencoded whitespace
	// around the line break, and should be aware that the hyphen may or may
	// not actually be part of the URL"
	{name: "hyphen break", in: "<URL:http://www.example.com/~bob/meeting-\nnotes.html> (Bob", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://www.example.com/~bob/meeting-notes.html",
			Alternate: "http://www.example.com/~bob/meetingnotes.html", Lines: 1, Hyphens: 1},
		raw: "http://www.example.com/~bob/meeting-\nnotes.html", rest: " (Bob"},
	{name: "hyphen break wais", in: "<URL:wais://wais.example.edu:210/gopher-\nfaq?plus+urls>.", atEOF: true,
		want: Wrapper{Kind: URL, URL: "wais://wais.example.edu:210/gopher-faq?plus+urls",
			Alternate: "wais://wais.example.edu:210/gopherfaq?plus+urls", Lines: 1, Hyphens: 1},
		raw: "wais://wais.example.edu:210/gopher-\nfaq?plus+urls", rest: "."},
	{name: "hyphen spaces around break", in: "<URL:http://x/a- \t\r\n   b>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/a-b", Alternate: "http://x/ab", Lines: 1, Hyphens: 1},
		raw:  "http://x/a- \t\r\n   b"},
	// A typesetter's U+2010 before a line break (TypoHyphen: groff's, in
	// man pages) is never the URL's: one reading, without it. Elsewhere
	// it stays as written.
	{name: "typographic hyphen break", in: "<https://gnu.org/li‐\n       censes/gpl.html>.", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "https://gnu.org/licenses/gpl.html", Lines: 1},
		raw:  "https://gnu.org/li‐\n       censes/gpl.html", rest: "."},
	{name: "typographic hyphen inside", in: "<URL:http://x/a‐b\n c>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/a‐bc", Lines: 1}, raw: "http://x/a‐b\n c"},
	// A backslash or two before a line break fold the line (RFC 8792 §7,
	// RFCs' SIP examples, YANG strings): never the URL's. A backslash
	// elsewhere stays as written, for the parser to judge.
	{name: "folded by a backslash", in: "<sip:vm@example.com;\\\n           target=sip:bob%40example.com;\\\n  cause=480>", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "sip:vm@example.com;target=sip:bob%40example.com;cause=480", Lines: 2},
		raw:  "sip:vm@example.com;\\\n           target=sip:bob%40example.com;\\\n  cause=480"},
	{name: "folded by a backslash after a space", in: "<https://biloxi.example.org \\\n   /biloxi.cert>", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "https://biloxi.example.org/biloxi.cert", Lines: 1},
		raw:  "https://biloxi.example.org \\\n   /biloxi.cert"},
	{name: "folded by two backslashes", in: "<https://www.iana.org/assignments/ssh-para\\\\\n                            meters>", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "https://www.iana.org/assignments/ssh-parameters", Lines: 1},
		raw:  "https://www.iana.org/assignments/ssh-para\\\\\n                            meters"},
	{name: "backslash not at a break", in: "<URL:http://x/a\\b\n c\\>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/a\\bc\\", Lines: 1}, raw: "http://x/a\\b\n c\\"},
	{name: "hyphen breaks twice", in: "<URL:http://x/a-\nb-c-\nd>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/a-b-c-d", Alternate: "http://x/ab-cd", Lines: 2, Hyphens: 2},
		raw:  "http://x/a-\nb-c-\nd"},
	{name: "hyphen and plain break", in: "<URL:http://x/a-\nb/\nc>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/a-b/c", Alternate: "http://x/ab/c", Lines: 2, Hyphens: 1},
		raw:  "http://x/a-\nb/\nc"},
	{name: "hyphen break quoted", in: "<URL:http://x/a-\n> b>", quote: "> ", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/a-b", Alternate: "http://x/ab", Lines: 1, Hyphens: 1},
		raw:  "http://x/a-\n> b"},
	{name: "hyphen break angle", in: "<http://x/a-\nb>", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "http://x/a-b", Alternate: "http://x/ab", Lines: 1, Hyphens: 1},
		raw:  "http://x/a-\nb"},
	// rule 4: a hyphen at the start of the next line is just text
	{name: "hyphen starts line", in: "<URL:gopher://gopher.example.edu:70/00/drafts/uri\n-context.txt>, and", atEOF: true,
		want: Wrapper{Kind: URL, URL: "gopher://gopher.example.edu:70/00/drafts/uri-context.txt", Lines: 1},
		raw:  "gopher://gopher.example.edu:70/00/drafts/uri\n-context.txt", rest: ", and"},
	// rule 4: a hyphen with text after it on its line is no break
	{name: "hyphen then space", in: "<URL:http://x/a- b\nc>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/a-bc", Lines: 1}, raw: "http://x/a- b\nc"},
	// rule 4: a hyphen that ends the URL has no other reading
	{name: "hyphen ends URL", in: "<URL:http://x/a-\n>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/a-", Lines: 1}, raw: "http://x/a-"},

	// rule 5: quote prefixes of continuation lines are not part of the URL
	{name: "news gopher quoted", in: "<URL:gopher://gopher.example.edu/11/Information%20About%20Gopher\n>/Gopher%2B>.  Is that right?\n", quote: ">", atEOF: true,
		want: Wrapper{Kind: URL, URL: "gopher://gopher.example.edu/11/Information%20About%20Gopher/Gopher%2B", Lines: 1},
		raw:  "gopher://gopher.example.edu/11/Information%20About%20Gopher\n>/Gopher%2B", rest: ".  Is that right?\n"},
	// rule 5: without the quote, the '>' starting the next line closes
	{name: "news gopher unquoted", in: "<URL:gopher://gopher.example.edu/11/Information%20About%20Gopher\n>/Gopher%2B>.", atEOF: true,
		want: Wrapper{Kind: URL, URL: "gopher://gopher.example.edu/11/Information%20About%20Gopher", Lines: 1},
		raw:  "gopher://gopher.example.edu/11/Information%20About%20Gopher", rest: "/Gopher%2B>."},
	{name: "mail quoted", in: "<URL:ftp://ftp.example.net/pub/drafts/\n> draft-uri-context-03.txt;type=a> but the mirror", quote: "> ", atEOF: true,
		want: Wrapper{Kind: URL, URL: "ftp://ftp.example.net/pub/drafts/draft-uri-context-03.txt;type=a", Lines: 1},
		raw:  "ftp://ftp.example.net/pub/drafts/\n> draft-uri-context-03.txt;type=a", rest: " but the mirror"},
	// rule 5: markers compare without their spaces
	{name: "quote spaced vs tight", in: "<URL:http://x/\n>y>", quote: "> ", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/y", Lines: 1}, raw: "http://x/\n>y"},
	{name: "quote tight vs spaced", in: "<URL:http://x/\n> > y>", quote: ">>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/y", Lines: 1}, raw: "http://x/\n> > y"},
	{name: "quote bar", in: "<URL:http://x/\n| y>", quote: "| ", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/y", Lines: 1}, raw: "http://x/\n| y"},
	{name: "quote two lines", in: "<URL:a/\n>> b/\n>>c>", quote: "> > ", atEOF: true,
		want: Wrapper{Kind: URL, URL: "a/b/c", Lines: 2}, raw: "a/\n>> b/\n>>c"},
	// rule 5: indentation before a prefix is whitespace
	{name: "quote indented", in: "<URL:http://x/\n   > y>", quote: ">", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/y", Lines: 1}, raw: "http://x/\n   > y"},
	{name: "break after prefix quoted", in: "<URL:\n> http://x>", quote: ">", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x", Lines: 1}, raw: "http://x"},
	// rule 5: a '>' after the quote's own markers closes the wrapper
	{name: "quote deeper closes", in: "<URL:http://x/\n>> y", quote: ">", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/", Lines: 1}, raw: "http://x/", rest: " y"},
	// rule 5: a continuation line without the prefix: unterminated
	{name: "quote missing", in: "<URL:http://x/\ny>", quote: ">", atEOF: true},
	{name: "quote other marker", in: "<URL:http://x/\n| y>", quote: ">", atEOF: true},
	{name: "quote shallower", in: "<URL:http://x/\n> y>", quote: "> >", atEOF: true},

	// rule 6: unterminated wrappers give up without swallowing text
	{name: "EOF", in: "<URL:http://x", atEOF: true},
	{name: "EOF after break", in: "<URL:http://x/\n  y", atEOF: true},
	{name: "EOF in prefix", in: "<UR", atEOF: true},
	{name: "EOF in scheme", in: "<htt", atEOF: true},
	{name: "blank line", in: "<URL:http://x/\n\ny>", atEOF: true},
	{name: "blank line spaces", in: "<URL:http://x/\n \t \ny>", atEOF: true},
	{name: "blank line quoted", in: "<URL:http://x/\n>\n> y>", quote: "> ", atEOF: true},
	{name: "blank line quoted spaces", in: "<URL:http://x/\n> \t\n> y>", quote: ">", atEOF: true},
	{name: "blank line after prefix", in: "<URL:\n\nhttp://x>", atEOF: true},
	{name: "another bracket", in: "<URL:http://x/ <URL:http://y>", atEOF: true},
	{name: "bracket repeated", in: "<URL:<URL:<URL:", atEOF: true},
	{name: "bracket in scheme", in: "<http<http://x>", atEOF: true},
	{name: "bytes exceeded", in: "<URL:http://x>", atEOF: true, lim: Limits{MaxBytes: 13}},
	{name: "bytes exactly", in: "<URL:http://x>", atEOF: true, lim: Limits{MaxBytes: 14},
		want: Wrapper{Kind: URL, URL: "http://x"}, raw: "http://x"},
	// rule 6: once data holds MaxBytes, decide rather than ask for more
	{name: "bytes exceeded not EOF", in: "<URL:http://x>", lim: Limits{MaxBytes: 13}},
	{name: "bytes reached not EOF", in: "<URL:http://", lim: Limits{MaxBytes: 12}},
	{name: "bytes below not EOF", in: "<URL:http://", lim: Limits{MaxBytes: 13}, wantMore: true},
	{name: "lines exceeded", in: "<URL:a\nb\nc>", atEOF: true, lim: Limits{MaxLines: 1}},
	{name: "lines exactly", in: "<URL:a\nb\nc>", atEOF: true, lim: Limits{MaxLines: 2},
		want: Wrapper{Kind: URL, URL: "abc", Lines: 2}, raw: "a\nb\nc"},
	{name: "default lines", in: "<URL:a" + strings.Repeat("\nb", 16) + ">", atEOF: true,
		want: Wrapper{Kind: URL, URL: "a" + strings.Repeat("b", 16), Lines: 16}, raw: "a" + strings.Repeat("\nb", 16)},
	// Issue 15: no line limit by default but the byte bound.
	{name: "default lines, many", in: "<URL:a" + strings.Repeat("\nb", 1000) + ">", atEOF: true,
		want: Wrapper{Kind: URL, URL: "a" + strings.Repeat("b", 1000), Lines: 1000}, raw: "a" + strings.Repeat("\nb", 1000)},
	{name: "default bytes exceeded", in: "<URL:http://x/" + strings.Repeat("a", 64<<10) + ">", atEOF: true},
	{name: "default bytes not EOF", in: "<URL:http://x/" + strings.Repeat("a", 64<<10)},

	// rule 7: CRLF and lone CR are line breaks, CRLF one of them
	{name: "CRLF", in: "<URL:http://x/\r\n  y>\r\n", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/y", Lines: 1}, raw: "http://x/\r\n  y", rest: "\r\n"},
	{name: "CR", in: "<URL:http://x/\r  y>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/y", Lines: 1}, raw: "http://x/\r  y"},
	{name: "CRLF quoted", in: "<URL:http://x/\r\n> y/\r\n> z>", quote: "> ", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/y/z", Lines: 2}, raw: "http://x/\r\n> y/\r\n> z"},
	{name: "CRLF lines exactly", in: "<URL:a\r\nb\r\nc>", atEOF: true, lim: Limits{MaxLines: 2},
		want: Wrapper{Kind: URL, URL: "abc", Lines: 2}, raw: "a\r\nb\r\nc"},
	{name: "CRLF blank line", in: "<URL:http://x/\r\n\r\ny>", atEOF: true},
	{name: "CR blank line", in: "<URL:http://x/\r\ry>", atEOF: true},
	{name: "LFCR is two breaks", in: "<URL:http://x/\n\ry>", atEOF: true},

	// rule 8: non-ASCII bytes are kept, C0 controls other than TAB, CR, LF end the attempt
	{name: "UTF-8", in: "<URL:http://www.example.fr/résumé>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://www.example.fr/résumé"}, raw: "http://www.example.fr/résumé"},
	{name: "invalid UTF-8", in: "<URL:http://x/\xff\xfe>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/\xff\xfe"}, raw: "http://x/\xff\xfe"},
	{name: "DEL kept", in: "<URL:http://x/\x7f>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/\x7f"}, raw: "http://x/\x7f"},
	{name: "NUL", in: "<URL:http://x/\x00y>", atEOF: true},
	{name: "form feed", in: "<URL:http://x/\fy>", atEOF: true},
	{name: "escape in angle", in: "<http://x/\x1b>", atEOF: true},
	{name: "vertical tab after prefix", in: "<URL:\vhttp://x>", atEOF: true},
	{name: "tab kept as space", in: "<URL:http://x/\ty>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/y"}, raw: "http://x/\ty"},

	// need more: data ends before the wrapper is decided and !atEOF
	{name: "more bracket", in: "<", wantMore: true},
	{name: "more prefix", in: "<UR", wantMore: true},
	{name: "more scheme", in: "<htt", wantMore: true},
	{name: "more URL", in: "<URL:http://x", wantMore: true},
	{name: "more after colon", in: "<URL:", wantMore: true},
	{name: "more after CR", in: "<URL:http://x/\r", wantMore: true},
	{name: "more indentation", in: "<URL:http://x/\n   ", wantMore: true},
	{name: "more quote", in: "<URL:http://x/\n>", quote: ">", wantMore: true},
	{name: "more quote spaces", in: "<URL:http://x/\n> > ", quote: "> > ", wantMore: true},
	// a decided wrapper needs no more data, whatever atEOF says
	{name: "closed not EOF", in: "<URL:http://x> and", want: Wrapper{Kind: URL, URL: "http://x"}, raw: "http://x", rest: " and"},
	{name: "quote closes not EOF", in: "<URL:http://x/\n>", want: Wrapper{Kind: URL, URL: "http://x/", Lines: 1}, raw: "http://x/"},
	{name: "None not EOF", in: "<alice@", wantMore: false},
	// A blank line may begin an RFC's page break: the lines after it
	// decide, and a whole line that is no footer decides at once.
	{name: "blank line not EOF", in: "<URL:http://x/\n\n", wantMore: true},
	{name: "blank line then part of a line not EOF", in: "<URL:http://x/\n\ny", wantMore: true},
	{name: "blank line then text not EOF", in: "<URL:http://x/\n\ny\n", wantMore: false},
	{name: "blank lines then text not EOF", in: "<URL:http://x/\n\n  \n\nyz\n", wantMore: false},
	{name: "footer then no form feed not EOF", in: "<URL:http://x/\n\nA. Author   [Page 5]\nRFC", wantMore: false},
	{name: "page break more", in: "<URL:http://x/\n\nA. Author   [Page 5]\n\f\nRFC 1738   URL   December 1994\n\n", wantMore: true},

	// An RFC's page break inside a wrapper (RFC 7322 §4.1): the footer,
	// the form feed and the header are not part of the URL.
	{name: "page break", in: "<URL:http://www.iana.org/assignments/\n\n\n\nBerners-Lee, Masinter & McCahill                                [Page 5]\n\f\nRFC 1738            Uniform Resource Locators (URL)        December 1994\n\n\n   media-types/>.", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://www.iana.org/assignments/media-types/", Lines: 9},
		raw:  "http://www.iana.org/assignments/\n\n\n\nBerners-Lee, Masinter & McCahill                                [Page 5]\n\f\nRFC 1738            Uniform Resource Locators (URL)        December 1994\n\n\n   media-types/", rest: "."},
	{name: "page break, CRLF, form feed before header", in: "<http://a.example/b/\r\n\r\nSmith    Expires May 1, 2021    [Page 12]\r\n\fInternet-Draft    Title    November 2020\r\n\r\n   c.html>", atEOF: true,
		want: Wrapper{Kind: Angle, URL: "http://a.example/b/c.html", Lines: 5},
		raw:  "http://a.example/b/\r\n\r\nSmith    Expires May 1, 2021    [Page 12]\r\n\fInternet-Draft    Title    November 2020\r\n\r\n   c.html"},
	{name: "page break, hyphen before it", in: "<URL:http://x/a-\n\nAuthor [Page 2]\n\f\nRFC 1 Title\n\nb>", atEOF: true,
		want: Wrapper{Kind: URL, URL: "http://x/a-b", Alternate: "http://x/ab", Lines: 6, Hyphens: 1},
		raw:  "http://x/a-\n\nAuthor [Page 2]\n\f\nRFC 1 Title\n\nb"},
	// not page breaks: the wrapper stays unterminated
	{name: "footer without form feed", in: "<URL:http://x/\n\nAuthor [Page 2]\nRFC 1 Title\n\nb>", atEOF: true},
	{name: "form feed without footer", in: "<URL:http://x/\n\nAuthor\n\f\nRFC 1 Title\n\nb>", atEOF: true},
	{name: "footer page not a number", in: "<URL:http://x/\n\nAuthor [Page x]\n\f\nRFC 1 Title\n\nb>", atEOF: true},
	{name: "header with a bracket", in: "<URL:http://x/\n\nAuthor [Page 2]\n\f\nRFC 1 <Title>\n\nb>", atEOF: true},
	{name: "page break quoted", in: "<URL:http://x/\n>\n> Author [Page 2]\n> \f\n> RFC 1 Title\n>\n> b>", quote: "> ", atEOF: true},
	{name: "too many blank lines", in: "<URL:http://x/\n\n\n\n\n\n\n\n\n\n\nAuthor [Page 2]\n\f\nRFC 1 Title\n\nb>", atEOF: true},
}

// expect fills in the offsets of tt.want from tt.raw and tt.rest.
func expect(t *testing.T, tt atTest) Wrapper {
	t.Helper()
	want := tt.want
	if want.Kind == None {
		return want
	}
	want.End = len(tt.in) - len(tt.rest)
	if !strings.HasSuffix(tt.in, tt.rest) || want.End < 1 || tt.in[want.End-1] != '>' {
		t.Fatalf("bad row: rest %q does not follow a '>' in %q", tt.rest, tt.in)
	}
	want.URLStart = strings.Index(tt.in[:want.End], tt.raw)
	if want.URLStart < 0 || strings.Count(tt.in[:want.End], tt.raw) != 1 {
		t.Fatalf("bad row: raw %q not once in %q", tt.raw, tt.in[:want.End])
	}
	want.URLEnd = want.URLStart + len(tt.raw)
	want.Verbatim = want.URL == tt.raw // the URL as written, on one piece of the line
	return want
}

func TestAt(t *testing.T) {
	for _, tt := range atTests {
		t.Run(tt.name, func(t *testing.T) {
			want := expect(t, tt)
			w, more := At([]byte(tt.in), tt.atEOF, []byte(tt.quote), tt.lim)
			if w != want || more != tt.wantMore {
				t.Errorf("At(%q, %v, %q) = %+v, %v, want %+v, %v", tt.in, tt.atEOF, tt.quote, w, more, want, tt.wantMore)
			}
			// Locate: the same, but a verbatim URL is left in the data.
			if want.Verbatim {
				want.URL = ""
			}
			if w, more := Locate([]byte(tt.in), tt.atEOF, []byte(tt.quote), tt.lim); w != want || more != tt.wantMore {
				t.Errorf("Locate(%q, %v, %q) = %+v, %v, want %+v, %v", tt.in, tt.atEOF, tt.quote, w, more, want, tt.wantMore)
			}
			// Span: no string at all; AppendURL builds both readings.
			url, alt := want.URL, want.Alternate
			if url == "" {
				url = tt.raw // Locate's verbatim URL
			}
			want.URL, want.Alternate = "", ""
			w, more = Span([]byte(tt.in), tt.atEOF, []byte(tt.quote), tt.lim)
			if w != want || more != tt.wantMore {
				t.Errorf("Span(%q, %v, %q) = %+v, %v, want %+v, %v", tt.in, tt.atEOF, tt.quote, w, more, want, tt.wantMore)
			}
			if alt == "" {
				alt = url // no hyphen break: the one reading
			}
			if w.Kind == None {
				url, alt = "", ""
			}
			buf := []byte("kept")
			if got := w.AppendURL(buf, []byte(tt.in), []byte(tt.quote), false); string(got) != "kept"+url {
				t.Errorf("AppendURL(%q) = %q, want %q", tt.in, got, "kept"+url)
			}
			if got := w.AppendURL(buf, []byte(tt.in), []byte(tt.quote), true); string(got) != "kept"+alt {
				t.Errorf("AppendURL(%q, dropHyphens) = %q, want %q", tt.in, got, "kept"+alt)
			}
		})
	}
}

// TestAtAppendix runs At at each '<' of the appendix example.
func TestAtAppendix(t *testing.T) {
	// appendix: the example's three URLs, whitespace ignored
	want := []string{
		"ftp://info.cern.ch/pub/www/doc;type=d",
		"ftp://ds.internic.net/rfc",
		"http://ds.internic.net/instructions/overview.html#WARNING",
	}
	got := urls(t, []byte(appendixText))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("URLs in the appendix example = %q, want %q", got, want)
	}
}

// urls returns the URLs of the wrappers in text, calling At at each '<' as a
// scanner does, with the quote prefix of the '<' line.
func urls(t *testing.T, text []byte) []string {
	t.Helper()
	var out []string
	for i := 0; i < len(text); i++ {
		if text[i] != '<' {
			continue
		}
		line := text[bytes.LastIndexByte(text[:i], '\n')+1 : i]
		w, more := At(text[i:], true, line[:QuotePrefix(line)], DefaultLimits)
		if more {
			t.Fatalf("At(%q, true) asked for more", text[i:])
		}
		if w.Kind != None {
			out = append(out, w.URL)
			i += w.End - 1
		}
	}
	return out
}

// TestAtCorpus runs At over quoted news, as in the shared news.txt sample.
func TestAtCorpus(t *testing.T) {
	const news = `In article <3cm9q2$e0@news.example.net>, someone@example.net wrote:
>I still can't find the Gopher+ item you mentioned, the one at
><URL:gopher://gopher.example.edu/11/Information%20About%20Gopher
>/Gopher%2B>.  Is that right?
> > See <URL:http://x/a-
>> b> too.

  <URL:gopher://gopher.example.edu:7070/1/mirrors/
       europe/ch/>                                        (a mirror list)
`
	want := []string{
		"gopher://gopher.example.edu/11/Information%20About%20Gopher/Gopher%2B",
		"http://x/a-b",
		"gopher://gopher.example.edu:7070/1/mirrors/europe/ch/",
	}
	got := urls(t, []byte(news))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("URLs in the news sample = %q, want %q", got, want)
	}
}

// TestAtMore cuts each input at every length: with atEOF false, At must ask
// for more or give the answer it gives on the whole input. A wrapper must be
// asked for until its '>' is in the data, and found once it is.
func TestAtMore(t *testing.T) {
	inputs := []struct{ in, quote string }{
		{"<URL:ftp://info.cern.ch/pub/www/doc;\n      type=d> but you", ""},
		{"<URL:http://www.example.com/~bob/meeting-\r\nnotes.html> (Bob", ""},
		{"<URL:gopher://gopher.example.edu/11/Information%20About%20Gopher\n>/Gopher%2B>.  Is", ">"},
		{"<URL:ftp://ftp.example.net/pub/drafts/\n> draft-uri-context-03.txt;type=a> but", "> "},
		{"<url:  \r\n  http://x/a- \r  b>", ""},
		{"<mailto:a@b>", ""},
		{"<news:comp.misc\n>", ""},
		{"<3cn4ab$f1@news.example.edu>", ""},
		{"<URL:http://x/\n\ny>", ""},
		{"<URL:http://x/\ny>", ">"},
		{"<URL:http://x/ <URL:http://y>", ""},
		{"<URL:>", ""},
		{"<http:>", ""},
	}
	for _, in := range inputs {
		data, quote := []byte(in.in), []byte(in.quote)
		full, _ := At(data, true, quote, DefaultLimits)
		for i := 1; i <= len(data); i++ {
			w, more := At(data[:i], false, quote, DefaultLimits)
			switch {
			case full.Kind != None && i < full.End && !more:
				t.Errorf("At(%q, false) = %+v, %v, want more", data[:i], w, more)
			case full.Kind != None && i >= full.End && (more || w != full):
				t.Errorf("At(%q, false) = %+v, %v, want %+v", data[:i], w, more, full)
			case !more && w != full:
				t.Errorf("At(%q, false) = %+v, %v, want more or %+v", data[:i], w, more, full)
			}
		}
	}
}

// TestAtLong checks rule 9 on a megabyte of "<URL:": each call stops at the
// next '<' and allocates nothing.
func TestAtLong(t *testing.T) {
	data := bytes.Repeat([]byte("<URL:"), 1<<20/5)
	for _, atEOF := range []bool{false, true} {
		if w, more := At(data, atEOF, nil, DefaultLimits); w.Kind != None || more {
			t.Errorf("At(<URL: × %d, %v) = %+v, %v, want None", len(data)/5, atEOF, w, more)
		}
	}
	if n := testing.AllocsPerRun(10, func() { scanAll(data) }); n != 0 {
		t.Errorf("At over <URL: × %d allocates %v times, want 0", len(data)/5, n)
	}
}

func TestAtAllocs(t *testing.T) {
	for _, tt := range []struct{ in, quote string }{
		{"<URL:http://x/y>", ""},
		{"<URL:http://www.example.com/~bob/meeting-\nnotes.html>", ""},
		{"<URL:a\n> b-\n> c>", ">"},
	} {
		data, quote := []byte(tt.in), []byte(tt.quote)
		if w, _ := At(data, true, quote, DefaultLimits); w.Kind == None {
			t.Fatalf("At(%q) = %+v, want a wrapper", tt.in, w)
		}
		if n := testing.AllocsPerRun(10, func() { At(data, true, quote, DefaultLimits) }); n != 1 {
			t.Errorf("At(%q) allocates %v times, want 1", tt.in, n)
		}
		w, _ := Span(data, true, quote, DefaultLimits)
		buf := make([]byte, 0, 2*len(data))
		if n := testing.AllocsPerRun(10, func() {
			w, _ = Span(data, true, quote, DefaultLimits)
			buf = w.AppendURL(w.AppendURL(buf[:0], data, quote, false), data, quote, true)
		}); n != 0 {
			t.Errorf("Span and AppendURL into a buffer (%q) allocate %v times, want 0", tt.in, n)
		}
	}
}

// TestAtZeroLimits checks that a zero Limits means DefaultLimits.
func TestAtZeroLimits(t *testing.T) {
	for _, in := range []string{
		"<URL:a" + strings.Repeat("\nb", 16) + ">",
		"<URL:a" + strings.Repeat("\nb", 17) + ">",
		"<URL:" + strings.Repeat("a", 64<<10-6) + ">",
		"<URL:" + strings.Repeat("a", 64<<10-5) + ">",
	} {
		w0, more0 := At([]byte(in), false, nil, Limits{})
		w, more := At([]byte(in), false, nil, DefaultLimits)
		if w0 != w || more0 != more {
			t.Errorf("At(%.20q…, Limits{}) = %+v, %v, want %+v, %v", in, w0, more0, w, more)
		}
	}
}

func TestQuotePrefix(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"text", 0},
		{"   text", 0},
		{">", 1},
		{"> ", 2},
		{"> > ", 4},
		{">>", 2},
		{"|", 1},
		{"| ", 2},
		{">\ttext", 2},
		{">> text", 3},
		{"> | text", 4},
		{"><URL:x>", 1},   // the '<' of a wrapper is not a marker
		{">From here", 1}, // mbox's escaped From
		{"  > text", 4},   // indentation before a prefix belongs to it
		{"\t>text", 2},
		{">\n", 1},
	}
	for _, tt := range tests {
		if got := QuotePrefix([]byte(tt.in)); got != tt.want {
			t.Errorf("QuotePrefix(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// TestOpens checks what Opens says of the shapes a '<' starts in text.
func TestOpens(t *testing.T) {
	tests := []struct {
		in        string
		ok, short bool
	}{
		{"<URL:http://a.example/>", true, false},
		{"<url:", true, false},
		{"<http://a.example/>", true, false},
		{"<a href=x>", false, false},
		{"<3cn4ab$f1@news.example.edu>", false, false},
		{"<br/>", false, false},
		{"<", false, true},
		{"<UR", false, true},
		{"<mailto", false, true},
		{"<ht\n  tps://a.example/>", true, false},
		{"<h\n1>", true, false},
		{"<\nx", false, false},
		{"x<URL:", false, false},
		{"", false, false},
	}
	for _, tt := range tests {
		ok, short := Opens([]byte(tt.in), DefaultLimits)
		if ok != tt.ok || short != tt.short {
			t.Errorf("Opens(%q) = %v, %v, want %v, %v", tt.in, ok, short, tt.ok, tt.short)
		}
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{None: "none", URL: "wrapped", Angle: "angle", 7: "Kind(7)"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", uint8(k), got, want)
		}
	}
}

func FuzzAt(f *testing.F) {
	for _, tt := range atTests {
		if len(tt.in) < 1<<10 {
			f.Add(tt.in, tt.quote, len(tt.in)/2)
		}
	}
	f.Add(appendixText[strings.IndexByte(appendixText, '<'):], "", 40)
	f.Fuzz(func(t *testing.T, in, quote string, cut int) {
		At([]byte(in), true, []byte(quote), DefaultLimits) // any data, any quote: no panic
		for i := 0; i <= len(in); i++ {
			if i == 0 || in[i-1] == '\n' {
				InPageBreak([]byte(in), i) // any line start: no panic
			}
		}
		if !strings.HasPrefix(in, "<") {
			in = "<" + in
		}
		data := []byte(in)
		q := []byte(quote)
		q = q[:QuotePrefix(q)]
		for _, lim := range []Limits{DefaultLimits, {MaxBytes: 48, MaxLines: 2}} {
			w, more := At(data, true, q, lim)
			if more {
				t.Fatalf("At(%q, true) asked for more", data)
			}
			checkWrapper(t, data, lim, w)
			// Verbatim says the URL is its text as written; Locate gives
			// what At gives, that URL left in the data.
			if w.Kind != None && w.Verbatim != (w.URL == string(data[w.URLStart:w.URLEnd])) {
				t.Fatalf("At(%q): Verbatim %v, URL %q, text %q", data, w.Verbatim, w.URL, data[w.URLStart:w.URLEnd])
			}
			lw, lmore := Locate(data, true, q, lim)
			aw := w
			if aw.Verbatim {
				aw.URL = ""
			}
			if lw != aw || lmore != more {
				t.Fatalf("Locate(%q) = %+v, %v; At gave %+v, %v", data, lw, lmore, w, more)
			}
			// Span gives what At gives without its strings, and
			// AppendURL builds them.
			sw, smore := Span(data, true, q, lim)
			aw.URL, aw.Alternate = "", ""
			if sw != aw || smore != more {
				t.Fatalf("Span(%q) = %+v, %v; At gave %+v, %v", data, sw, smore, w, more)
			}
			if w.Kind != None {
				alt := w.Alternate
				if alt == "" {
					alt = w.URL
				}
				if u, a := sw.AppendURL(nil, data, q, false), sw.AppendURL(nil, data, q, true); string(u) != w.URL || string(a) != alt {
					t.Fatalf("AppendURL(%q) = %q and %q; At gave %q and %q", data, u, a, w.URL, w.Alternate)
				}
			}
			if (w.Hyphens > 0) != (w.Alternate != "") {
				t.Fatalf("At(%q) = %+v: Hyphens and Alternate disagree", data, w)
			}
			// Opens false and not short: At finds nothing, whatever the
			// quote and whether data ends there or not.
			if ok, short := Opens(data, lim); !ok && !short {
				if w.Kind != None {
					t.Fatalf("Opens(%q) = false, At found %+v", data, w)
				}
				if w, more := At(data, false, q, lim); w.Kind != None || more {
					t.Fatalf("Opens(%q) = false, At(atEOF false) = %+v, %v", data, w, more)
				}
			}
			if w.Kind != None {
				// The wrapper alone gives the same answer.
				if w2, more := At(data[:w.End], true, q, lim); w2 != w || more {
					t.Fatalf("At(%q) = %+v, %v, want %+v as on %q", data[:w.End], w2, more, w, data)
				}
			}
			if cut < 0 {
				cut = -cut
			}
			if cut < 0 || len(data) == 0 {
				continue
			}
			c := 1 + cut%len(data)
			w2, more := At(data[:c], false, q, lim)
			if !more && w2 != w {
				t.Fatalf("At(%q, false) = %+v, %v, want more or %+v as on %q", data[:c], w2, more, w, data)
			}
			if more && (c >= lim.MaxBytes || w.Kind != None && c >= w.End) {
				t.Fatalf("At(%q, false) asked for more, want %+v", data[:c], w)
			}
		}
	})
}

// checkWrapper checks the invariants of a result of At on data.
func checkWrapper(t *testing.T, data []byte, lim Limits, w Wrapper) {
	t.Helper()
	if w.Kind == None {
		if w != (Wrapper{}) {
			t.Fatalf("At(%q) = %+v, want the zero Wrapper with None", data, w)
		}
		return
	}
	if !(0 < w.URLStart && w.URLStart < w.URLEnd && w.URLEnd < w.End && w.End <= len(data) && w.End <= lim.MaxBytes) {
		t.Fatalf("At(%q) = %+v: offsets out of order", data, w)
	}
	if data[0] != '<' || data[w.End-1] != '>' || w.Lines > lim.MaxLines {
		t.Fatalf("At(%q) = %+v: not a wrapper within %+v", data, w, lim)
	}
	if w.URL == "" || strings.ContainsAny(w.URL+w.Alternate, " \t\r\n<>") {
		t.Fatalf("At(%q) = %+v: URL empty or with whitespace or brackets", data, w)
	}
	if w.Alternate != "" && len(w.Alternate) >= len(w.URL) {
		t.Fatalf("At(%q) = %+v: Alternate not shorter than URL", data, w)
	}
	if w.Lines == 0 && w.URL != withoutSpace(data[w.URLStart:w.URLEnd]) {
		t.Fatalf("At(%q) = %+v: URL on one line is not its text", data, w)
	}
}

// withoutSpace returns raw without its spaces and tabs.
func withoutSpace(raw []byte) string {
	var b []byte
	for _, c := range raw {
		if c != ' ' && c != '\t' {
			b = append(b, c)
		}
	}
	return string(b)
}

// scanAll calls At at each '<' of data as a scanner does, skipping past each
// wrapper found.
func scanAll(data []byte) (n int) {
	for i := 0; i < len(data); {
		j := bytes.IndexByte(data[i:], '<')
		if j < 0 {
			break
		}
		i += j
		w, _ := At(data[i:], true, nil, DefaultLimits)
		if w.Kind != None {
			n++
			i += w.End
		} else {
			i++
		}
	}
	return n
}

func BenchmarkAt(b *testing.B) {
	b.Run("wrapper", func(b *testing.B) {
		data := []byte("<URL:gopher://gopher.example.edu/11/Information%20About%20Gopher\n>/Gopher%2B>.  Is that right?")
		quote := []byte(">")
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			At(data, true, quote, DefaultLimits)
		}
	})
	b.Run("line", func(b *testing.B) {
		data := []byte("<URL:http://www.example.com/gopher/faq.html#plus> and")
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			At(data, true, nil, DefaultLimits)
		}
	})
	b.Run("news", func(b *testing.B) {
		data := bytes.Repeat([]byte(appendixText+"\nMessage-ID: <3cn4ab$f1@news.example.edu>\n\n"), 64)
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			scanAll(data)
		}
	})
	b.Run("repeated", func(b *testing.B) {
		data := bytes.Repeat([]byte("<URL:"), 1<<20/5)
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			scanAll(data)
		}
	})
}
