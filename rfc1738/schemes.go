package rfc1738

import (
	"strings"
	"unsafe"
)

// scheme describes what this package knows of one scheme.
type scheme struct {
	port       int    // default port (§3), 0 when none
	grammar    bool   // the scheme has its own grammar (see parser.scheme)
	parent     string // the §3 scheme whose grammar it takes ("http" for https), or ""
	opaque     bool   // "//" does not introduce §3.1 syntax (mailto, news)
	known      bool   // a host is required after "//"
	registered bool   // registered with IANA (iana_schemes.go)
	bare       Bare   // how it may be written in running text
	op         string // "parse " and the name, for an Error's Op, when grammar
}

//go:generate go run gen_schemes.go

// schemes holds the schemes of §3, with their default ports and grammars,
// the later schemes that take the grammar of a §3 parent (https, ftps, …)
// or whose default ports users expect, and every scheme registered with
// IANA (iana_schemes.go, generated).
var schemes map[string]scheme

func init() {
	schemes = map[string]scheme{
		"ftp":      {port: 21, grammar: true, known: true, bare: BareSlashes},   // §3.2
		"http":     {port: 80, grammar: true, known: true, bare: BareSlashes},   // §3.3
		"gopher":   {port: 70, grammar: true, known: true, bare: BareSlashes},   // §3.4
		"mailto":   {grammar: true, opaque: true, known: true, bare: BareAny},   // §3.5
		"news":     {grammar: true, opaque: true, known: true, bare: BareAny},   // §3.6
		"nntp":     {port: 119, grammar: true, known: true, bare: BareSlashes},  // §3.7
		"telnet":   {port: 23, grammar: true, known: true, bare: BareSlashes},   // §3.8
		"wais":     {port: 210, grammar: true, known: true, bare: BareSlashes},  // §3.9
		"file":     {grammar: true, known: true, bare: BareSlashes},             // §3.10
		"prospero": {port: 1525, grammar: true, known: true, bare: BareSlashes}, // §3.11

		// The same protocols over TLS take their parent's grammar: RFC 9110
		// §4.2.2 defines https "identical to the http scheme" but for the
		// port; RFC 4217 (ftps), RFC 4642 (nntps, snews), RFC 6455 §3 (ws
		// and wss: "http" syntax, a path and a query).
		"https": {port: 443, grammar: true, parent: "http", known: true, bare: BareSlashes},
		"ws":    {port: 80, grammar: true, parent: "http", known: true, bare: BareSlashes},
		"wss":   {port: 443, grammar: true, parent: "http", known: true, bare: BareSlashes},
		"ftps":  {port: 990, grammar: true, parent: "ftp", known: true, bare: BareSlashes},
		"nntps": {port: 563, grammar: true, parent: "nntp", known: true, bare: BareSlashes},
		"snews": {grammar: true, parent: "news", opaque: true, known: true, bare: BareAny},

		// Later schemes written without "//" whose syntax is checked
		// (later.go): a bare one in text is a URL only when it holds.
		"tel":     {grammar: true, opaque: true, bare: BareAny},
		"sms":     {grammar: true, opaque: true, bare: BareAny},
		"urn":     {grammar: true, opaque: true, bare: BareAny},
		"xmpp":    {grammar: true, bare: BareAny},
		"magnet":  {grammar: true, opaque: true, bare: BareAny},
		"geo":     {grammar: true, opaque: true, bare: BareAny},
		"data":    {grammar: true, opaque: true, bare: BareAny},
		"mid":     {grammar: true, opaque: true, bare: BareAny},
		"message": {grammar: true, opaque: true, bare: BareAny},
		"info":    {grammar: true, opaque: true, bare: BareAny},
		"tag":     {grammar: true, opaque: true, bare: BareAny},
		"acct":    {grammar: true, opaque: true, bare: BareAny},
		"did":     {grammar: true, opaque: true, bare: BareAny},
		"doi":     {grammar: true, opaque: true, bare: BareAny},

		// Registered, but code rather than a locator: never found bare
		// (a wrapper still gives one, which linkify's policy refuses).
		"javascript": {},
		"vbscript":   {},

		// Later schemes, generic syntax, conventional default ports.
		"sftp": {port: 22, known: true, bare: BareSlashes},
		"ssh":  {port: 22, known: true, bare: BareSlashes},
		"git":  {port: 9418, known: true, bare: BareSlashes},
		"irc":  {port: 6667, known: true, bare: BareSlashes},
		"ircs": {port: 6697, known: true, bare: BareSlashes},
	}
	for _, name := range ianaSchemes {
		s, ok := schemes[name]
		s.registered = true
		if !ok {
			// Registered: found bare in the "//" form, or with any
			// scheme-specific part when its URIs are written without
			// "//" (opaqueSchemes), which the caller checks (a "word:" in
			// prose is not a URL).
			s.bare = BareSlashes
			if opaqueSchemes[name] {
				s.bare = BareAny
			}
		}
		schemes[name] = s
	}
	for name, s := range schemes {
		if s.grammar {
			s.op = "parse " + name // once, not for each failed parse (parser.error)
			schemes[name] = s
		}
	}
	shapeKnown()
	for i, name := range commonNames {
		commonInfo[i] = schemes[name]
	}
	schemeRefs = make(map[string]*scheme, len(schemes))
	entries := make([]scheme, 0, len(schemes)) // one array, not an allocation each
	for name, s := range schemes {
		entries = append(entries, s)
		schemeRefs[name] = &entries[len(entries)-1]
	}
}

