// Package unwrap recovers the original target of a link that a mail
// security gateway rewrote to pass through its redirector, for urlgrep's
// --unwrap. It knows Microsoft Safe Links and Outlook Web App's
// redir.aspx, Proofpoint URL Defense (v1, v2 and v3), Google's /url
// redirect, the link rewriting of Barracuda, Trend Micro, Sophos, FireEye,
// Cisco, Symantec and ESVA gateways, Amazon SES's, Azure's, Mandrill's,
// ActiveCampaign's and Substack's click tracking, the link shims of
// Facebook, Instagram, WhatsApp, YouTube and Slack, Bing's and Yahoo's
// search results' links, and the AMP cache's and Google's AMP viewer's
// links (shims.go); and the redirects of two dozen more sites, mail
// senders' trackers and ad and affiliate networks that write their target
// in one query parameter, LinkedIn's, X's, Reddit's, Medium's and
// Telegram's among them (queryshims.go). It works on the URL string alone:
// it never fetches anything.
package unwrap

import (
	"html"
	"strings"

	"github.com/urlgrep/urlgrep/internal/ascii"
	"github.com/urlgrep/urlgrep/rfc1738"
)

// Wrapper names, as reported in the by result of [Unwrap] and in urlgrep's
// JSON key "wrapped_by".
const (
	nameSafeLinks    = "safelinks"
	nameProofpointV1 = "proofpoint-v1"
	nameProofpointV2 = "proofpoint-v2"
	nameProofpointV3 = "proofpoint-v3"
	nameGoogle       = "google"
)

// maxDepth bounds how many wrappers Unwrap peels off one URL. Real mail
// nests two at most (a Safe Link around a Proofpoint link); the bound keeps
// the work linear in the input whatever it holds.
const maxDepth = 5

// Unwrap returns the original target of a redirect wrapper, read from u,
// its parse, and the wrappers' names, outermost first. ok is false when u
// is not a known wrapper (or its payload cannot be decoded).
//
// Nested wrappers unwrap repeatedly, at most five deep. When an inner
// layer looks like a wrapper but does not decode, that layer is the target.
// A target always starts with a scheme and ":" (RFC 3986 §3.1) and holds no
// control characters.
func Unwrap(u *rfc1738.URL) (target string, by []string, ok bool) {
	if u == nil || !u.Internet || (u.Scheme != "http" && u.Scheme != "https") {
		return "", nil, false
	}
	// The authority as the parser read it: its host, in lower case and
	// without the final dot of a fully qualified name (lenient parsing
	// keeps it, as splitHTTP drops it); then the path and query as written.
	rest := u.Path
	if u.HasSlash {
		rest = "/" + rest
	}
	first, name, ok := unwrapAt(strings.TrimSuffix(u.Host, "."), rest, "")
	if !ok {
		return "", nil, false
	}
	return unwrapFrom(first, []string{name})
}

// UnwrapString is [Unwrap] for a URL held as text, which it splits
// itself (RFC 3986's generic syntax, with the leniency real links need:
// a host with a final dot, a port). ok false gives url back unchanged.
func UnwrapString(url string) (target string, by []string, ok bool) {
	host, rest, ok := splitHTTP(url)
	if !ok {
		return url, nil, false
	}
	first, name, ok := unwrapAt(host, rest, url)
	if !ok {
		return url, nil, false
	}
	return unwrapFrom(first, []string{name})
}

// unwrapFrom peels the inner layers off target, the first layer's payload.
func unwrapFrom(target string, by []string) (string, []string, bool) {
	for len(by) < maxDepth {
		host, rest, ok := splitHTTP(target)
		if !ok {
			break
		}
		next, name, ok := unwrapAt(host, rest, target)
		if !ok {
			break
		}
		target, by = next, append(by, name)
	}
	return target, by, true
}

