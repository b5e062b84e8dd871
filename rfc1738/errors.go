package rfc1738

import (
	"errors"
	"strconv"
	"unicode/utf8"
)

// Sentinel errors: the rule that failed. An [*Error] wraps one of them, and
// a [Warning] names the one that lenient mode relaxed.
var (
	// Generic syntax (§2.1, §5 genericurl).
	ErrMissingScheme = errors.New(`missing scheme (§2.1: scheme ":" scheme-specific-part)`)
	ErrBadScheme     = errors.New("invalid character in scheme name (§2.1)")

	// Character rules (§2.2). Lenient mode accepts all of these but
	// ErrControl, with a warning.
	ErrBadEscape = errors.New(`"%" not followed by two hex digits (§2.2)`)
	ErrUnsafe    = errors.New("unsafe character must be encoded (§2.2)")
	ErrNonASCII  = errors.New("non-ASCII character must be encoded (§2.2)")
	ErrControl   = errors.New("control character must be encoded (§2.2)")
	ErrReserved  = errors.New("reserved character must be encoded here (§2.2)")
	ErrFragment  = errors.New(`"#" fragment is not part of a URL (§2.2: "#" must be encoded)`)

	// Common Internet scheme syntax (§3.1).
	ErrMissingHost  = errors.New("missing host (§3.1)")
	ErrBadHost      = errors.New("invalid host: not a domain name or four decimal groups (§3.1)")
	ErrBadPort      = errors.New("bad port (§3.1: port = digits)")
	ErrQueryNoSlash = errors.New(`"?" must follow "/" after the host (§3.1)`)
	ErrPortRange    = errors.New("port above 65535 (§3.1: port = digits; TCP ports are 16 bits)")
	// ErrEmptyPort is a ":" after the host with no port ("http://h:/"):
	// §3.1's port = digits has at least one, but RFC 3986 §3.2.3 has port
	// = *DIGIT, and §6.2.3 normalizes the URL by dropping the ":", as
	// browsers do. ParseLenient reads the URL with no port, and a
	// warning; Parse fails. It is an ErrBadPort for errors.Is.
	ErrEmptyPort error = &kindOf{"empty port (RFC 3986 §3.2.3; §3.1: port = digits)", ErrBadPort}

	// Later hosts, which ParseLenient accepts with a warning.
	ErrIPLiteral = errors.New("IP literal host in brackets (RFC 3986 §3.2.2), not a §3.1 host")
	ErrIDN       = errors.New("internationalized host name (IDNA2008, RFC 5890), not a §3.1 host")
	// ErrSymbolHost is a host name whose labels below the top one hold
	// symbols ("http://i❤.ws/", "http://🍄.ga/"): IDNA2008 disallows them
	// (RFC 5892 §2.1), but UTS #46, with which browsers map host names
	// (WHATWG URL Standard, "domain to ASCII"), lets them through, and such
	// names are registered. ParseLenient reads the host as its A-label
	// form, with a warning; Parse fails. It is an ErrIDN for errors.Is.
	ErrSymbolHost error = &kindOf{"host name with symbols (UTS #46, as browsers read it; not IDNA2008, RFC 5892 §2.1)", ErrIDN}
	// ErrUnderscore is a host name with "_" inside a label below the top
	// one ("my_site.example.com"): §3.1 allows letters, digits and "-"
	// only, but such names are in the DNS (RFC 2181 §11 lets a label hold
	// any octet) and browsers and peers link them.
	ErrUnderscore = errors.New(`"_" in a host name label (§3.1: letters, digits and "-" only)`)
	// ErrTrailingDot is a host name written fully qualified, the root's
	// empty label after its last "." ("www.example.org."): §3.1's
	// hostname ends with a toplabel, but the DNS writes absolute names so
	// (RFC 1034 §3.1), RFC 3986's reg-name allows it, and browsers open
	// such URLs; mail has them ("http://www.example.edu./path").
	ErrTrailingDot = errors.New(`host name ends with "." (§3.1: hostname ends with toplabel)`)
	// ErrHostEscape is a host name written with percent-encoded octets
	// ("w%77w.example.com"): §3.1's hostname has no escapes, but RFC
	// 3986's reg-name allows them (§3.2.2) and browsers decode them.
	// Spam hides its hosts so; the host is read decoded.
	ErrHostEscape = errors.New(`percent-encoded host name (RFC 3986 §3.2.2; §3.1's hostname has none)`)
	// ErrNumericHost is a host that ends in a number and is an IPv4
	// address in a form §3.1 does not have: one number ("1113343455"),
	// hexadecimal or octal parts ("0x425c45de", "0102.0134.0105.0336"),
	// fewer than four parts ("10.1"), in a scheme whose hosts browsers
	// read so (WHATWG URL Standard, IPv4 parser, for its special schemes:
	// http, https, ftp, ws, wss, file); spam hides its hosts so. Host is
	// the address in dotted decimal. It is an ErrBadHost for errors.Is.
	ErrNumericHost error = &kindOf{`host is an IPv4 address in a form browsers read (WHATWG URL), not §3.1's four decimal groups`, ErrBadHost}

	// ErrLocalPath is a file URL with a local path and no "//"
	// ("file:/etc/motd"): §3.10 has "file://" host "/" path, but RFC 8089
	// §2, which obsoletes it for file, allows local-path (= path-absolute),
	// and Java and many programs write file URLs so. ParseLenient reads it
	// as "file:///etc/motd" with a warning; Parse fails. It is an
	// ErrNotInternet for errors.Is.
	ErrLocalPath error = &kindOf{`file URL with a local path and no "//" (RFC 8089 §2; §3.10: "file://" [host] "/" path)`, ErrNotInternet}

	// Scheme grammars (§3.2–§3.11, §5).
	ErrNotInternet    = errors.New(`scheme-specific part must start with "//" (§3.1)`)
	ErrUserNotAllowed = errors.New("user name and password are not allowed in this scheme")
	ErrPortNotAllowed = errors.New("port is not allowed in this scheme")
	ErrMissingPath    = errors.New(`missing "/" and path`)
	ErrBadTypecode    = errors.New("typecode must be a, i or d (§3.2.2)")
	ErrBadGroup       = errors.New(`newsgroup name must be a letter followed by letters, digits, "-", ".", "+" or "_" (§5)`)
	ErrBadArticle     = errors.New("bad article number (§3.7: digits)")
	ErrBadMessageID   = errors.New(`message-id must be <unique>@<full_domain_name> (§3.6)`)
	ErrBadAddress     = errors.New("not an RFC 822 addr-spec (§3.5)")
	// ErrNewsServer is a news URL that names its server, RFC 5538 §2.1's
	// "news://news.example.com/comp.lang.go": §3.6's news URLs name none.
	// ParseLenient reads it with this warning (News.Server).
	ErrNewsServer = errors.New(`news URL with a server (RFC 5538 §2.1; §3.6 has none)`)
	// ErrMailtoList is a mailto URL with several addresses, or none before
	// its header fields: RFC 6068 §2 has to = addr-spec *("," addr-spec),
	// and leaves it out ("mailto:?subject=..."), §3.5 one address.
	// ParseLenient reads such URLs with this warning; Parse fails with
	// it, an ErrBadAddress for errors.Is.
	ErrMailtoList error = &kindOf{`mailto with several addresses or none (RFC 6068 §2; §3.5 has one)`, ErrBadAddress}
	// ErrEAI is a mailto URL whose address has a local part in UTF-8
	// ("mailto:Dörte@example.de"): internationalized mail (RFC 6531 §3.3,
	// RFC 6532 §3.2: atext =/ UTF8-non-ascii), which RFC 822's ASCII
	// addr-spec (§3.5) does not have. ParseLenient reads it with this
	// warning; Parse fails with it, an ErrBadAddress for errors.Is.
	ErrEAI              error = &kindOf{`internationalized mail address (RFC 6531 §3.3), not an RFC 822 addr-spec (§3.5)`, ErrBadAddress}
	ErrTelnetPath             = errors.New(`nothing may follow the host of a telnet URL but "/" (§3.8)`)
	ErrBadWAIS                = errors.New("wais path must be database, database?search or database/wtype/wpath (§3.9)")
	ErrBadProsperoField       = errors.New(`prospero field must be ";" fieldname "=" fieldvalue (§3.11)`)
	ErrBadSelector            = errors.New("gopher selector may not contain CR or LF (§3.4.1)")
	ErrFTPCRLF                = errors.New("encoded CR or LF cannot be sent in an FTP command (§3.2.2, §6)")

	// Later schemes written without "//" (later.go).
	ErrBadTel    = errors.New("not a telephone number: global \"+\" digits, or local digits with ;phone-context= (RFC 3966 §3)")
	ErrBadURN    = errors.New(`not a URN: "urn:" NID ":" NSS (RFC 8141 §2)`)
	ErrBadXMPP   = errors.New("not an XMPP address: [node \"@\"] domain [\"/\" resource] (RFC 5122 §2.2)")
	ErrBadMagnet = errors.New(`magnet URI must be "magnet:?" and key=value fields (BEP 9)`)
	ErrBadGeo    = errors.New("geo URI must be two or three numbers separated by \",\" (RFC 5870 §3.3)")
	ErrBadData   = errors.New(`data URL must be "data:" [mediatype] [";base64"] "," data (RFC 2397 §3)`)
	ErrBadMID    = errors.New(`not a message ID: local part "@" domain (RFC 2392 §2)`)
	ErrBadInfo   = errors.New(`not an info URI: "info:" namespace "/" identifier (RFC 4452 §3)`)
	ErrBadTag    = errors.New(`not a tag URI: "tag:" authority "," date ":" specific (RFC 4151 §2.1)`)
	ErrBadAcct   = errors.New(`not an acct URI: "acct:" user "@" host (RFC 7565 §7)`)
	ErrBadDID    = errors.New(`not a DID: "did:" method ":" identifier (W3C DID Core §3.1)`)
	ErrBadDOI    = errors.New(`not a DOI: "doi:10." registrant "/" suffix (DOI Handbook §2.2)`)
)