// opaqueSchemes are the registered schemes, beyond those of §3 and the
// later ones whose syntax is checked (later.go: tel, urn, mid, tag, info,
// doi, did, acct and others), whose URIs are written without "//" (RFC
// 3986 §3: no authority), as their specifications write them and xurls'
// SchemesNoAuthority lists the common ones: "cid:" (RFC 2392), "sip:"
// (RFC 3261), "secret-token:" (RFC 8959, made to be found by scanners),
// "dns:" (RFC 4501), "pkcs11:" (RFC 7512), "stun:" and "turn:" (RFC
// 7064, 7065), "im:" and "pres:" (RFC 3860, 3859), "about:" (RFC 6694),
// "bitcoin:", "callto:", "spotify:" and the like. Any other registered
// scheme stands bare only in the "//" form: most of the registry is
// applications' schemes ("at://", "content://", "steam://"), and a
// registered name before a colon in text is a word far more often than
// such a URI written without its "//" ("Content-Type:text/plain", "reach
// me at:joe@a.example", Linux's "tip:irq/urgent" branches, a "num:%d"
// format, in real mail and mailing lists).
var opaqueSchemes = map[string]bool{
	"about": true, "bitcoin": true, "bitcoincash": true, "callto": true, "cid": true,
	"dns": true, "ethereum": true, "fax": true, "h323": true, "im": true,
	"jar": true, "maps": true, "matrix": true, "modem": true,
	"ms-settings": true, "pkcs11": true, "pres": true, "secret-token": true, "service": true, "sip": true, "sips": true,
	"skype": true, "spotify": true, "stun": true, "stuns": true, "turn": true,
	"turns": true, "view-source": true,
}

// commonNames are the schemes most URLs in text have, and commonInfo what
// schemes says of each, looked up without hashing (commonIndex).
var (
	commonNames = [...]string{"http", "https", "ftp", "mailto", "news", "nntp", "gopher", "telnet", "wais", "file", "prospero"}
	commonInfo  [len(commonNames)]scheme
)

// commonIndex returns the index of name in commonNames, or -1.
func commonIndex(name string) int {
	switch name {
	case "http":
		return 0
	case "https":
		return 1
	case "ftp":
		return 2
	case "mailto":
		return 3
	case "news":
		return 4
	case "nntp":
		return 5
	case "gopher":
		return 6
	case "telnet":
		return 7
	case "wais":
		return 8
	case "file":
		return 9
	case "prospero":
		return 10
	}
	return -1
}

// schemeInfo returns what schemes says of name, or nil when name is not
// there. It returns a pointer, not a copy: a copy of the struct, made of
// overlapping 16-byte moves, stalled on reading back what the last had
// just written (5% of urlgrep's time on dense mail, in LookupBare alone).
func schemeInfo(name string) *scheme {
	if i := commonIndex(name); i >= 0 {
		return &commonInfo[i]
	}
	return schemeRefs[name]
}

// schemeRefs is schemes with pointers for values (schemeInfo), made once
// schemes is complete.
var schemeRefs map[string]*scheme