// unwrapAt returns the target of the link to host with rest (path,
// query, fragment as written), and the wrapper's name, when the link is a
// wrapper whose payload decodes to a URL other than s, the link itself.
func unwrapAt(host, rest, s string) (target, name string, ok bool) {
	path, query := splitRest(rest)
	switch {
	case isSafeLinksHost(host):
		target, ok = queryTarget(query, "url")
		name = nameSafeLinks
	case isTeamsSafeLinks(host, path):
		target, ok = queryTarget(query, "url")
		name = nameSafeLinks
	case isProofpointHost(host):
		target, name, ok = proofpoint(rest, path, query)
	case isGoogleHost(host) && path == "/url":
		// Google's search results put the target in "url" and the search
		// terms in "q"; Gmail, Docs and Chat put the target in "q".
		name = nameGoogle
		if target, ok = queryTarget(query, "url"); !ok {
			target, ok = queryTarget(query, "q")
		}
	default:
		for _, sh := range shims {
			if sh.at(host, path) {
				target, ok = sh.target(path, query)
				name = sh.name
				break
			}
		}
	}
	if !ok || target == s || !looksLikeURL(target) {
		return "", "", false
	}
	return target, name, true
}

// splitHTTP splits an http or https URL into its host, in lower case and
// without userinfo, port or a trailing dot, and the rest after the
// authority: path, query and fragment as written.
//
//	URI       = scheme ":" "//" authority path-abempty [ "?" query ] [ "#" fragment ]
//	authority = [ userinfo "@" ] host [ ":" port ]  (RFC 3986 §3, §3.2)
func splitHTTP(s string) (host, rest string, ok bool) {
	var after string
	switch {
	case hasPrefixFold(s, "https://"):
		after = s[len("https://"):]
	case hasPrefixFold(s, "http://"):
		after = s[len("http://"):]
	default:
		return "", "", false
	}
	end := strings.IndexAny(after, "/?#")
	if end < 0 {
		end = len(after)
	}
	authority, rest := after[:end], after[end:]
	// §3.2.1: the host follows the last "@"; "https://urldefense.com@evil.example/"
	// goes to evil.example.
	if i := strings.LastIndexByte(authority, '@'); i >= 0 {
		authority = authority[i+1:]
	}
	if i := strings.IndexByte(authority, ':'); i >= 0 {
		authority = authority[:i]
	}
	// §3.2.2: "the host subcomponent is case-insensitive"; a final dot
	// names the same (fully qualified) host.
	host = strings.TrimSuffix(strings.ToLower(authority), ".")
	return host, rest, host != ""
}

// splitRest splits the part after the authority into the path and the
// query, dropping the fragment (RFC 3986 §3.3-§3.5).
func splitRest(rest string) (path, query string) {
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		rest = rest[:i]
	}
	path, query, _ = strings.Cut(rest, "?")
	return path, query
}

// isSafeLinksHost reports whether host is a regional Safe Links redirector,
// such as "nam12.safelinks.protection.outlook.com". Microsoft documents
// Safe Links' rewriting in "Safe Links in Microsoft Defender for Office 365"
// (https://learn.microsoft.com/en-us/defender-office-365/safe-links-about);
// the ".safelinks.protection.office365.us" suffix of the US government
// clouds is seen in real mail but not written down there.
func isSafeLinksHost(host string) bool {
	return isUnder(host, "safelinks.protection.outlook.com") || isUnder(host, "safelinks.protection.office365.us")
}

// isTeamsSafeLinks reports whether host and path are Safe Links' page for
// links in Microsoft Teams, such as
// "https://statics.teams.cdn.office.net/evergreen-assets/safelinks/1/atp-safelinks.html?url=…&locale=en-gb".
// Microsoft does not document this address; the form is the one users
// report (github.com/mortenn/browserpicker issue #24).
func isTeamsSafeLinks(host, path string) bool {
	return (host == "statics.teams.cdn.office.net" || host == "staticsint.teams.cdn.office.net") &&
		strings.HasPrefix(path, "/evergreen-assets/safelinks/")
}

