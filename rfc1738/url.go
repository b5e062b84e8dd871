package rfc1738

import (
	"net/netip"
	"strings"
	"unicode/utf8"
)

// URL is a parsed RFC 1738 URL. Its strings belong to it: they stay valid
// whatever the caller does with the input afterwards.
//
// Components come in two forms. Path and Opaque are encoded text, exactly
// as in the input; [URL.EscapedPath] and [URL.String] give them canonically
// encoded. Every other string field is decoded: "%40" is "@".
type URL struct {
	// Scheme is the scheme name in lower case (§2.1: "programs
	// interpreting URLs should treat upper case letters as equivalent").
	Scheme string

	// Opaque is the scheme-specific part, encoded, when it does not use
	// the common Internet scheme syntax of §3.1 (mailto:, news:, and any
	// generic URL whose part does not start with "//").
	Opaque string

	// Internet is true when the scheme-specific part uses the common
	// Internet scheme syntax "//<user>:<password>@<host>:<port>/<url-path>"
	// of §3.1; the fields below up to Path are set only then.
	Internet bool

	// User and Password are decoded. §3.1: "an empty user name or
	// password is different than no user name or password", so HasUser and
	// HasPassword tell "ftp://@h/" (empty user) from "ftp://h/" (none).
	User, Password       string
	HasUser, HasPassword bool

	// Host is the host name in lower case or the four decimal groups of
	// an IP address (§3.1). It is empty only for "file:///path" (§3.10) and
	// for generic schemes written with an empty host. Lenient mode also
	// reads an IPv6 literal, kept with its brackets ("[2001:db8::1]", RFC
	// 3986 §3.2.2), and an internationalized name, held here as its
	// A-labels ("xn--mller-kva.de", IDNA2008): the form that resolves.
	Host string

	// HostUnicode is the host's U-label form ("müller.de") when it is an
	// internationalized name, written either way; "" otherwise.
	HostUnicode string

	// Port is the explicit port, valid when HasPort; see [URL.EffectivePort]
	// for the scheme's default.
	Port    int
	HasPort bool

	// Path is the url-path, encoded, without the "/" that separates it
	// from the host: §3.1 "the '/' between the host (or port) and the
	// url-path is NOT part of the url-path". HasSlash tells "http://h/"
	// from "http://h".
	Path     string
	HasSlash bool

	// Fragment is the decoded text after "#", accepted by ParseLenient only
	// (§2.2 makes "#" unsafe; the appendix puts fragments inside the
	// wrapper). HasFragment tells an empty fragment from none.
	Fragment    string
	HasFragment bool

	// The meaning of the scheme-specific part for the schemes of §3: at
	// most one is set, and only when that scheme's grammar holds. A telnet
	// URL (§3.8) means no more than its User, Password (both advisory),
	// Host and Port, so it has none.
	FTP      *FTP
	HTTP     *HTTP
	Gopher   *Gopher
	Mailto   *Mailto
	News     *News
	NNTP     *NNTP
	WAIS     *WAIS
	File     *File
	Prospero *Prospero

	// Warnings lists the rules of §2.2 that ParseLenient relaxed to accept
	// this URL, each once at its first offset. Empty after Parse.
	Warnings []Warning

	// Notes are the §6 security considerations that apply to this URL.
	Notes []Note

	raw string // the input, which String returns when it is canonical

	// passStart and passEnd locate the password in raw, when HasPassword.
	passStart, passEnd int
}

// Parse parses rawURL by the letter of RFC 1738: every character rule of
// §2.2, the common Internet scheme syntax of §3.1, and the grammar of
// §5 for the schemes of §3; other schemes parse as generic URLs.
//
// The result has three outcomes. A valid URL gives (u, nil). When the
// generic syntax and the host grammar hold but the scheme's own grammar
// does not (say "http://user@host/", §3.3), Parse returns the URL with its
// generic parts and an error: callers that want valid URLs only need look
// at the error. Otherwise it returns (nil, err). Every error is an *[Error].
func Parse(rawURL string) (*URL, error) {
	return parse(rawURL, false)
}