// knownShape is a filter over the names in schemes, so that LookupBare
// answers most words in prose without hashing them: bit c of
// knownShape[len][first] is set when some name of that length and first
// byte (a lower-case letter) ends in a byte of class c (shapeClass).
var knownShape [maxSchemeName + 1][26]uint64

// shapeClass maps a scheme byte to 0..38: letters, digits, "+", "-", ".".
func shapeClass(c byte) uint {
	switch {
	case 'a' <= c && c <= 'z':
		return uint(c - 'a')
	case '0' <= c && c <= '9':
		return 26 + uint(c-'0')
	case c == '+':
		return 36
	case c == '-':
		return 37
	}
	return 38
}

// mayBeKnown reports whether name, in lower case, may be in schemes.
func mayBeKnown(name []byte) bool {
	if len(name) == 0 || len(name) > maxSchemeName || name[0] < 'a' || name[0] > 'z' {
		return false
	}
	return knownShape[len(name)][name[0]-'a']&(1<<shapeClass(name[len(name)-1])) != 0
}

// shapeKnown fills knownShape from schemes.
func shapeKnown() {
	for name := range schemes {
		if n := len(name); n > 0 && n <= maxSchemeName && 'a' <= name[0] && name[0] <= 'z' {
			knownShape[n][name[0]-'a'] |= 1 << shapeClass(name[n-1])
		}
	}
}

// Bare says how a scheme's URLs may be written in running text, with no
// wrapper around them: the registry package extract asks, so that the
// parser's schemes and the scanner's are one list.
type Bare uint8

// The ways a scheme may stand bare in text.
const (
	NotBare     Bare = iota // only in a "<URL:...>" wrapper (or "<...>" with "//")
	BareSlashes             // with "//": the common Internet scheme syntax (§3.1)
	BareAny                 // with any scheme-specific part: mailto:, news:, and the registered schemes written so
)

// maxSchemeName bounds the scheme names LookupBare looks up.
const maxSchemeName = 40 // the longest registered name has 36 bytes

// LookupBare returns how the scheme named name, case ignored (§2.1), may
// stand bare in text. The schemes of §3 are found as the RFC writes them
// (mailto: and news: with any part, the others with "//"); any other
// scheme registered with IANA ([Registered]) with "//", or with any part
// when its URIs are written without "//" (opaqueSchemes); and a scheme
// that is not registered only in the generic form "scheme://authority"
// (RFC 3986 §3), when its name has two bytes or more. registered says
// whether name is registered. Which part of "e.g.http" or "see-http" is
// the scheme is the caller's choice (package extract prefers a
// registered suffix). It does not allocate.
func LookupBare(name []byte) (bare Bare, registered bool) {
	if len(name) > maxSchemeName || len(name) == 0 {
		return NotBare, false
	}
	// The name as it is when it is lower case already, as most are; a
	// copy in buf lowered only when it is not. (Lowering every name into
	// buf a byte at a time, then comparing it a word at a time, stalled
	// on every lookup: the loads wait for the stores.)
	lowered := name
	var buf [maxSchemeName]byte
	if hasUpper(name) {
		for i, c := range name {
			if isUpper(c) {
				c += 'a' - 'A'
			}
			buf[i] = c
		}
		lowered = buf[:len(name)]
	}
	if mayBeKnown(lowered) {
		// A string over the bytes, not a copy: schemeInfo keeps nothing
		// of it.
		if s := schemeInfo(unsafe.String(unsafe.SliceData(lowered), len(lowered))); s != nil {
			return s.bare, s.registered
		}
	}
	if len(name) < 2 || !isSchemeName(name) {
		return NotBare, false
	}
	return BareSlashes, false
}

// isUpper reports whether c is an ASCII upper-case letter.
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// hasUpper reports whether name holds an ASCII upper-case letter.
func hasUpper(name []byte) bool {
	for _, c := range name {
		if isUpper(c) {
			return true
		}
	}
	return false
}

// isSchemeName: scheme = alpha *( alpha | digit | "+" | "-" | "." ) (§2.1;
// RFC 3986 §3.1 requires the first to be a letter).
func isSchemeName(name []byte) bool {
	if len(name) == 0 || !is(name[0], classAlpha) {
		return false
	}
	for _, c := range name {
		if !is(c, classScheme) {
			return false
		}
	}
	return true
}

// Registered reports whether the scheme named name (in lower case) is
// registered with IANA: permanent, provisional or historical, not
// obsolete, as of the list iana_schemes.go was generated from.
func Registered(name string) bool { return schemes[name].registered }