// kindOf is a sentinel that is also a broader one, for errors.Is.
type kindOf struct {
	msg  string
	kind error
}

func (e *kindOf) Error() string { return e.msg }
func (e *kindOf) Unwrap() error { return e.kind }

// isCharErr reports whether err is about the single character at its
// offset, so that messages can quote it.
func isCharErr(err error) bool {
	switch err {
	case ErrBadScheme, ErrUnsafe, ErrNonASCII, ErrControl, ErrReserved, ErrBadHost, ErrBadPort, ErrBadGroup:
		return true
	}
	return false
}

// charAt returns the character at s[i] for a message: the whole UTF-8
// sequence when one starts there, else the single byte.
func charAt(s string, i int) string {
	if i < 0 || i >= len(s) {
		return ""
	}
	if r, n := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError {
		return s[i : i+n]
	}
	return s[i : i+1]
}

// Error is the error returned by [Parse] and [ParseLenient]: which
// operation failed, on which input, at which byte, and why.
type Error struct {
	Op     string // "parse", or "parse " and the scheme for the schemes of §3
	URL    string // the input as given
	Offset int    // byte offset in URL of the first offending byte
	Err    error  // a sentinel such as ErrBadPort
}

// Error formats the error as
// `parse ftp "ftp://h:x/": offset 8: bad port (§3.1: port = digits): "x"`.
func (e *Error) Error() string {
	s := e.Op + " " + strconv.Quote(e.URL) + ": offset " + strconv.Itoa(e.Offset) + ": " + e.Err.Error()
	if isCharErr(e.Err) {
		if c := charAt(e.URL, e.Offset); c != "" {
			s += ": " + strconv.Quote(c)
		}
	}
	return s
}

// Unwrap returns the sentinel, for [errors.Is].
func (e *Error) Unwrap() error { return e.Err }

// Warning records one rule of §2.2 that [ParseLenient] relaxed: the
// sentinel that [Parse] would have returned, and where.
type Warning struct {
	Offset int    // byte offset of the first occurrence
	Err    error  // the relaxed rule, such as ErrUnsafe
	Char   string // the offending character, when the rule is about one
}

// String formats the warning as `offset 9: unsafe character must be encoded (§2.2): "~"`.
func (w Warning) String() string {
	s := "offset " + strconv.Itoa(w.Offset) + ": " + w.Err.Error()
	if w.Char != "" {
		s += ": " + strconv.Quote(w.Char)
	}
	return s
}