// ParseLenient parses rawURL as [Parse] does but relaxes the character
// rules of §2.2 that real text breaks every day: a "#fragment", unsafe
// characters such as "~" and space, non-ASCII characters, a "%" that
// starts no escape, reserved characters where a scheme reserves them, and
// (as RFC 3986 does) a "?" right after the host. Each relaxation is
// recorded in [URL.Warnings], so a URL with no warnings is one that Parse
// accepts too. Control characters, host, port and each scheme's own
// grammar stay as the RFC has them.
//
// deviation: the authority ends at the first "?" in lenient mode, so a
// user name or password that contains "?" must encode it there.
func ParseLenient(rawURL string) (*URL, error) {
	return parse(rawURL, true)
}

// parser holds the state of one parse: the input, the mode, where the
// components start (for errors), and in strict mode the first violation.
// urlBlock is a URL and the meanings of its commonest schemes, allocated
// together: one allocation, not two, for most URLs parsed.
type urlBlock struct {
	u      URL
	http   HTTP
	ftp    FTP
	gopher Gopher
	mailto Mailto
	// headers keeps the room of the last mailto's Headers for the next
	// one: a mailto without headers has none (nil) and would drop it.
	headers []Field
	notes   []Note // the room of the last URL's Notes, kept as headers is
	// err, when set, is where the parse's error is written (a Parser's
	// own); nil allocates one.
	err *Error
}

type parser struct {
	raw     string
	lenient bool
	u       *URL
	blk     *urlBlock // p.u is &blk.u
	warned  uint32    // lenient: bit per sentinel already in u.Warnings

	// Strict mode goes on past a violation, so that the error it returns
	// is the first offending byte whichever layer finds it.
	bad        bool
	badOff     int
	badErr     error
	genericBad bool // a violation of the generic syntax: no URL is returned
	inScheme   bool // the scheme's grammar is being checked

	info *scheme // what schemes says of the URL's scheme, looked up once (never nil)

	userOff, hostOff, portOff int
	pathOff                   int // offset of Path (or Opaque) in raw
}

// unknownScheme is the info of a scheme schemes does not hold.
var unknownScheme scheme

func parse(raw string, lenient bool) (*URL, error) {
	return parseInto(&urlBlock{}, raw, lenient)
}

// Parser parses URLs into one URL it reuses, for callers that only look
// at each result before the next parse: a scanner deciding whether a
// candidate is a URL, a counter. A URL or an error it returns is valid
// until its next call (copy an [*Error] to keep it); strings in them are
// substrings of the input (or decoded copies), so they must not outlive
// the input either. The zero Parser is ready. A Parser is not safe for
// concurrent use.
type Parser struct {
	blk urlBlock
	err Error // the error of the last parse that failed
}

// ParseLenient is [ParseLenient] into p's URL: the same parser, the same
// answers, with no allocation for most URLs (an escape to decode, or a
// warning list longer than the last one, allocate). Its error, too, is
// p's own: most candidates a scanner parses are no URL, and an error
// allocated for each was most of what a scan of dense text allocated.
func (p *Parser) ParseLenient(rawURL string) (*URL, error) {
	w, d, h, n := p.blk.u.Warnings[:0], p.blk.ftp.Dirs[:0], p.blk.headers[:0], p.blk.notes[:0]
	p.blk = urlBlock{err: &p.err}
	p.blk.u.Warnings, p.blk.ftp.Dirs, p.blk.headers, p.blk.notes = w, d, h, n
	return parseInto(&p.blk, rawURL, true)
}

// parseInto parses raw into blk, which must be zero but for its URL's
// Warnings, its FTP's Dirs, its headers and notes, whose capacity it
// reuses (as empty slices), and its err.
func parseInto(blk *urlBlock, raw string, lenient bool) (*URL, error) {
	blk.u.raw = raw
	if parseCommonHTTP(blk, raw) {
		return &blk.u, nil
	}
	return parseFull(blk, raw, lenient)
}