// Grammar returns the scheme of §3 whose grammar a URL of the scheme named
// name (in lower case) follows: the name itself for the schemes of §3, the
// parent for those that take one ("http" for https and wss, "ftp" for ftps,
// "news" for snews, "nntp" for nntps), "" for the rest.
func Grammar(name string) string {
	s := schemes[name]
	switch {
	case s.parent != "":
		return s.parent
	case s.grammar:
		return name
	}
	return ""
}

// DefaultPort returns the default port of a scheme given in lower case:
// those of §3 (ftp 21, http 80, gopher 70, nntp 119, telnet 23, wais 210,
// prospero 1525) and of a few later schemes (https 443, ssh 22, …); 0 when
// the scheme has none or is unknown.
func DefaultPort(scheme string) int { return schemes[scheme].port }

// EffectivePort returns the explicit port, else the scheme's default (0
// when it has none).
func (u *URL) EffectivePort() int {
	if u.HasPort {
		return u.Port
	}
	return DefaultPort(u.Scheme)
}

// Note is one of the security considerations of §6 that applies to a URL.
type Note uint8

// The notes of §6.
const (
	// NoteNonDefaultPort: "Caution should be used when using any URL which
	// specifies a port number other than the default for the protocol."
	NoteNonDefaultPort Note = iota + 1
	// NoteEncodedCRLF: "URLs contain embedded encoded delimiters ... (for
	// example, CR and LF characters for telnet protocols)"; a client must
	// not send them decoded.
	NoteEncodedCRLF
	// NotePassword: "The use of URLs containing passwords that should be
	// secret is clearly unwise." An empty password is no secret.
	NotePassword
)

// String returns the note's name as the JSON output uses it:
// "nondefault_port", "encoded_crlf" or "password".
func (n Note) String() string {
	switch n {
	case NoteNonDefaultPort:
		return "nondefault_port"
	case NoteEncodedCRLF:
		return "encoded_crlf"
	case NotePassword:
		return "password"
	}
	return "unknown"
}

// notes returns the §6 notes for u, whose input was raw and whose scheme's
// default port is def, in blk's room for them (a reused Parser's), or nil.
func notes(blk *urlBlock, u *URL, raw string, def int) []Note {
	ns := blk.notes[:0]
	if u.HasPort {
		if d := def; d != 0 && d != u.Port {
			ns = append(ns, NoteNonDefaultPort)
		}
	}
	if crlfAt(raw, 0, len(raw)) >= 0 {
		ns = append(ns, NoteEncodedCRLF)
	}
	if u.Password != "" {
		ns = append(ns, NotePassword)
	}
	if len(ns) == 0 {
		return nil
	}
	blk.notes = ns[:0]
	return ns
}

// crlfAt returns the offset of the first encoded CR or LF ("%0D", "%0A")
// in raw[start:end], or -1.
func crlfAt(raw string, start, end int) int {
	for i := start; i+2 < end; i++ {
		j := strings.IndexByte(raw[i:end-2], '%')
		if j < 0 {
			return -1
		}
		i += j
		if encodedCRLF(raw, i) {
			return i
		}
	}
	return -1
}

// encodedCRLF reports whether the "%" at raw[i], with two bytes after it,
// starts an encoded CR or LF ("%0D", "%0A", in either case).
func encodedCRLF(raw string, i int) bool {
	return raw[i+1] == '0' && (raw[i+2]|0x20 == 'd' || raw[i+2]|0x20 == 'a')
}

// rawIndex returns the offset in raw, which starts at off in the input, of
// the n-th byte of unescape(raw).
func rawIndex(raw string, off, n int) int {
	i := 0
	for ; i < len(raw) && n > 0; n-- {
		if isEscape(raw, i) {
			i += 3
		} else {
			i++
		}
	}
	return off + i
}

// hostportSlash checks the start that the grammars of nntp, wais and
// prospero share, "//" hostport "/": the common Internet scheme syntax
// (§3.1) without user or password, and the "/" before the path.
func (p *parser) hostportSlash() (int, error) {
	u := p.u
	switch {
	case !u.Internet:
		return p.pathOff, ErrNotInternet
	case u.HasUser:
		return p.userOff, ErrUserNotAllowed
	case !u.HasSlash:
		return p.pathOff, ErrMissingPath
	}
	return 0, nil
}
