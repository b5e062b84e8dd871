package extract

import (
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

// todayTests are the shapes of issue 15, "Today's URLs", one row per line
// of its table and per numbered rule: what a reader of today's text takes
// for the URL. They also run through every reader (TestReaders).
var todayTests = []struct {
	name string
	in   string
	want []string
}{
	// 1. IRIs (RFC 3987): Unicode letters, digits and marks, and dashes and
	// connectors between them, and symbols past the host; punctuation and
	// spaces end a URL, and emoji and the like are taken off its end.
	{"IRI path", "https://ja.wikipedia.org/wiki/東京 is Tokyo", []string{"https://ja.wikipedia.org/wiki/東京"}},
	{"IRI dash", "see https://en.wikipedia.org/wiki/Hatfield–McCoy_feud.", []string{"https://en.wikipedia.org/wiki/Hatfield–McCoy_feud"}},
	{"IRI trailing dash", "https://a.example/x– and https://a.example/y‿ too", []string{"https://a.example/x", "https://a.example/y"}},
	{"em dash is prose", "see http://a.example/ends—here and http://a.example/x―y", []string{"http://a.example/ends", "http://a.example/x"}},
	{"IRI in CJK prose", "请访问https://例子.example/路径。谢谢", []string{"https://例子.example/路径"}},
	{"IRI fullwidth punctuation", "（https://a.example/甲）「https://a.example/乙」https://a.example/丙，https://a.example/丁！", []string{"https://a.example/甲", "https://a.example/乙", "https://a.example/丙", "https://a.example/丁"}},
	{"IRI quotes and symbols", "“https://a.example/q” https://a.example/c© https://a.example/s✪x", []string{"https://a.example/q", "https://a.example/c", "https://a.example/s✪x"}},
	// Symbols in paths and queries (Rinku's and xurls's suites, Wikipedia's
	// titles): what issue 15's rule, "symbols end a URL", cut short.
	{"IRI symbols inside", "https://en.wikipedia.org/wiki/C♯_(programming_language) http://example.com/?foo=¥&bar=1 and http://foo.com/💖a and http://a.example/1920×1080/30°C", []string{"https://en.wikipedia.org/wiki/C♯_(programming_language)", "http://example.com/?foo=¥&bar=1", "http://foo.com/💖a", "http://a.example/1920×1080/30°C"}},
	{"IRI currency and math at the end", "https://en.wikipedia.org/wiki/€ and http://a.b/a0/$€¥ too", []string{"https://en.wikipedia.org/wiki/€", "http://a.b/a0/$€¥"}},
	{"IRI emoji at the end", "http://a.example/x🔥🔥 http://a.example/y❤\ufe0f! http://a.example/z👩\u200d💻 http://a.example/k1\u20e3\u20e3 http://a.example/™", []string{"http://a.example/x", "http://a.example/y", "http://a.example/z", "http://a.example/k1", "http://a.example/"}},
	{"IRI CJK symbols end it", "https://a.example/甲｜乙 https://a.example/丙＋丁 https://a.example/戊〒 https://a.example/x\ufffdy", []string{"https://a.example/甲", "https://a.example/丙", "https://a.example/戊", "https://a.example/x"}},
	{"IRI joiners", "http://a.example/en/someone-you-പോലൊരാള്\u200d.html and http://a.example/x\u200d", []string{"http://a.example/en/someone-you-പോലൊരാള്\u200d.html", "http://a.example/x"}},
	// Symbols inside a host: no IDNA2008 name, but a UTS #46 one, which
	// browsers open (rfc1738.ErrSymbolHost); GFM, linkify-it and anchorme
	// link them. After a whole host a symbol ends the URL as anywhere.
	{"symbols in a host", "http://x🍄.ga/ and http://a.example/ok https://a.example🔥 wow http://b✪.example", []string{"http://x🍄.ga/", "http://a.example/ok", "https://a.example", "http://b✪.example"}},
	{"symbols in a host, then prose", "http://x🍄.ga🔥 wow http://x🍄.gaを参照 (https://i❤.ws/emojidomain/👍👏🤝💪) http://🐌🍏⌚✨.🍕💩.ws/a", []string{"http://x🍄.ga", "http://x🍄.ga", "https://i❤.ws/emojidomain/", "http://🐌🍏⌚✨.🍕💩.ws/a"}},
	{"symbols after a whole host", "http://a.com🔥http://b.com🔥http://c.com http://a.com🔥www.b.com http://a.co.uk✨x.y http://a.example:80✨x.y", []string{"http://a.com", "http://b.com", "http://c.com", "http://a.com", "www.b.com", "http://a.co.uk", "http://a.example:80"}},
	{"www hosts with symbols", "www.🍕💩.ws www.i❤.ws/path www.x🍄.🍕 www.a.com🔥www.b.com www.example.com✨ wow www.🍕 no", []string{"www.🍕💩.ws", "www.i❤.ws/path", "www.a.com", "www.b.com", "www.example.com"}},
	{"symbols in a host, cut", "http://x🍄.🍕 and http://x🍄. and http://a.b🍄 and http://x🍄-", []string{"http://a.b"}},
	// RFC 3987 §2.2: iquery holds iprivate (Rinku's "?foo=\uf8ff"), a
	// path and a fragment do not.
	{"IRI private use in a query", "see http://example.com/?foo=\uf8ff&bar=1 and http://example.com/p\uf8ff x http://example.com/?a#b\uf8ff y http://example.com/?a=\U00100000 z", []string{"http://example.com/?foo=\uf8ff&bar=1", "http://example.com/p", "http://example.com/?a#b", "http://example.com/?a=\U00100000"}},
	// A backslash before a character a URL holds escapes it: a shell's
	// quoting of a pasted URL, Markdown or TeX read as text; not "\\/"
	// (a JSON string's, bareJSON) nor a backslash before a letter.
	{"backslash escapes", "curl https://auth.docker.io/token\\?service\\=registry.docker.io\\&scope\\=repository:library/docker:pull | jq", []string{"https://auth.docker.io/token?service=registry.docker.io&scope=repository:library/docker:pull"}},
	{"backslash escapes in brackets", "(https://en.wikipedia.org/wiki/Shebang_\\(Unix\\)). [V8]: https://en.wikipedia.org/wiki/V8_\\(JavaScript_engine\\) and (see https://x.example/a\\) and http://y.example/a\\_b\\#c.\\.", []string{"https://en.wikipedia.org/wiki/Shebang_(Unix)", "https://en.wikipedia.org/wiki/V8_(JavaScript_engine)", "https://x.example/a", "http://y.example/a_b#c"}},
	// A manual page's source read raw: roff's "\\-" is a "-"; its
	// zero-width "\\&" before a ".", break point "\\:", strings "\\*(Aq"
	// and "\\%" are no escapes of a URL's characters, and cut it as before.
	{"roff escapes", "https://github.com/util\\-linux/util\\-linux/ http://ftp\\&.de\\&.debian\\&.org/debian/ http://a.example/\\:x/\\:y\\*(Aq https://x.example/a\\%b https://y.example/q?a=1\\&b=2", []string{"https://github.com/util-linux/util-linux/", "http://ftp", "http://a.example/", "https://x.example/a", "https://y.example/q?a=1&b=2"}},
	{"backslash not an escape", "http://w.example/a\\nb \"http://q.example/a\\\"\" 'http://r.example/a\\'b' http://s.example/a\\\\b www.t.example/x\\?y", []string{"http://w.example/a", "http://q.example/a", "http://r.example/a", "http://s.example/a", "www.t.example/x?y"}},
	// A host that goes on after another script's letters must end in a
	// label that may be a top-level domain (twitter-text's urls:275).
	{"other script, then no top-level domain", "test http://example.comだよね.comtest/hogehoge http://sonyの.jp/ http://example.comだよね.jp/x a.b@example.comだよね.comtest", []string{"http://example.com", "http://sonyの.jp/", "http://example.comだよね.jp/x"}},
	{"IRI spaces", "https://a.example/a\u3000b https://a.example/c\u2003d https://a.example/e\u00a0f", []string{"https://a.example/a", "https://a.example/c", "https://a.example/e"}},

	// 2. IDN hosts (IDNA2008).
	{"IDN host", "http://müller.de/impressum", []string{"http://müller.de/impressum"}},
	{"IDN host, A-labels", "http://xn--mller-kva.de/impressum", []string{"http://xn--mller-kva.de/impressum"}},
	{"IDN www host", "www.bücher.example/kaufen", []string{"www.bücher.example/kaufen"}},
	// Prose glued to a host in another script: Japanese particles, Chinese,
	// Korean and Russian words straight after the host or port. A label
	// that mixes Latin with Han and kana, as .jp allows, goes on where
	// another label follows; a path holds any letter.
	{"script change ends a host", "詳細はhttp://www.example.co.jpを参照してください。请访问https://example.com了解更多 http://example.comздесь. www.naver.com에서 http://example.com:8080を mailto:x@example.jpまで",
		[]string{"http://www.example.co.jp", "https://example.com", "http://example.com", "www.naver.com", "http://example.com:8080", "mailto:x@example.jp"}},
	{"script change inside a host", "http://sonyの.jp/x http://bücher.example/ https://ja.wikipedia.org/wiki/日本語を http://例え.テスト",
		[]string{"http://sonyの.jp/x", "http://bücher.example/", "https://ja.wikipedia.org/wiki/日本語を", "http://例え.テスト"}},
	// linkifyjs's parser suite: a first label that starts with a letter
	// that is not ASCII was passed over; a character that ends the run
	// straight after "www." starts nothing (it looped, once allowed).
	// wwwHost: a "www." name is a host when its top-level domain is one
	// (the root zone's, IDNs' and brands' included, or special-use);
	// files and settings named so are not ("pool.d/www.conf" is after a
	// "/" anyway).
	{"www host's top-level domain", "see www.conf, www.tmac and www.go; www.example.c www.x.y www.1.2 but www.python.org, WWW.EXAMPLE.COM, www.a.example, www.b.invalid www.c.test www.google www.сайт.рф www.d.ONION www.e.com.",
		[]string{"www.python.org", "WWW.EXAMPLE.COM", "www.a.example", "www.b.invalid", "www.c.test", "www.google", "www.сайт.рф", "www.d.ONION", "www.e.com"}},
	// ... and the wildcard-only ones of the Public Suffix List ("*.ck");
	// a label of another script glued on after the last dot is prose's
	// (SpamAssassin's corpus: "www.aacsb.edu.去查询").
	{"www host's top-level domain, wildcard and glued text", "www.ck, www.gov.bd, www.aacsb.edu.去查询 www.a.example.查询 www.b.例え.jp www.c.example.рф/x www.d.example.テスト",
		[]string{"www.ck", "www.gov.bd", "www.aacsb.edu", "www.a.example", "www.b.例え.jp", "www.c.example.рф/x", "www.d.example"}},
	// gluedProse: with a scheme too, a label of another script after a
	// top-level domain and its dot is prose run on; a host all of
	// another script, or whose last label is a TLD, stays whole.
	{"prose glued on after a host's final dot", "see https://example.com.了解更多 or http://www.aacsb.edu.去查询, https://例え.jp.を参照 http://пример.испытание http://www.example.中国 http://intranet.去",
		[]string{"https://example.com", "http://www.aacsb.edu", "https://例え.jp", "http://пример.испытание", "http://www.example.中国", "http://intranet.去"}},
	{"IDN www host, first letter", "www.öko.de, www.Ölwechsel.example/x and www.… www.— www.«x»", []string{"www.öko.de", "www.Ölwechsel.example/x"}},

	// 3. IP literals.
	{"IPv6", "http://[2001:db8::1]/status", []string{"http://[2001:db8::1]/status"}},
	{"IPv6 port", "curl http://[2001:db8::1]:8080/x", []string{"http://[2001:db8::1]:8080/x"}},
	{"IPv6 zone", "http://[fe80::1%25eth0]/", []string{"http://[fe80::1%25eth0]/"}},
	{"IPv6 in brackets", "[http://[::1]/]", []string{"http://[::1]/"}},
	{"not: invalid literal", "http://[2001:db8::g]/ http://[192.0.2.1]/", nil},

	// 4. Schemes.
	{"generic with authority", "postgres://user@db.example.com:5432/app s3://bucket/key zoommtg://zoom.us/join?confno=123",
		[]string{"postgres://user@db.example.com:5432/app", "s3://bucket/key", "zoommtg://zoom.us/join?confno=123"}},
	{"registered opaque", "xmpp:alice@jabber.example.org, tel:+1-201-555-0123, urn:isbn:0451450523, magnet:?xt=urn:btih:c12fe1c06bba",
		[]string{"xmpp:alice@jabber.example.org", "tel:+1-201-555-0123", "urn:isbn:0451450523", "magnet:?xt=urn:btih:c12fe1c06bba"}},
	// A ":" between letters or digits is structure too: Spotify's URIs
	// are written so (its Web API's reference has this one), SIP's with
	// an IPv6 address (RFC 5954), RFC 2609's service types (they were no
	// URLs until the twenty-ninth session).
	{"registered opaque with structure", "sip:alice@atlanta.example.com spotify:track:6rqhFgbbKwnb9MLmUQDhG6 and info:doi/10.1000/182, sip:[2001:db8::10]:5070 service:printer:lpr",
		[]string{"sip:alice@atlanta.example.com", "spotify:track:6rqhFgbbKwnb9MLmUQDhG6", "info:doi/10.1000/182", "sip:[2001:db8::10]:5070", "service:printer:lpr"}},
	{"scheme names with dashes", "made-up-scheme://a.example/x chrome-extension://abc/p.html", []string{"made-up-scheme://a.example/x", "chrome-extension://abc/p.html"}},
	{"registered suffix", "e.g.http://a.example/ see-https://b.example/ 1.ftp://c.example/", []string{"http://a.example/", "https://b.example/", "ftp://c.example/"}},
	{"composite scheme whole", "git+https://a.example/r.git svn+ssh://b.example/r", []string{"git+https://a.example/r.git", "svn+ssh://b.example/r"}},
	{"mailto needs an address", "mailto:joe and mailto:?to=joe@a.example", []string{"mailto:?to=joe@a.example"}},
	{"not: words before a colon", "Note:x Re:y TODO: 10:30 Subject:hello", nil},
	{"not: labels and scopes", "DNS:nodejs.org, Info:see.this std::info::operator== Acquire::http::Proxy::http.us.debian.org", nil},
	{"not: registered word without structure", "go:generate about:this at:noon", nil},
	{"registered opaque in practice", "cid:part1.abc@a.example mid:960830.1639@a.example tag:yaml.org,2002:int acct:bob@a.example doi:10.1000/182 dns:a.example?type=A turn:turn.a.example?transport=udp",
		[]string{"cid:part1.abc@a.example", "mid:960830.1639@a.example", "tag:yaml.org,2002:int", "acct:bob@a.example", "doi:10.1000/182", "dns:a.example?type=A", "turn:turn.a.example?transport=udp"}},
	{"registered opaque, their structure", "mid:a@b.example/part2@b.example message:%3C1234@a.example%3E message://%3c5678@a.example%3e info:lccn/2002022641 tag:sandro@w3.org,2004-05:Sandro did:example:123456789abcdefghi",
		[]string{"mid:a@b.example/part2@b.example", "message:%3C1234@a.example%3E", "message://%3c5678@a.example%3e", "info:lccn/2002022641", "tag:sandro@w3.org,2004-05:Sandro", "did:example:123456789abcdefghi"}},
	// Keys of minified JavaScript and Go struct tags, from Go's source
	// tree (cmd/trace's HTML, encoding/asn1's tests), and a Git tag.
	{"not: registered names without their structure", "{message:e.message,info:{x:0,y:0},mid:Polymer.dom(this).querySelector('#m')} `asn1:\"tag:0,optional\"` tag:v1.2.3 acct:bob did:Web:x doi:foo.bar/baz",
		nil},
	{"host ends at a list's comma", "GOPROXY=https://proxy.golang.org,direct; Example,https://example.com,2020; www.a.example;www.b.example https://c.example:8080,x",
		[]string{"https://proxy.golang.org", "https://example.com", "www.a.example", "www.b.example", "https://c.example:8080"}},
	// A possessive or a closing quote right after a host or a port
	// (Autolinker.js's tests); a user's "'" stays the user's.
	{"host ends at an apostrophe", "a http://example.com's/path, www.yahoo.com's/path, http://localhost's/x, https://a.example:8080's/p, http://b.example'/x, ftp://o'brien:pw@c.example/x, http://d.example/a's/path",
		[]string{"http://example.com", "www.yahoo.com", "http://localhost", "https://a.example:8080", "http://b.example", "ftp://o'brien:pw@c.example/x", "http://d.example/a's/path"}},
	// A footnote's mark after a host or a port (Thunderbird's tests of
	// mozTXTToHTMLConv); an IP literal's "[" opens the host.
	{"host ends at a footnote's bracket", "see http://example.org[1] etc. (http://example.org[1]) https://a.example:8080[2] ssh://b.example[3] www.c.example[4] http://[2001:db8::1]/ http://u@[::1]:80/",
		[]string{"http://example.org", "http://example.org", "https://a.example:8080", "ssh://b.example", "www.c.example", "http://[2001:db8::1]/", "http://u@[::1]:80/"}},
	// AsciiDoc labels of words after a path (Asciidoctor's rendering of
	// the documentation of Asciidoctor, AsciiDoc, Spring Framework and
	// Git), trailing punctuation after them; what stays the URL's:
	// digits, one letter, a query's brackets, brackets after others or
	// after "_", ".", "-", and a word after "/" in one case or with "_"
	// (a placeholder, comrak's "[abc]").
	{"path ends at an AsciiDoc label of words", "https://opencollective.com/asciidoctor[OpenCollective] https://pagure.io/xmlto[xmlto], https://a.example/fo-pdf.xsl[fopub]. https://brew.sh/[brew.sh] https://i.example/x/[GitLab]; https://b.example/docs[@x]. (https://c.example/x.adoc[]) https://d.example/p.html#sec[Section] mailto:devel@discuss.example.org[Discuss]",
		[]string{"https://opencollective.com/asciidoctor", "https://pagure.io/xmlto", "https://a.example/fo-pdf.xsl", "https://brew.sh/", "https://i.example/x/", "https://b.example/docs", "https://c.example/x.adoc", "https://d.example/p.html#sec", "mailto:devel@discuss.example.org"}},
	{"not: a path's own brackets", "http://w.example/dictionary/subject[3] http://e.example/a[b] http://f.example/c.gif?jiffies[73B9AA] http://g.example/a?q=b[cd] http://foo.example/path_[even]-[more] gs://a/b/c.[extension] https://h.example/v1/[PROJECT_ID] https://h.example/v1/[project_id] https://htmx.example/[HTMX] https://j.example/[abc]]...",
		[]string{"http://w.example/dictionary/subject[3]", "http://e.example/a[b]", "http://f.example/c.gif?jiffies[73B9AA]", "http://g.example/a?q=b[cd]", "http://foo.example/path_[even]-[more]", "gs://a/b/c.[extension]", "https://h.example/v1/[PROJECT_ID]", "https://h.example/v1/[project_id]", "https://htmx.example/[HTMX]", "https://j.example/[abc]"}},
	// A syntax's notation is no footnote and no label: the bracket does
	// not end the run.
	{"not: a host and a bracketed port in notation", "`scheme://host[:port]/path?query[#fragment]` and http://host[:port]/x and http://host[:port] and http://mirror[1-3].example/",
		nil},
	// AsciiDoc's link macro right after a host or a port (Asciidoctor's
	// documentation); an IP literal's "[" opens the host. Past the host a
	// word in brackets stays the URL's (xurls's "path_[more]", a
	// template's placeholder).
	{"host ends at an AsciiDoc label", "https://asciidoctor.org[AsciiDoc] https://asciidoctor.org[Asciidoctor docs] https://brew.sh[安装] https://a.example:8080[Admin] www.b.example[B] https://c.example[] [[http://bad[url]] http://foo.example/path_[more] https://g.example/v1/projects/[project_id]/zones/[zone] http://[2001:db8::1][x]",
		[]string{"https://asciidoctor.org", "https://asciidoctor.org", "https://brew.sh", "https://a.example:8080", "www.b.example", "https://c.example", "http://bad", "http://foo.example/path_[more]", "https://g.example/v1/projects/[project_id]/zones/[zone]", "http://[2001:db8::1]"}},
	// HTML escaped once more and read as text (rinku's tests): the
	// escaped quote's "&" ends the host.
	{"host ends at an escaped quote", "&lt;a href=&#39;http://gi.example&#39;&gt;x&lt;/a&gt; &quot;www.q.example&quot;&gt; http://u&p@h.example/",
		[]string{"http://gi.example", "www.q.example", "http://u&p@h.example/"}},
	// Slack's link markup, in its messages and exports: the label after
	// '|' is not the URL's; a '|' in a query is.
	{"Slack's <url|label>", "<https://a.example/x|label> <https://b.example/|B Site> <mailto:c@d.example|c@d.example> <http://e.example/?l=en|sv&x=1> <#C024BE7LR|general>",
		[]string{"https://a.example/x", "https://b.example/", "mailto:c@d.example", "http://e.example/?l=en|sv&x=1"}},
	// A list after the '|' with no space, that '|', '+' or ',' goes on
	// with, is the URL's (HTML mail's font style sheets); a label with a
	// space is a label whatever it holds.
	{"a '|' list is no Slack label", "<https://f.example/css?family=Oswald|Roboto|Montserrat> <https://f.example/css?family=Lato:400,700|Rozha+One> <https://f.example/css?family=Lato|Lato:i,b,bi> <https://g.example/x|C++ docs, page 2> <https://h.example/|h.example/a>",
		[]string{"https://f.example/css?family=Oswald|Roboto|Montserrat", "https://f.example/css?family=Lato:400,700|Rozha+One", "https://f.example/css?family=Lato|Lato:i,b,bi", "https://g.example/x", "https://h.example/"}},
	// Forums' BBCode: a closing tag ends the URL; "[/" and a number do not.
	{"BBCode closing tags", "[url]https://a.example/x[/url] [img]http://b.example/i.png[/img]. [URL=http://c.example/]c[/URL] http://d.example/a[/1]",
		[]string{"https://a.example/x", "http://b.example/i.png", "http://c.example/", "http://d.example/a[/1]"}},
	{"a comma in a user, a path, a reg-name", "imap://user;AUTH=*@mail.example.com/INBOX https://a.example/x,y postgresql://h1:5432,h2:5432/db",
		[]string{"imap://user;AUTH=*@mail.example.com/INBOX", "https://a.example/x,y"}},
	// JSON strings (RFC 8259 §7): PHP's json_encode escapes "/", Go's
	// encoding/json writes "&" as \u0026; the URL is what they stand for.
	{"JSON escapes", `{"link":"https:\/\/example.com\/2020\/hello-world\/","u":"https://a.example/x?a=1\u0026b=2","v":"http:\/\/b.example\/caf\u00e9","w":"https:\/\/c.example\/\ud83d\ude00"} see https:\/\/d.example\/x.`,
		[]string{"https://example.com/2020/hello-world/", "https://a.example/x?a=1&b=2", "http://b.example/café", "https://c.example/😀", "https://d.example/x"}},
	// serialize-javascript, which server-rendered pages embed their state
	// with (Nuxt's window.__NUXT__), writes "/" as \u002F, so that no
	// "</script>" can end the script; either case, mixed with "\/".
	{"JSON escapes: \\u002F", `{"img":"https:\u002F\u002Fcdn.example.com\u002Fa.png","b":"http:\u002f\u002fb.example\u002fp?x=1\u0026y=2","c":"https:\/\u002Fc.example\/q"}`,
		[]string{"https://cdn.example.com/a.png", "http://b.example/p?x=1&y=2", "https://c.example/q"}},
	{"not: a \\u escape that is no slash", `"https:\u002Fx" "http:\u0041\u0042" "https:\u002F\u0020a.example"`, nil},
	{"not: a JSON escape for what no URL holds", `"https:\/\/e.example\/a\u0022b" "http:\/\/" C:\/Windows http://f.example/p\q`,
		[]string{"https://e.example/a", "http://f.example/p"}},
	{"registered, in the // form", "at://alice.example/app.bsky.feed.post/1 and content://media/external/images/1",
		[]string{"at://alice.example/app.bsky.feed.post/1", "content://media/external/images/1"}},
	{"a URL glued after a label", "more info:http://a.example/x, mailto:http://b.example/r news:https://d.example/ but view-source:http://c.example/",
		[]string{"http://a.example/x", "http://b.example/r", "https://d.example/", "view-source:http://c.example/"}},
	{"not: registered names as words", "content-type:text/plain, reach me at:joe@a.example, merge tip:irq/urgent, \"num:%d\", rsync:/path/to/repo", nil},

	// 5. https and the others take their parent's grammar: see
	// rfc1738's parse goldens (today.txt); here, an invalid https URL is
	// still found and reported.
	{"https user", "https://user@example.com/", []string{"https://user@example.com/"}},

	// 6. Where a URL ends.
	{"Markdown link", "[http://a.example/x](http://a.example/y)", []string{"http://a.example/x", "http://a.example/y"}},
	{"Markdown badge", "[![b](https://ci.example/x.svg)](https://ci.example/x)", []string{"https://ci.example/x.svg", "https://ci.example/x"}},
	{"quote opened before", "fetch('https://example.org/a');x", []string{"https://example.org/a"}},
	{"bracket opened before", "x=(http://example.org/a)y", []string{"http://example.org/a"}},
	{"Outlook header", "[mailto:list-admin@example.com]On Behalf Of", []string{"mailto:list-admin@example.com"}},
	{"escaped quote", `"href=\"https://nodejs.org/en/download/\">"`, []string{"https://nodejs.org/en/download/"}},
	{"pipe", "http://foo.example/path|more", []string{"http://foo.example/path"}},
	{"unsafe ends", "http://a.example/b^c http://a.example/d`e", []string{"http://a.example/b", "http://a.example/d"}},
	{"balanced brackets stay", "http://example.com/papers/(1994)/urls.html and (http://w.example/Pi_(film))", []string{"http://example.com/papers/(1994)/urls.html", "http://w.example/Pi_(film)"}},
	{"question mark in quotes", `the URI "http://example.com/?" cannot be`, []string{"http://example.com/?"}},
	// Brackets are prose's: the "?" is the sentence's (Autolinker.js's
	// suite, every bracket kind).
	{"question mark in brackets", `(see http://yahoo.com?) [http://yahoo.com/path?] {http://a.example/x?}`, []string{"http://yahoo.com", "http://yahoo.com/path", "http://a.example/x"}},
	{"question mark in prose", "is it http://example.com/? yes", []string{"http://example.com/"}},
	{"quote opened inside", "http://foo.com/blah_'quoted' and http://w.example/wiki/Ender's_Game'", []string{"http://foo.com/blah_'quoted'", "http://w.example/wiki/Ender's_Game"}},
	{"trailing at", "see http://foo.bar/path@ now", []string{"http://foo.bar/path"}},
	// HTML read as text: "&amp;" is the "&" an attribute or a paragraph
	// holds (documentation's HTML, /usr/share/doc, the Rust docs); other
	// references, and an "&amp" with no ";", are as written.
	{"ampersand in an attribute and in prose", `<a href="https://gcc.gnu.org/bugzilla/buglist.cgi?a=1&amp;b=2&#x26;c=3">x</a> and http://h.example/?x=1&amp;y=2 here, www.i.example/?a&AMP;b&#38;c, http://j.example/?a&ampere=1 .`,
		[]string{"https://gcc.gnu.org/bugzilla/buglist.cgi?a=1&b=2&c=3", "http://h.example/?x=1&y=2", "www.i.example/?a&b&c", "http://j.example/?a&ampere=1"}},
	// In angle brackets and wrappers too: the plain text converters make
	// of HTML (an RFC's phishing example, the RFC archive).
	{"ampersand in brackets", "Unsubscribe<https://list.example.com/u?id=1&amp;x=2> and <URL:http://a.example/?a=1&#38;b=2> and\n <http://www.2.example.com/cform.php\n         &amp;email=(someone@example.com)> .",
		[]string{"https://list.example.com/u?id=1&x=2", "http://a.example/?a=1&b=2", "http://www.2.example.com/cform.php&email=(someone@example.com)"}},
	{"entity in quotes", `href="http://g.example/search?q=&lt;html&gt;" and http://g.example/a&amp;`, []string{"http://g.example/search?q=&lt;html&gt;", "http://g.example/a"}},
	// A numeric reference to a character a URL holds as written is that
	// character: Go's html/template writes "+" as "&#43;" (read as written,
	// "#43;Sans" was a fragment), a newsletter's HTML a host's dot as
	// "&#46;". Quotes, a character no URL holds, a reference with no ";"
	// or of no character stay as written; one at the end is taken off.
	{"numeric references", `<link href="https://fonts.googleapis.com/css?family=Open&#43;Sans:400,600"> href=&#34;http://k.example/css?f=A&#x2b;B&#34; mailto:help@buy4now&#46;ie http://l.example/a&#0040;b&#X29;c&#x3D;&#37;20 http://m.example/McDonald&#39;s http://n.example/a&#60;b http://o.example/a&#43b&#1234567;c&#;d&#xZ;e http://p.example/a&#43;`,
		[]string{"https://fonts.googleapis.com/css?family=Open+Sans:400,600", "http://k.example/css?f=A+B", "mailto:help@buy4now.ie", "http://l.example/a(b)c=%20", "http://m.example/McDonald&#39;s", "http://n.example/a&#60;b", "http://o.example/a&#43b&#1234567;c&#;d&#xZ;e", "http://p.example/a"}},
	// An overline is the "~" that JIS X 0201's table wrote for it
	// (USENET's archives as served today): the URL's in a path, read as
	// "~"; in a host it ends the URL, as a symbol does.
	{"overline for tilde", "http://www.teleport.com/\u203ecaveman/wbs.html, www.a.example/\u203eu/ <URL:http://b.example/\u203ev/\n  x> http://c.example/a\u203e\u203eb/\u203e http://ex\u203eample.com/x",
		[]string{"http://www.teleport.com/~caveman/wbs.html", "www.a.example/~u/", "http://b.example/~v/x", "http://c.example/a~~b/~", "http://ex"}},
	// A possessive is prose's after a host or a final "/"; after a word
	// in the path the "'s" is the URL's, as page titles end (it was
	// prose's there too until the fifteenth session, as twitter-text has
	// it for t.co slugs).
	{"possessive", "http://google.com's homepage, www.example.org's and http://www.vshop.org/'s shop", []string{"http://google.com", "www.example.org", "http://www.vshop.org/"}},
	{"possessive is a title's", "https://en.wikipedia.org/wiki/McDonald's menu and http://t.co/x's website", []string{"https://en.wikipedia.org/wiki/McDonald's", "http://t.co/x's"}},
	// Three quotes and more end a Python string (apache/beam's
	// generate_yaml_docs.py) or MediaWiki's bold; two may be the URL's
	// pair (linkify-rs's "http://example.org/''").
	{"run of quotes", "<a href=\"https://github.com/apache/beam/tree/master/sdks/'''\n'''https://b.example/x''' and http://c.example/''",
		[]string{"https://github.com/apache/beam/tree/master/sdks/", "https://b.example/x", "http://c.example/''"}},
	{"news star in prose", "*Net news:* A devastating new virus", nil},
	{"news star wrapped", "<URL:news:*>", []string{"news:*"}},

	// 7. Readings ranked by the parser.
	{"percent escape across a hyphen", "<URL:http://h.example/my%2-\n0file.html>", []string{"http://h.example/my%20file.html"}},
	{"ftp type across a hyphen", "<URL:ftp://h.example/a.tar;ty-\npe=i>", []string{"ftp://h.example/a.tar;type=i"}},
	// No top-level domain holds a hyphen but an IDN's "xn--": a reading
	// whose last label does is a formatter's line break, not the host.
	{"hyphen in a top-level label", "> http://www.dissensoftware.c-\n> om[/url] and\n<URL:http://b.exa-\nmple/x> and http://www.king-\ntrade.cn, <URL:http://c.xn-\n-p1ai/>",
		[]string{"http://www.dissensoftware.com", "http://b.example/x", "http://www.king-trade.cn", "http://c.xn--p1ai/"}},
	{"hyphen kept on a tie", "<URL:http://www.w3.org/hypertext/WWW/Addressing/URL/url-\nspec.html>", []string{"http://www.w3.org/hypertext/WWW/Addressing/URL/url-spec.html"}},

	// 8. Wrappers over many lines.
	{"wrapper over 40 lines", "<URL:http://a.example/" + strings.Repeat("seg/\n  ", 40) + "end>", []string{"http://a.example/" + strings.Repeat("seg/", 40) + "end"}},

	// 9. Ports above 65535: found, with the error (see TestTodayPort).
	{"port above 65535", "http://a.example:65536/", []string{"http://a.example:65536/"}},
}

func TestToday(t *testing.T) {
	for _, tt := range todayTests {
		t.Run(tt.name, func(t *testing.T) {
			ms, _, err := scanAll(t, strings.NewReader(tt.in))
			if err != nil {
				t.Fatalf("Err() = %v", err)
			}
			if got := texts(ms); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Scan(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestTodayParsed checks what the parser says of today's shapes once
// found: canonical forms, errors.
func TestTodayParsed(t *testing.T) {
	tests := []struct {
		in, url string
		valid   bool
	}{
		{"https://ja.wikipedia.org/wiki/東京", "https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC", true},
		{"http://müller.de/impressum", "http://xn--mller-kva.de/impressum", true},
		{"http://[2001:db8::1]:8080/", "http://[2001:db8::1]:8080/", true},
		{"http://a.example:65536/", "http://a.example:65536/", false},
		{"https://user@example.com/", "https://user@example.com/", false}, // RFC 9110 §4.2.4: no userinfo in https
	}
	for _, tt := range tests {
		ms, _, err := scanAll(t, strings.NewReader(tt.in))
		if err != nil || len(ms) != 1 {
			t.Fatalf("Scan(%q) = %d matches, %v; want 1", tt.in, len(ms), err)
		}
		if m := ms[0]; m.URL != tt.url || m.Valid() != tt.valid {
			t.Errorf("Scan(%q) = URL %q valid %v (%v), want %q valid %v", tt.in, m.URL, m.Valid(), m.Err, tt.url, tt.valid)
		}
	}
}

// TestWWWAfterBracket checks where a "www." host starts: after a closing
// bracket in text (a lynx dump's numbered link, a numbered list), but, with
// GFM's rules (WithGFMDomains), only where GFM's www autolinks start.
func TestWWWAfterBracket(t *testing.T) {
	in := "Web: [3]www.7pfad.de and 1)www.e.example, []www.a.com x]www.d.example"
	ms, _, err := scanAll(t, strings.NewReader(in))
	if got, want := texts(ms), []string{"www.7pfad.de", "www.e.example", "www.a.com", "www.d.example"}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Scan(%q) = %q, %v; want %q", in, got, err, want)
	}
	ms, _, err = scanAll(t, strings.NewReader(in), WithGFMDomains(true))
	if got := texts(ms); err != nil || len(got) != 0 {
		t.Errorf("Scan(%q) with WithGFMDomains = %q, %v; want none", in, got, err)
	}
	f := NewFinder()
	if m, n := f.At([]byte("www.7pfad.de"), ']', nil); m == nil || n != len("www.7pfad.de") {
		t.Errorf("At(www.7pfad.de) after ']' = %v, %d", m, n)
	}
}

// TestLinkTargets checks Scanner.SetLinkTargets: in the text of an HTML
// part, where package mailbox writes each link target on a line of its
// own in angle brackets, a '|' or a final "[...]" in one is the URL's;
// in angle brackets inside a line, and with SetLinkTargets off (as after
// a Reset), they are Slack's and AsciiDoc's labels. Read whole and a
// byte at a time (a target at the buffer's start).
func TestLinkTargets(t *testing.T) {
	in := "text\n<https://img.example/x?a=1|2>\n<https://g.example/mojavelinux[@mojavelinux]>\n" +
		"see <https://s.example/|the page> here\n<https://t.example/p|top>"
	targets := []string{"https://img.example/x?a=1|2", "https://g.example/mojavelinux[@mojavelinux]", "https://s.example/", "https://t.example/p|top"}
	labels := []string{"https://img.example/x?a=1", "https://g.example/mojavelinux", "https://s.example/", "https://t.example/p"}
	scanned := func(r io.Reader, on bool) []string {
		s := NewScanner(nil)
		s.Reset(r)
		s.SetLinkTargets(on)
		var got []string
		for s.Scan() {
			if s.Found() {
				got = append(got, s.Match().Text)
			}
		}
		if s.Err() != nil {
			t.Fatal(s.Err())
		}
		return got
	}
	for _, tc := range []struct {
		on   bool
		want []string
	}{{true, targets}, {false, labels}} {
		if got := scanned(strings.NewReader(in), tc.on); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("link targets %v: %q, want %q", tc.on, got, tc.want)
		}
		if got := scanned(iotest.OneByteReader(strings.NewReader(in)), tc.on); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("link targets %v, a byte at a time: %q, want %q", tc.on, got, tc.want)
		}
	}
	// Reset turns it off.
	s := NewScanner(nil)
	s.SetLinkTargets(true)
	s.Reset(strings.NewReader("<https://a.example/|label>\n"))
	var got []string
	for s.Scan() {
		if s.Found() {
			got = append(got, s.Match().Text)
		}
	}
	if want := []string{"https://a.example/"}; !reflect.DeepEqual(got, want) {
		t.Errorf("after Reset: %q, want %q", got, want)
	}
}