// parseFull is parseInto without its fast path: every rule, in order.
func parseFull(blk *urlBlock, raw string, lenient bool) (*URL, error) {
	p := parser{info: &unknownScheme} // until generic finds the scheme
	blk.u.raw = raw
	p.raw, p.lenient, p.u, p.blk = raw, lenient, &blk.u, blk
	if off, err := p.generic(); err != nil {
		if p.bad && p.badOff < off {
			off, err = p.badOff, p.badErr
		}
		return nil, p.error(off, err)
	}
	u := p.u
	u.Notes = notes(p.blk, u, raw, p.info.port)
	p.inScheme = true
	if off, err := p.scheme(); err != nil {
		p.violation(off, err)
	}
	if !p.bad {
		return u, nil
	}
	u.FTP, u.HTTP, u.Gopher, u.Mailto, u.News = nil, nil, nil, nil, nil
	u.NNTP, u.WAIS, u.File, u.Prospero = nil, nil, nil, nil
	if p.genericBad {
		return nil, p.error(p.badOff, p.badErr)
	}
	return u, p.error(p.badOff, p.badErr)
}

// scheme checks the grammar of the scheme's own §5 production, if it has
// one. (A switch, not a function table, keeps the parser on the stack.)
func (p *parser) scheme() (int, error) {
	name := p.u.Scheme
	if p.info.parent != "" {
		name = p.info.parent // https takes http's grammar, and so on
	}
	switch name {
	case "ftp":
		return parseFTP(p)
	case "http":
		return parseHTTP(p)
	case "gopher":
		return parseGopher(p)
	case "mailto":
		return parseMailto(p)
	case "news":
		return parseNews(p)
	case "nntp":
		return parseNNTP(p)
	case "telnet":
		return parseTelnet(p)
	case "wais":
		return parseWAIS(p)
	case "file":
		return parseFile(p)
	case "prospero":
		return parseProspero(p)
	case "tel":
		return parseTel(p)
	case "sms":
		return parseSMS(p)
	case "urn":
		return parseURN(p)
	case "xmpp":
		return parseXMPP(p)
	case "magnet":
		return parseMagnet(p)
	case "geo":
		return parseGeo(p)
	case "data":
		return parseData(p)
	case "mid", "message":
		return parseMID(p)
	case "info":
		return parseInfo(p)
	case "tag":
		return parseTag(p)
	case "acct":
		return parseAcct(p)
	case "did":
		return parseDID(p)
	case "doi":
		return parseDOI(p)
	}
	return 0, nil
}

func (p *parser) error(off int, err error) *Error {
	op := "parse"
	if p.info.grammar {
		op = p.info.op
	}
	if e := p.blk.err; e != nil {
		*e = Error{Op: op, URL: p.raw, Offset: off, Err: err}
		return e
	}
	return &Error{Op: op, URL: p.raw, Offset: off, Err: err}
}

// violation records a broken rule and keeps the first by offset.
func (p *parser) violation(off int, err error) {
	if !p.bad || off < p.badOff {
		p.bad, p.badOff, p.badErr = true, off, err
	}
	if !p.inScheme {
		p.genericBad = true
	}
}

// relax handles a broken character rule of §2.2: lenient mode records a
// warning (once per rule) and goes on, but fails on a control character;
// strict mode records the violation and goes on, so that the first
// offending byte is the one reported.
func (p *parser) relax(off int, err error) (int, error) {
	if !p.lenient {
		p.violation(off, err)
		return 0, nil
	}
	if err == ErrControl {
		return off, err
	}
	bit := uint32(1) << warnIndex(err)
	if p.warned&bit == 0 {
		p.warned |= bit
		w := Warning{Offset: off, Err: err}
		if isCharErr(err) {
			w.Char = charAt(p.raw, off)
		}
		p.u.Warnings = append(p.u.Warnings, w)
	}
	return 0, nil
}

var relaxable = []error{ErrBadEscape, ErrUnsafe, ErrNonASCII, ErrReserved, ErrFragment, ErrQueryNoSlash, ErrIPLiteral, ErrIDN, ErrSymbolHost, ErrUnderscore, ErrTrailingDot, ErrHostEscape, ErrEmptyPort, ErrNumericHost, ErrMailtoList, ErrNewsServer, ErrLocalPath, ErrEAI}

// nonASCIIWarned is the warned bit of ErrNonASCII.
var nonASCIIWarned = uint32(1) << warnIndex(ErrNonASCII)

func warnIndex(err error) int {
	for i, e := range relaxable {
		if e == err {
			return i
		}
	}
	panic("rfc1738: relaxing a rule that is not a character rule: " + err.Error())
}

// hasQuery reports whether "?" after the host starts a query in the
// scheme: http (§3.3) and the schemes this package does not define.
func (p *parser) hasQuery() bool {
	return p.u.Scheme == "http" || p.info.parent == "http" || !p.info.grammar
}