// isGoogleHost reports whether host is Google's web search host for some
// country: "google.com", "www.google.de", "www.google.co.uk",
// "google.com.au". Google does not document its /url redirect; the
// parameters are those of the links it writes.
func isGoogleHost(host string) bool {
	host = strings.TrimPrefix(host, "www.")
	tld, ok := strings.CutPrefix(host, "google.")
	if !ok {
		return false
	}
	first, second, two := strings.Cut(tld, ".")
	return isCountryLabel(first) && (!two || isCountryLabel(second))
}

// isCountryLabel reports whether s could be one label of a Google
// top-level domain: "com", "co", "de", "uk", "cat".
func isCountryLabel(s string) bool {
	if len(s) < 2 || len(s) > 3 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

// queryTarget returns the form-decoded value of the first parameter key in
// query that is not empty. A wrapper copied out of HTML may keep "&amp;"
// between its parameters, so a key "amp;url" is "url" too.
func queryTarget(query, key string) (string, bool) {
	raw, ok := queryValue(query, key)
	if !ok || raw == "" {
		return "", false
	}
	// application/x-www-form-urlencoded, as net/url.QueryUnescape: the
	// redirectors encode the target's own "&", "=" and "+" as %26, %3D, %2B.
	return unescape(raw, true)
}

// queryValue returns the raw value of the first parameter key in query
// whose value is not empty.
func queryValue(query, key string) (string, bool) {
	for query != "" {
		var pair string
		pair, query, _ = strings.Cut(query, "&")
		name, value, _ := strings.Cut(pair, "=")
		if (name == key || name == "amp;"+key) && value != "" {
			return value, true
		}
	}
	return "", false
}

// unescape percent-decodes s; with plus, "+" stands for a space as in
// HTML forms. A "%" that starts no escape makes the payload undecodable.
func unescape(s string, plus bool) (string, bool) {
	if !strings.ContainsAny(s, "%+") {
		return s, true
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%':
			if i+2 >= len(s) || !ascii.IsHex(s[i+1]) || !ascii.IsHex(s[i+2]) {
				return "", false
			}
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		case c == '+' && plus:
			b = append(b, ' ')
		default:
			b = append(b, c)
		}
	}
	return string(b), true
}

// unhex is the value of c, a hex digit.
func unhex(c byte) byte { return byte(ascii.Unhex(c)) }

// unescapeEntities expands the HTML character references in s that end in
// ";", such as "&amp;" and "&#x2F;".
//
// deviation: Proofpoint's decoder calls Python's html.unescape, which also
// expands the legacy names that need no ";", so a target "?a=1&copy=2"
// would come back as "?a=1©=2"; HTML5 leaves those alone in attribute
// values, where the links came from.
func unescapeEntities(s string) string {
	i := strings.IndexByte(s, '&')
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for ; i >= 0; i = strings.IndexByte(s, '&') {
		b.WriteString(s[:i])
		s = s[i:]
		n := entityLen(s)
		b.WriteString(html.UnescapeString(s[:n]))
		s = s[n:]
	}
	b.WriteString(s)
	return b.String()
}

// entityLen returns the length of the reference "&name;" or "&#digits;" at
// the start of s, or 1 (the "&" alone) when there is none. The longest
// name HTML defines has 31 characters, so the scan is bounded.
func entityLen(s string) int {
	const maxName = 32
	for i := 1; i < len(s) && i <= maxName; i++ {
		c := s[i]
		switch {
		case c == ';':
			if i > 1 {
				return i + 1
			}
			return 1
		case c == '#' && i == 1, ascii.IsAlnum(c):
		default:
			return 1
		}
	}
	return 1
}

// looksLikeURL reports whether s starts with a scheme, a ":" and something
// after it, and holds no ASCII control character: a target with a line
// break would split urlgrep's output.
//
//	scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )  (RFC 3986 §3.1)
func looksLikeURL(s string) bool {
	colon := strings.IndexByte(s, ':')
	if colon < 1 || colon == len(s)-1 {
		return false
	}
	for i := 0; i < colon; i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' ||
			i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return false
		}
	}
	return true
}

// hasPrefixFold is strings.HasPrefix ignoring ASCII case (§3.1: schemes
// are case-insensitive).
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