// genericurl = scheme ":" schemepart   (§5)
// schemepart = *xchar | ip-schemepart
func (p *parser) generic() (int, error) {
	raw, u := p.raw, p.u
	// One pass over the scheme's bytes finds the colon after them and
	// whether any is upper case; only a byte that is not a scheme byte
	// sends us looking further for a colon, to tell a bad scheme (a colon
	// later) from a missing one.
	colon, upper := 0, false
	for colon < len(raw) && is(raw[colon], classScheme) {
		upper = upper || raw[colon]-'A' < 26
		colon++
	}
	if colon == len(raw) || raw[colon] != ':' {
		if strings.IndexByte(raw[colon:], ':') < 0 {
			return 0, ErrMissingScheme
		}
		return colon, ErrBadScheme
	}
	if colon == 0 {
		return 0, ErrMissingScheme
	}
	u.Scheme = raw[:colon]
	if upper {
		u.Scheme = strings.ToLower(u.Scheme)
	}
	if p.info = schemeInfo(u.Scheme); p.info == nil {
		p.info = &unknownScheme
	}
	start, end := colon+1, len(raw)

	// "#" is unsafe (§2.2), but the appendix places a fragment inside the
	// wrapper: lenient mode splits it off, strict mode rejects it once the
	// text before it has been checked (so the first offending byte wins).
	frag := strings.IndexByte(raw[start:], '#')
	if frag >= 0 {
		frag += start
		end = frag
	}
	var off int
	var err error
	if strings.HasPrefix(raw[start:end], "//") && !p.info.opaque {
		off, err = p.internet(start+2, end)
	} else {
		u.Opaque = raw[start:end]
		p.pathOff = start
		off, err = p.chars(start, end, resAll)
	}
	if err != nil || frag < 0 {
		return off, err
	}
	if off, err := p.relax(frag, ErrFragment); err != nil {
		return off, err
	}
	if off, err := p.chars(frag+1, len(raw), resAll); err != nil {
		return off, err
	}
	u.Fragment, u.HasFragment = unescape(raw[frag+1:]), true
	return 0, nil
}

// ip-schemepart = "//" login [ "/" urlpath ]   (§3.1, §5)
// login         = [ user [ ":" password ] "@" ] hostport
func (p *parser) internet(start, end int) (int, error) {
	raw, u := p.raw, p.u
	u.Internet = true
	// One pass over the authority finds its end (the first "/", or in
	// lenient mode for a scheme with queries the first "?": deviation, as
	// RFC 3986 §3.2 does), its last "@", the first ":" (the user's, when
	// an "@" follows) and the first ":" after the last "@" (the port's).
	// A short authority costs less read byte by byte than searched for
	// each of them in turn.
	queryEnds := p.lenient && p.hasQuery()
	authEnd, at, firstColon, portColon := end, -1, -1, -1
scan:
	for i := start; i < end; i++ {
		switch raw[i] {
		case '/':
			authEnd = i
			break scan
		case '?':
			if queryEnds {
				authEnd = i
				break scan
			}
		case '@':
			at, portColon = i, -1
		case ':':
			if firstColon < 0 {
				firstColon = i
			}
			if portColon < 0 {
				portColon = i
			}
		}
	}

	hostStart := start
	if at >= 0 {
		// §3.1: "Within the user and password field, any ':', '@', or '/'
		// must be encoded."
		u.HasUser = true
		userEnd := at
		if firstColon >= 0 && firstColon < at {
			userEnd = firstColon
			u.HasPassword = true
		}
		p.userOff = start
		// user = *[ uchar | ";" | "?" | "&" | "=" ]
		if off, err := p.chars(start, userEnd, resSemi|resQuest|resAmp|resEq); err != nil {
			return off, err
		}
		u.User = unescape(raw[start:userEnd])
		if u.HasPassword {
			// password = *[ uchar | ";" | "?" | "&" | "=" ]
			if off, err := p.chars(userEnd+1, at, resSemi|resQuest|resAmp|resEq); err != nil {
				return off, err
			}
			u.Password = unescape(raw[userEnd+1 : at])
			u.passStart, u.passEnd = userEnd+1, at
		}
		hostStart = at + 1
	}

	// hostport = host [ ":" port ]
	hostEnd := authEnd
	if hostStart < authEnd && raw[hostStart] == '[' {
		// RFC 3986 §3.2.2: IP-literal = "[" IPv6address "]", the port
		// after the "]".
		close := strings.IndexByte(raw[hostStart:authEnd], ']')
		if close < 0 {
			return hostStart, ErrBadHost
		}
		hostEnd = hostStart + close + 1
		if hostEnd < authEnd && raw[hostEnd] != ':' {
			return hostEnd, ErrBadHost
		}
	} else if portColon >= 0 {
		hostEnd = portColon
	}
	p.hostOff = hostStart
	if off, err := p.host(hostStart, hostEnd, authEnd); err != nil {
		return off, err
	}
	if hostEnd < authEnd {
		p.portOff = hostEnd + 1
		port, i := parsePort(raw[hostEnd+1 : authEnd])
		at := hostEnd + 1 + i
		switch {
		case i >= 0 && at == authEnd:
			// An empty port: lenient mode reads the URL without it, as
			// RFC 3986 §6.2.3 normalizes it (ErrEmptyPort); but not before
			// "//", which in text is another URL glued on
			// ("www.a.comhttp://b.example/").
			if strings.HasPrefix(raw[at:], "//") {
				return at, ErrBadPort
			}
			if off, err := p.relax(at, ErrEmptyPort); err != nil {
				return off, err
			}
		case i >= 0 && raw[at] == '?' && p.hasQuery():
			return hostEnd + 1 + i, ErrQueryNoSlash // strict mode only: lenient ended the authority there
		case i >= 0 && is(raw[at], classDigit):
			// Digits, but above 65535: the BNF's port = digits holds, so
			// the URL stands, with its error (as a scheme's grammar
			// error does); no connection can use it.
			p.inScheme = true
			p.violation(hostEnd+1+i, ErrPortRange)
			p.inScheme = false
			u.Port, u.HasPort = bigPort(raw[hostEnd+1:authEnd]), true
		case i >= 0:
			return hostEnd + 1 + i, ErrBadPort
		default:
			u.Port, u.HasPort = port, true
		}
	}

	// [ "/" urlpath ], urlpath = *xchar
	switch {
	case authEnd == end:
		p.pathOff = end
		return 0, nil
	case raw[authEnd] == '?':
		// Only in lenient mode: "http://host?query".
		if off, err := p.relax(authEnd, ErrQueryNoSlash); err != nil {
			return off, err
		}
		p.pathOff = authEnd
	default:
		u.HasSlash = true
		p.pathOff = authEnd + 1
	}
	u.Path = raw[p.pathOff:end]
	return p.chars(p.pathOff, end, resAll)
}

// host checks raw[start:end] as a host and sets u.Host (and
// u.HostUnicode). end < authEnd means a port follows.
//
//	host = hostname | hostnumber   (§3.1, §5)
//
// Two later forms are read too, each a warning in lenient mode and a
// violation in strict mode, since RFC 1738's hosts are ASCII names and
// IPv4 numbers: an IP literal in brackets (RFC 3986 §3.2.2, zone IDs by
// RFC 6874) and an internationalized domain name (IDNA2008, RFC 5890/5891).
func (p *parser) host(start, end, authEnd int) (int, error) {
	raw, u := p.raw, p.u
	host := raw[start:end]
	switch {
	case host == "":
		// An empty host is valid for file (§3.10: "the empty string ... the
		// machine from which the URL is being interpreted") and for generic
		// schemes this package does not know, such as SQLAlchemy's
		// "sqlite:///app.db"; with no user and no port.
		if !(u.Scheme == "file" || !p.info.known) || u.HasUser || end < authEnd {
			return start, ErrMissingHost
		}
		return 0, nil
	case host[0] == '[':
		if i := badIPLiteral(host); i >= 0 {
			return start + i, ErrBadHost
		}
		if off, err := p.relax(start, ErrIPLiteral); err != nil {
			return off, err
		}
		u.Host = lower(host)
		return 0, nil
	}
	if n := len(host); n > 1 && host[n-1] == '.' && host[n-2] != '.' && !isHostnumber(host[:n-1]) && !isNumericHost(host[:n-1]) {
		// A name written fully qualified: the name is read as any host
		// (its own faults first), then the dot relaxed (ErrTrailingDot)
		// and kept, as written.
		if off, err := p.host(start, end-1, authEnd); err != nil {
			return off, err
		}
		if off, err := p.relax(end-1, ErrTrailingDot); err != nil {
			return off, err
		}
		u.Host += "."
		if u.HostUnicode != "" {
			u.HostUnicode += "."
		}
		return 0, nil
	}
	i := badHost(host)
	if i < 0 {
		u.Host = lower(host)
		if strings.Contains(u.Host, "xn--") {
			u.HostUnicode = idnLookup(idnToUnicode, u.Host).uni
		}
		return 0, nil
	}
	if raw[start+i] == '?' && p.hasQuery() { // strict mode only: lenient ended the authority there
		return start + i, ErrQueryNoSlash
	}
	if dotted, ok := numericHost(host); ok && whatwgSpecial(u.Scheme) {
		// A host that ends in a number, as browsers read it: an IPv4
		// address in another form (ErrNumericHost), read in dotted decimal.
		if off, err := p.relax(start, ErrNumericHost); err != nil {
			return off, err
		}
		u.Host = dotted
		return 0, nil
	}
	if raw[start+i] == '_' {
		// "_" inside a label below the top one is relaxed (ErrUnderscore);
		// a host bad even so fails at the byte that makes it so, but for a
		// name with non-ASCII labels too ("a_b.例え.jp"), read as an IDN
		// below (idnHost).
		j := badHostname(host, true)
		if j >= 0 && host[j] < utf8.RuneSelf {
			return start + j, ErrBadHost
		}
		if j < 0 {
			if off, err := p.relax(start+i, ErrUnderscore); err != nil {
				return off, err
			}
			u.Host = lower(host)
			return 0, nil
		}
		i = j
	}
	if raw[start+i] == '%' {
		return p.escapedHost(start, host, i)
	}
	if raw[start+i] < 0x80 || strings.ContainsRune(host, utf8.RuneError) {
		return start + i, ErrBadHost
	}
	// A name with non-ASCII labels (idnHost, remembered by idnLookup).
	r := idnLookup(idnToASCII, host)
	if !r.ok && !r.symbols && !r.underscore {
		return start + i, ErrBadHost
	}
	warn := ErrIDN
	if r.symbols {
		warn = ErrSymbolHost
	}
	// With a "_" too, the two warnings in the order of their offsets:
	// strict mode fails at the first.
	offs, errs := [2]int{start + i, -1}, [2]error{warn, nil}
	if r.underscore {
		offs[1], errs[1] = start+strings.IndexByte(host, '_'), ErrUnderscore
		if offs[1] < offs[0] {
			offs[0], offs[1], errs[0], errs[1] = offs[1], offs[0], errs[1], errs[0]
		}
	}
	for k, off := range offs {
		if off < 0 {
			break
		}
		if off, err := p.relax(off, errs[k]); err != nil {
			return off, err
		}
	}
	u.Host, u.HostUnicode = r.ascii, r.uni
	return 0, nil
}

// escapedHost reads host, raw[start:] with its first "%" at host[i], as a
// host name written with escapes and sets u.Host (and u.HostUnicode) to it
// decoded: RFC 3986 §3.2.2, reg-name = *( unreserved / pct-encoded /
// sub-delims ), whose escapes stand for a name's octets (a non-ASCII
// name's UTF-8: an IDN, RFC 3987 §3.1), and §6.2.2.2, escapes of
// unreserved characters "should be decoded" by normalizers. The
// decoded name must be a host as any other is (badHost, IDNA2008); an
// escape of "%" is not decoded twice. ErrHostEscape, a warning in lenient
// mode, is reported at the first "%".
func (p *parser) escapedHost(start int, host string, i int) (int, error) {
	ascii, uni, bad := escapedName(host, i)
	if bad >= 0 {
		return start + bad, ErrBadHost
	}
	if off, err := p.relax(start+i, ErrHostEscape); err != nil {
		return off, err
	}
	p.u.Host, p.u.HostUnicode = ascii, uni
	if uni == "" && strings.Contains(ascii, "xn--") {
		p.u.HostUnicode = idnLookup(idnToUnicode, ascii).uni
	}
	return 0, nil
}

// escapedName decodes host, a name written with escapes whose first "%"
// is host[i] (escapedHost), and checks it as a host: a §3.1 hostname, or
// an IDN that IDNA2008 makes one of. It returns the name's A-label form
// (lower case) and its U-label form, if it has one, or bad, the offset in
// host of what keeps it from being a host (bad < 0 when nothing does).
func escapedName(host string, i int) (ascii, uni string, bad int) {
	for j := i; j < len(host); j++ {
		if host[j] == '%' && !isEscape(host, j) {
			return "", "", j
		}
	}
	h := unescape(host)
	if strings.IndexByte(h, '%') >= 0 {
		return "", "", i
	}
	switch {
	case badHost(h) < 0:
		return lower(h), "", -1
	case nonASCIIName(h):
		if r := idnLookup(idnToASCII, h); r.ok {
			return r.ascii, r.uni, -1
		}
	}
	return "", "", i
}

// badIPLiteral checks an IP literal in brackets and returns the offset in
// lit of the first offending byte, or -1.
//
//	IP-literal = "[" ( IPv6address / IPv6addrz ) "]"   (RFC 3986 §3.2.2, RFC 6874 §2)
//	IPv6addrz  = IPv6address "%25" ZoneID
//	ZoneID     = 1*( unreserved / pct-encoded )
//
// IPvFuture is not read: no address of that form exists.
func badIPLiteral(lit string) int {
	if len(lit) < 3 || lit[len(lit)-1] != ']' {
		return len(lit) - 1
	}
	addr := lit[1 : len(lit)-1]
	if z := strings.Index(addr, "%25"); z >= 0 {
		zone := addr[z+3:]
		if zone == "" {
			return 1 + z
		}
		for i := 0; i < len(zone); i++ {
			c := zone[i]
			if c == '%' && isEscape(zone, i) {
				i += 2
				continue
			}
			if !is(c, classAlpha|classDigit) && !strings.ContainsRune("-._~", rune(c)) {
				return 1 + z + 3 + i
			}
		}
		addr = addr[:z]
	}
	// Hex digits, colons and a dotted IPv4 tail only: netip.ParseAddr's
	// error for anything else would be an allocation a rejected candidate
	// ("[zz]", "[Ab]" in prose).
	for i := 0; i < len(addr); i++ {
		if c := addr[i]; !is(c, classHex) && c != ':' && c != '.' {
			return 1
		}
	}
	a, err := netip.ParseAddr(addr)
	if err != nil || !a.Is6() || a.Zone() != "" {
		return 1
	}
	return -1
}

// fourAtATime lets chars skip unreserved bytes four at a time; a test
// turns it off to hold the skip to the byte-by-byte loop.
var fourAtATime = true

// chars checks raw[start:end] against one production's characters:
// unreserved, escapes, and the reserved characters in allow (§2.2:
// "only alphanumerics, the special characters "$-_.+!*'(),", and reserved
// characters used for their reserved purposes may be used unencoded").
func (p *parser) chars(start, end int, allow uint8) (int, error) {
	raw := p.raw
	for i := start; i < end; i++ {
		// Most bytes of a URL are unreserved: four at a time while they
		// are (a quarter of the loop's tests and bounds checks).
		for s := raw[i:end]; fourAtATime && len(s) >= 4 && unreserved[s[0]]&unreserved[s[1]]&unreserved[s[2]]&unreserved[s[3]] != 0; s = s[4:] {
			i += 4
		}
		if i >= end {
			break
		}
		c := raw[i]
		cl := classes[c]
		if cl&classUnreserved != 0 {
			continue
		}
		var err error
		switch {
		case c == '%':
			if isEscape(raw, i) {
				i += 2
				continue
			}
			err = ErrBadEscape
		case cl&classReserved != 0:
			if reserved[c]&allow != 0 {
				continue
			}
			err = ErrReserved
		case cl&classControl != 0:
			err = ErrControl
		case c >= 0x80:
			if p.lenient && p.warned&nonASCIIWarned != 0 {
				continue // an IRI's letters: warned of once, at the first
			}
			err = ErrNonASCII
		default: // national, punctuation, space
			err = ErrUnsafe
		}
		if off, err := p.relax(i, err); err != nil {
			return off, err
		}
	}
	return 0, nil
}

// badHost checks host = hostname | hostnumber (§3.1, §5) and returns the
// offset of the first offending byte, or -1.
//
//	hostname    = *[ domainlabel "." ] toplabel
//	domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
//	toplabel    = alpha | alpha *[ alphadigit | "-" ] alphadigit
//	hostnumber  = digits "." digits "." digits "." digits
func badHost(h string) int {
	if isHostnumber(h) {
		// Four groups of digits: an IP address, or nothing.
		return badHostnumber(h)
	}
	return badHostname(h, false)
}

// badHostname checks hostname (see badHost) and returns the offset of the
// first offending byte, or -1. With underscore, a domainlabel may hold
// "_" where it may hold "-" (ErrUnderscore); a toplabel never does, so
// that "a_b" is no host and a name's last label is still a §3.1 one.
func badHostname(h string, underscore bool) int {
	labelStart, under := 0, -1 // under: the label's first "_", or -1
	for i := 0; i <= len(h); i++ {
		if i < len(h) && h[i] != '.' {
			c := h[i]
			if c == '_' && underscore {
				if under < 0 {
					under = i
				}
				continue
			}
			if !is(c, classAlpha|classDigit) && c != '-' {
				return i
			}
			continue
		}
		// A label ends at i.
		if i == labelStart && i == len(h) {
			return i - 1 // a trailing ".": hostname ends with toplabel
		}
		if i == labelStart || !is(h[labelStart], classAlpha|classDigit) {
			return labelStart
		}
		if !is(h[i-1], classAlpha|classDigit) {
			return i - 1
		}
		// RFC 1034 §3.1: labels are 63 octets or less.
		if i-labelStart > 63 {
			return labelStart + 63
		}
		if i == len(h) {
			// §3.1: "The rightmost domain label will never start with a
			// digit", which tells names from addresses.
			if !is(h[labelStart], classAlpha) {
				return labelStart
			}
			if under >= 0 {
				return under
			}
		}
		labelStart, under = i+1, -1
	}
	return -1
}

// badHostnumber checks four decimal groups of digits, each at most 255 (an
// IP address, §3.1), and returns the offset of the offending group, or -1.
// isHostnumber reports whether h is four groups of digits, or nothing,
// between three dots: what badHostnumber checks.
func isHostnumber(h string) bool {
	dots := 0
	for i := 0; i < len(h); i++ {
		switch c := h[i]; {
		case c == '.':
			dots++
		case c < '0' || c > '9':
			return false
		}
	}
	return dots == 3
}

func badHostnumber(h string) int {
	groupStart, n := 0, 0
	for i := 0; i <= len(h); i++ {
		if i == len(h) || h[i] == '.' {
			if i == groupStart || n > 255 {
				if i == groupStart && i == len(h) {
					return i - 1
				}
				return groupStart
			}
			groupStart, n = i+1, 0
			continue
		}
		if n <= 255 {
			n = n*10 + int(h[i]-'0')
		}
	}
	return -1
}

// parsePort parses port = digits (§3.1). Ports above 65535 cannot be
// connected to and are rejected too. It returns the offset of the first
// offending byte, or -1.
func parsePort(s string) (int, int) {
	if s == "" {
		return 0, 0
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if !is(s[i], classDigit) {
			return 0, i
		}
		n = n*10 + int(s[i]-'0')
		if n > 65535 {
			return 0, i
		}
	}
	return n, -1
}

// bigPort returns the value of a port of digits above 65535, saturated at
// 1<<31 - 1, so that the URL's rendering keeps a port.
func bigPort(s string) int {
	n := 0
	for i := 0; i < len(s) && n < 1<<31-1; i++ {
		n = min(n*10+int(s[i]-'0'), 1<<31-1)
	}
	return n
}

// unescape decodes the escapes of s (§2.2). A "%" that starts no escape,
// accepted by lenient mode only, stands for itself.
func unescape(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if isEscape(s, i) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// lower returns s in ASCII lower case, without allocating when it already is.
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}

// ValidHost reports whether h is a host by §3.1: a fully qualified domain
// name whose labels start and end alphanumeric and whose top label does not
// start with a digit, or four decimal groups of an IP address.
func ValidHost(h string) bool { return h != "" && badHost(h) < 0 }
