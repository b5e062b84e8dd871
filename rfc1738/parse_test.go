package rfc1738

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestParseRFCExamples parses every URL that RFC 1738 itself writes, with
// the wrappers of its examples taken off and line breaks rejoined.
func TestParseRFCExamples(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want *URL
	}{
		// §1
		{"§1 archive", "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
			&URL{Scheme: "http", Internet: true, Host: "www.acl.lanl.gov", Path: "URI/archive/uri-archive.index.html", HasSlash: true,
				HTTP: &HTTP{Path: "URI/archive/uri-archive.index.html"}}},
		// §3.1: "an empty user name or password is different than no user name or password"
		{"§3.1 empty user", "ftp://@host.com/",
			&URL{Scheme: "ftp", Internet: true, HasUser: true, Host: "host.com", HasSlash: true, FTP: &FTP{Dirs: []string{}}}},
		{"§3.1 no user", "ftp://host.com/",
			&URL{Scheme: "ftp", Internet: true, Host: "host.com", HasSlash: true, FTP: &FTP{Dirs: []string{}}}},
		{"§3.1 empty password", "ftp://foo:@host.com/",
			&URL{Scheme: "ftp", Internet: true, User: "foo", HasUser: true, HasPassword: true, Host: "host.com", HasSlash: true,
				FTP: &FTP{Dirs: []string{}}}}, // §6: an empty password is no secret
		// §3.2.2
		{"§3.2.2 %2F", "ftp://myname@host.dom/%2Fetc/motd",
			&URL{Scheme: "ftp", Internet: true, User: "myname", HasUser: true, Host: "host.dom", Path: "%2Fetc/motd", HasSlash: true,
				FTP: &FTP{Dirs: []string{"/etc"}, Name: "motd"}}},
		{"§3.2.2 relative", "ftp://myname@host.dom/etc/motd",
			&URL{Scheme: "ftp", Internet: true, User: "myname", HasUser: true, Host: "host.dom", Path: "etc/motd", HasSlash: true,
				FTP: &FTP{Dirs: []string{"etc"}, Name: "motd"}}},
		{"§3.2.2 null CWD", "ftp://myname@host.dom//etc/motd",
			&URL{Scheme: "ftp", Internet: true, User: "myname", HasUser: true, Host: "host.dom", Path: "/etc/motd", HasSlash: true,
				FTP: &FTP{Dirs: []string{"", "etc"}, Name: "motd"}}},
		// §3.6
		{"§3.6 all groups", "news:*", &URL{Scheme: "news", Opaque: "*", News: &News{Group: "*"}}},
		// §3.10
		{"§3.10 VMS file", "file://vms.host.edu/disk$user/my/notes/note12345.txt",
			&URL{Scheme: "file", Internet: true, Host: "vms.host.edu", Path: "disk$user/my/notes/note12345.txt", HasSlash: true,
				File: &File{Segments: []string{"disk$user", "my", "notes", "note12345.txt"}}}},
		// §3.11: "<URL:prospero://host.dom//pros/name> designates a <hsoname> of "/pros/name""
		{"§3.11 hsoname", "prospero://host.dom//pros/name",
			&URL{Scheme: "prospero", Internet: true, Host: "host.dom", Path: "/pros/name", HasSlash: true,
				Prospero: &Prospero{HSOName: "/pros/name"}}},
		// APPENDIX
		{"appendix doc;type=d", "ftp://info.cern.ch/pub/www/doc;type=d",
			&URL{Scheme: "ftp", Internet: true, Host: "info.cern.ch", Path: "pub/www/doc;type=d", HasSlash: true,
				FTP: &FTP{Dirs: []string{"pub", "www"}, Name: "doc", Type: 'd'}}},
		{"appendix rfc", "ftp://ds.internic.net/rfc",
			&URL{Scheme: "ftp", Internet: true, Host: "ds.internic.net", Path: "rfc", HasSlash: true, FTP: &FTP{Dirs: []string{}, Name: "rfc"}}},
		// References
		{"ref 1", "ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
			&URL{Scheme: "ftp", Internet: true, Host: "ds.internic.net", Path: "rfc/rfc1436.txt;type=a", HasSlash: true,
				FTP: &FTP{Dirs: []string{"rfc"}, Name: "rfc1436.txt", Type: 'a'}}},
		{"ref 2", "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
			&URL{Scheme: "ftp", Internet: true, Host: "boombox.micro.umn.edu", Path: "pub/gopher/gopher_protocol/Gopher+/Gopher+.txt", HasSlash: true,
				FTP: &FTP{Dirs: []string{"pub", "gopher", "gopher_protocol", "Gopher+"}, Name: "Gopher+.txt"}}},
		{"ref 4", "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
			&URL{Scheme: "ftp", Internet: true, Host: "info.cern.ch", Path: "pub/www/doc/http-spec.txt.Z", HasSlash: true,
				FTP: &FTP{Dirs: []string{"pub", "www", "doc"}, Name: "http-spec.txt.Z"}}},
		{"ref 12", "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
			&URL{Scheme: "ftp", Internet: true, Host: "ds.internic.net", Path: "internet-drafts/draft-ietf-uri-irl-fun-req-02.txt", HasSlash: true,
				FTP: &FTP{Dirs: []string{"internet-drafts"}, Name: "draft-ietf-uri-irl-fun-req-02.txt"}}},
		{"ref 18", "ftp://uu.psi.com/wp/nir.txt",
			&URL{Scheme: "ftp", Internet: true, Host: "uu.psi.com", Path: "wp/nir.txt", HasSlash: true, FTP: &FTP{Dirs: []string{"wp"}, Name: "nir.txt"}}},
		// §1: the working group's address, as a mailto URL.
		{"§1 mailto", "mailto:uri@bunyip.com", &URL{Scheme: "mailto", Opaque: "uri@bunyip.com", Mailto: &Mailto{Address: "uri@bunyip.com"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, parse := range []func(string) (*URL, error){Parse, ParseLenient} {
				got, err := parse(tt.in)
				if err != nil {
					t.Fatalf("Parse(%q) error: %v", tt.in, err)
				}
				tt.want.raw = tt.in // kept so that String can return it
				if got.HasPassword {
					// The span is where the password is written, encoded.
					if pw := unescape(tt.in[got.passStart:got.passEnd]); pw != got.Password {
						t.Errorf("Parse(%q): password span %d-%d holds %q, want %q", tt.in, got.passStart, got.passEnd, pw, got.Password)
					}
					tt.want.passStart, tt.want.passEnd = got.passStart, got.passEnd
				}
				if !reflect.DeepEqual(got, tt.want) {
					t.Errorf("Parse(%q) =\n%#v\nwant\n%#v", tt.in, got, tt.want)
				}
				if s := got.String(); s != tt.in {
					t.Errorf("Parse(%q).String() = %q, want the input back", tt.in, s)
				}
			}
		})
	}
	// The appendix's third URL carries a fragment, which only lenient mode takes.
	const withFragment = "http://ds.internic.net/instructions/overview.html#WARNING"
	u, err := ParseLenient(withFragment)
	if err != nil || u.Fragment != "WARNING" || u.HTTP == nil || u.HTTP.Path != "instructions/overview.html" {
		t.Errorf("ParseLenient(%q) = %+v, %v; want fragment WARNING", withFragment, u, err)
	}
	if _, err := Parse(withFragment); !errors.Is(err, ErrFragment) {
		t.Errorf("Parse(%q) error = %v, want ErrFragment", withFragment, err)
	}
}

// TestParseErrors checks each failing rule by kind and offset, in both
// modes, and whether the generic parts come back (scheme grammar errors).
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		lenient bool  // also fails in lenient mode
		wantErr error // sentinel
		wantOff int
		wantURL bool // the generic parts are returned beside the error
	}{
		// §2.1 scheme
		{"no colon", "example.com", true, ErrMissingScheme, 0, false},
		{"empty scheme", ":foo", true, ErrMissingScheme, 0, false},
		{"bad scheme char", "ht_tp://x/", true, ErrBadScheme, 2, false},
		{"space in scheme", "my scheme:x", true, ErrBadScheme, 2, false},
		{"bad first scheme byte", "*http://x/", true, ErrBadScheme, 0, false},
		{"bad byte, colon right after", "*:x", true, ErrBadScheme, 0, false},
		{"upper case, bad scheme char", "HT_TP://x/", true, ErrBadScheme, 2, false},
		{"scheme bytes only", "http", true, ErrMissingScheme, 0, false},
		{"bad byte, no colon", "ht_tp//x/", true, ErrMissingScheme, 0, false},
		// §2.2 characters
		{"unsafe ~", "http://h/~bob", false, ErrUnsafe, 9, false},
		{"unsafe space", "http://h/a b", false, ErrUnsafe, 10, false},
		{"unsafe quote", `http://h/a"b`, false, ErrUnsafe, 10, false},
		{"unsafe brace", "x-y:{z}", false, ErrUnsafe, 4, false},
		{"non-ASCII", "http://h/caf\u00e9", false, ErrNonASCII, 12, false},
		{"bad escape", "http://h/100%", false, ErrBadEscape, 12, false},
		{"bad escape hex", "http://h/%zz", false, ErrBadEscape, 9, false},
		{"short escape", "http://h/%4", false, ErrBadEscape, 9, false},
		{"control", "http://h/a\tb", true, ErrControl, 10, false},
		{"DEL", "http://h/a\x7fb", true, ErrControl, 10, false},
		{"NUL in user", "ftp://a\x00b@h/", true, ErrControl, 7, false},
		{"fragment", "http://h/p#frag", false, ErrFragment, 10, false},
		{"first offence wins over fragment", "http://h/~p#frag", false, ErrUnsafe, 9, false},
		// §3.1 login: ":", "@" and "/" must be encoded in user and password
		{"@ in user", "ftp://a@b@h/", false, ErrReserved, 7, false},
		{": in password", "ftp://a:b:c@h/", false, ErrReserved, 9, false},
		// §3.1 host
		{"missing host", "ftp:///x", true, ErrMissingHost, 6, false},
		{"missing host after user", "ftp://u@/x", true, ErrMissingHost, 8, false},
		// "_" inside a label below the top one: lenient reads it with a
		// warning, as browsers and DNS have it; not at a label's ends, nor
		// in the top label.
		{"underscore", "http://my_host.example.com/", false, ErrUnderscore, 9, false},
		{"underscores", "http://a_b.c_d.example.com/", false, ErrUnderscore, 8, false},
		{"underscore in top label", "http://my.host_name/", true, ErrBadHost, 14, false},
		{"single label with underscore", "http://a_b/", true, ErrBadHost, 8, false},
		{"label starts with underscore", "http://_a.example.com/", true, ErrBadHost, 7, false},
		{"label ends with underscore", "http://a_.example.com/", true, ErrBadHost, 8, false},
		{"underscore and another bad byte", "http://a_b.c!d.com/", true, ErrBadHost, 12, false},
		{"label starts with hyphen", "http://-a.com/", true, ErrBadHost, 7, false},
		{"label ends with hyphen", "http://a-.com/", true, ErrBadHost, 8, false},
		{"empty label", "http://a..com/", true, ErrBadHost, 9, false},
		// A name written fully qualified ("example.org."): lenient reads
		// it with a warning, as the DNS and browsers have it; not after a
		// number, nor two dots.
		{"trailing dot", "http://a.com./", false, ErrTrailingDot, 12, false},
		{"trailing dot and port", "http://a.com.:8080/", false, ErrTrailingDot, 12, false},
		{"trailing dot, no path", "http://www.example.org.", false, ErrTrailingDot, 22, false},
		{"trailing dot, IDN", "http://b\u00fccher.de./", false, ErrIDN, 8, false},
		{"trailing dot, underscore first", "http://a_b.example.com./", false, ErrUnderscore, 8, false},
		{"trailing dot, bad name", "http://a!b.com./", true, ErrBadHost, 8, false},
		{"two trailing dots", "http://a.com../", true, ErrBadHost, 13, false},
		{"trailing dot after a number", "http://1.2.3.4./", true, ErrBadHost, 14, false},
		{"a dot for a host", "http://./", true, ErrBadHost, 7, false},
		{"top label digit", "http://a.1com/", true, ErrBadHost, 9, false},
		// A host that ends in a number: an IPv4 address in a form browsers
		// read (WHATWG URL Standard), as spam writes them.
		{"three groups", "http://10.0.0/", false, ErrNumericHost, 7, false},
		{"one number", "http://1113343455/", false, ErrNumericHost, 7, false},
		{"hexadecimal", "http://0x425c45de/", false, ErrNumericHost, 7, false},
		{"octal and hexadecimal parts", "http://0102.0x5c.69.0336/", false, ErrNumericHost, 7, false},
		{"number above 2^32-1", "http://4294967296/", true, ErrBadHost, 7, false},
		{"five parts", "http://1.2.3.4.5/", true, ErrBadHost, 15, false},
		{"a part above 255 before the last", "http://256.1.1/", true, ErrBadHost, 13, false},
		{"octal digit 9", "http://09/", true, ErrBadHost, 7, false},
		{"a number, not a special scheme", "gopher://1113343455/", true, ErrBadHost, 9, false}, // the WHATWG URL Standard reads such hosts as opaque
		{"number and a dot", "http://1113343455./", true, ErrBadHost, 17, false},
		{"group over 255", "http://10.0.0.256/", false || true, ErrBadHost, 14, false},
		{"label over 63", "http://" + strings.Repeat("a", 64) + ".com/", true, ErrBadHost, 70, false},
		// A host name with escapes (RFC 3986 §3.2.2's reg-name): lenient
		// reads it decoded, with a warning; decoded, it must be a host.
		{"escaped host", "http://w%77w.example.com/", false, ErrHostEscape, 8, false},
		{"escaped host number", "http://%31%30.0.0.1:80/", false, ErrHostEscape, 7, false},
		{"escaped host, bad escape", "http://w%7gw.example.com/", true, ErrBadHost, 8, false},
		{"escaped host, bad escape later", "http://w%77w.ex%ample.com/", true, ErrBadHost, 15, false},
		{"escaped host, a slash decoded", "http://a%2Fb.com/", true, ErrBadHost, 8, false},
		{"escaped host, a percent decoded", "http://a%2541.com/", true, ErrBadHost, 8, false},
		{"escaped host, not IDNA2008", "http://b%E2%99%A5.de/", true, ErrBadHost, 8, false},
		// Later hosts: lenient mode reads them with a warning (issue 15).
		{"IDN host", "http://b\u00fccher.de/", false, ErrIDN, 8, false},
		// U+2665 is a symbol, DISALLOWED by IDNA2008 (RFC 5892) but valid
		// for UTS #46, as browsers map hosts: lenient reads the host.
		{"IDN host not IDNA2008", "http://b\u00fccher\u2665.de/", false, ErrSymbolHost, 8, false},
		{"emoji host", "http://\U0001f344.ga/", false, ErrSymbolHost, 7, false},
		{"symbol in the top label", "http://x.\U0001f344/", true, ErrBadHost, 9, false},
		{"symbol in the top label only", "http://x.g\u2665a/", true, ErrBadHost, 10, false},
		{"IDN host with a space", "http://b\u00fc cher.de/", true, ErrBadHost, 8, false},
		{"IPv6 literal", "http://[::1]/", false, ErrIPLiteral, 7, false},
		{"IPv6 literal and port", "http://[2001:db8::1]:8080/", false, ErrIPLiteral, 7, false},
		{"IPv6 zone", "http://[fe80::1%25en0]/", false, ErrIPLiteral, 7, false},      // RFC 6874 §2
		{"IPv6 zone unencoded", "http://[fe80::1%en0]/", true, ErrBadHost, 8, false}, // RFC 6874: "%" is "%25"
		{"IPv6 literal bad", "http://[2001:db8::g]/", true, ErrBadHost, 8, false},    // RFC 3986 §3.2.2
		{"IPv4 in brackets", "http://[192.0.2.1]/", true, ErrBadHost, 8, false},      // only IPv6 is bracketed
		{"IPv6 unclosed", "http://[2001:db8::1/", true, ErrBadHost, 7, false},        // no "]" in the authority
		{"IPv6 text after bracket", "http://[::1]x/", true, ErrBadHost, 12, false},   // only ":" port may follow
		// §3.1 port
		{"empty port", "http://h:/", false, ErrEmptyPort, 9, false}, // RFC 3986 §3.2.3: port = *DIGIT
		{"empty port, no path", "http://h:", false, ErrEmptyPort, 9, false},
		{"empty port after IPv6", "http://[::1]:/", false, ErrIPLiteral, 7, false},
		{"empty port before //", "http://h://x/", true, ErrBadPort, 9, false}, // another URL glued on, in text
		{"letter port", "ftp://h:x/", true, ErrBadPort, 8, false},
		{"port over 65535", "http://h:65536/", true, ErrPortRange, 13, true}, // port = digits holds: the URL stands, with its error (issue 15)
		{"query without slash", "http://h?q", false, ErrQueryNoSlash, 8, false},
		{"query after port", "http://h:80?q", false, ErrQueryNoSlash, 11, false},
		// §3.2 ftp
		{"ftp typecode", "ftp://h/f;type=x", true, ErrBadTypecode, 15, true},
		{"ftp typecode long", "ftp://h/f;type=ai", true, ErrBadTypecode, 16, true}, // "a" is a typecode; "i" is one too many
		{"ftp typecode empty", "ftp://h/f;type=", true, ErrBadTypecode, 15, true},
		{"ftp ; in segment", "ftp://h/a;b/c", false, ErrReserved, 9, true},
		{"ftp not internet", "ftp:h/f", true, ErrNotInternet, 4, true},
		{"ftp encoded CRLF in name", "ftp://h/f%0D%0ADELE%20x", true, ErrFTPCRLF, 9, true},
		{"ftp encoded CRLF in user", "ftp://joe%0D%0APASS@h/", true, ErrFTPCRLF, 9, true},
		{"no colon at all", "//www.example.com/path", true, ErrMissingScheme, 0, false},
		{"hostnumber group", "http://256.1.1.1/", true, ErrBadHost, 7, false},
		{"hostnumber empty group", "http://1..1.1/", true, ErrBadHost, 9, false},
		// §3.3 http
		{"http user", "http://user@host/", true, ErrUserNotAllowed, 7, true},
		{"http password", "http://u:p@host/", true, ErrUserNotAllowed, 7, true},
		{"http / in search", "http://h/p?a/b", false, ErrReserved, 12, true},
		{"http ? in search", "http://h/p?a?b", false, ErrReserved, 12, true},
		{"http opaque", "http:foo", true, ErrNotInternet, 5, true},
		// §3.4 gopher
		{"gopher user", "gopher://u@h/", true, ErrUserNotAllowed, 9, true},
		{"gopher CRLF in selector", "gopher://h/0file%0D%0Aother", true, ErrBadSelector, 16, true},
		{"gopher ? after host is not a query", "gopher://h?x", true, ErrBadHost, 10, false},
		// §3.5 mailto
		{"mailto no @", "mailto:alice", true, ErrBadAddress, 12, true},
		{"mailto empty domain", "mailto:alice@", true, ErrBadAddress, 13, true},
		{"mailto empty", "mailto:", true, ErrBadAddress, 7, true},
		{"mailto empty before ?", "mailto:?", true, ErrBadAddress, 7, true},
		{"mailto bad address in a list", "mailto:a@b.example,c", true, ErrBadAddress, 18, true},
		{"mailto list", "mailto:a@b.example,c@d.example", false, ErrMailtoList, 7, true},        // RFC 6068 §2
		{"mailto headers only", "mailto:?subject=Hi&body=x%20y", false, ErrMailtoList, 7, true}, // RFC 6068 §2: to is optional
		{"mailto double dot", "mailto:a..b@c", true, ErrBadAddress, 9, true},
		{"mailto offset through escapes", "mailto:joe%40home@example.com", true, ErrBadAddress, 17, true},
		// RFC 6068 §2, RFC 6531 §3.2: an internationalized domain, escaped
		// as UTF-8; a symbol is no IDNA2008 label's.
		{"mailto IDN domain", "mailto:info@%C3%A7a.org", false, ErrIDN, 12, true},
		{"mailto symbol in IDN domain", "mailto:bad@%E2%98%83.de", true, ErrBadAddress, 11, true},
		// §3.6 news
		{"news group digit", "news:3com.misc", true, ErrBadGroup, 5, true},
		{"news group char", "news:comp!misc", true, ErrBadGroup, 9, true},
		{"news empty", "news:", true, ErrBadGroup, 5, true},
		{"news article no unique", "news:@host.com", true, ErrBadMessageID, 5, true},
		{"news article bad host", "news:abc@host_1.com", true, ErrBadHost, 13, true},
		{"news article no host", "news:abc@", true, ErrBadHost, 9, true},
		// §3.7 nntp
		{"nntp no group", "nntp://h", true, ErrMissingPath, 8, true},
		{"nntp bad group", "nntp://h/1group", true, ErrBadGroup, 9, true},
		{"nntp bad article", "nntp://h/comp.misc/12a", true, ErrBadArticle, 21, true},
		{"nntp empty article", "nntp://h/comp.misc/", true, ErrBadArticle, 19, true},
		{"nntp huge article", "nntp://h/g/99999999999999999999", true, ErrBadArticle, 29, true}, // the 19th digit overflows int64
		{"nntp user", "nntp://u@h/g", true, ErrUserNotAllowed, 7, true},
		// §3.8 telnet
		{"telnet path", "telnet://h/x", true, ErrTelnetPath, 11, true},
		// §3.9 wais
		{"wais two parts", "wais://h/db/type", true, ErrBadWAIS, 16, true},
		{"wais four parts", "wais://h/db/t/p/q", true, ErrBadWAIS, 15, true},
		{"wais no slash", "wais://h", true, ErrMissingPath, 8, true},
		{"wais ; in database", "wais://h/d;b", false, ErrReserved, 10, true},
		// §3.10 file
		{"file port", "file://h:21/x", true, ErrPortNotAllowed, 9, true},
		{"file user", "file://u@h/x", true, ErrUserNotAllowed, 7, true},
		{"file no slash", "file://h", true, ErrMissingPath, 8, true},
		{"file opaque", "file:etc/passwd", true, ErrNotInternet, 5, true},
		{"file local path", "file:/etc/passwd", false, ErrLocalPath, 5, true},
		// §3.11 prospero
		{"prospero user", "prospero://u@h/x", true, ErrUserNotAllowed, 11, true},
		{"prospero field without =", "prospero://h/x;v", true, ErrBadProsperoField, 16, true},
		{"prospero = in value", "prospero://h/x;a=b=c", false, ErrReserved, 18, true},
		{"prospero no path", "prospero://h", true, ErrMissingPath, 12, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			modes := []struct {
				name  string
				parse func(string) (*URL, error)
				fails bool
			}{{"strict", Parse, true}, {"lenient", ParseLenient, tt.lenient}}
			for _, m := range modes {
				u, err := m.parse(tt.in)
				if !m.fails {
					if err != nil {
						t.Errorf("%s: Parse(%q) error %v, want success", m.name, tt.in, err)
					} else if len(u.Warnings) == 0 {
						t.Errorf("%s: Parse(%q) has no warning, want one for %v", m.name, tt.in, tt.wantErr)
					} else if w := findWarning(u, tt.wantErr); w == nil || w.Offset != tt.wantOff {
						t.Errorf("%s: Parse(%q) warnings %v, want %v at offset %d", m.name, tt.in, u.Warnings, tt.wantErr, tt.wantOff)
					}
					continue
				}
				var perr *Error
				if !errors.As(err, &perr) {
					t.Fatalf("%s: Parse(%q) error = %v (%T), want *Error", m.name, tt.in, err, err)
				}
				if !errors.Is(err, tt.wantErr) || perr.Offset != tt.wantOff {
					t.Errorf("%s: Parse(%q) error = %v at %d, want %v at %d", m.name, tt.in, perr.Err, perr.Offset, tt.wantErr, tt.wantOff)
				}
				if perr.URL != tt.in {
					t.Errorf("%s: Parse(%q) error URL = %q", m.name, tt.in, perr.URL)
				}
				if (u != nil) != tt.wantURL {
					t.Errorf("%s: Parse(%q) URL = %v, want generic parts returned: %v", m.name, tt.in, u, tt.wantURL)
				}
			}
		})
	}
}

// TestFirstOffence checks that strict mode reports the first offending
// byte whichever layer finds it, and that lenient mode, which relaxes the
// character rule, still reports the scheme's grammar.
func TestFirstOffence(t *testing.T) {
	tests := []struct {
		name       string
		in         string
		strictErr  error
		strictOff  int
		lenientErr error
		lenientOff int
		strictURL  bool // only the scheme's grammar fails in strict mode
	}{
		{"ftp ; before bad typecode", "ftp://h/a;b/c;type=x", ErrReserved, 9, ErrBadTypecode, 19, true},
		{"user before unsafe", "http://joe@www.example.com/~x", ErrUserNotAllowed, 7, ErrUserNotAllowed, 7, false},
		{"user before reserved", "http://joe:pa:ss@www.example.com/", ErrUserNotAllowed, 7, ErrUserNotAllowed, 7, false},
		{"group before unsafe", "nntp://news.example.com/1bad/~x", ErrBadGroup, 24, ErrBadGroup, 24, false},
		{"fragment after user", "http://joe@www.example.com/#x", ErrUserNotAllowed, 7, ErrUserNotAllowed, 7, false},
		{"unsafe before bad host", "ftp://~u@h_/", ErrUnsafe, 6, ErrBadHost, 10, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := Parse(tt.in)
			var perr *Error
			if !errors.As(err, &perr) || perr.Err != tt.strictErr || perr.Offset != tt.strictOff {
				t.Errorf("Parse(%q) error = %v, want %v at %d", tt.in, err, tt.strictErr, tt.strictOff)
			}
			if (u != nil) != tt.strictURL {
				t.Errorf("Parse(%q) = %v, want generic parts returned: %v", tt.in, u, tt.strictURL)
			}
			_, err = ParseLenient(tt.in)
			if !errors.As(err, &perr) || perr.Err != tt.lenientErr || perr.Offset != tt.lenientOff {
				t.Errorf("ParseLenient(%q) error = %v, want %v at %d", tt.in, err, tt.lenientErr, tt.lenientOff)
			}
		})
	}
}

func findWarning(u *URL, err error) *Warning {
	for i := range u.Warnings {
		if u.Warnings[i].Err == err {
			return &u.Warnings[i]
		}
	}
	return nil
}

func TestErrorMessage(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ftp://h/f;type=x", `parse ftp "ftp://h/f;type=x": offset 15: typecode must be a, i or d (§3.2.2)`},
		{"ftp://h:x/", `parse ftp "ftp://h:x/": offset 8: bad port (§3.1: port = digits): "x"`},
		{"x-a://h/caf\u00e9", `parse "x-a://h/café": offset 11: non-ASCII character must be encoded (§2.2): "é"`},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) error = %v, want %s", tt.in, err, tt.want)
		}
	}
}

// TestSchemes checks the meaning of each §3 scheme beyond the RFC's own
// examples.
func TestSchemes(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		check func(*URL) bool
	}{
		// §2.1: scheme names are case-insensitive, stored in lower case.
		{"§2.1 scheme case", "HTTP://WWW.Example.EDU/Faq", func(u *URL) bool {
			return u.Scheme == "http" && u.Host == "www.example.edu" && u.HTTP.Path == "Faq"
		}},
		// §3.1 user and password are decoded.
		{"§3.1 decoded login", "ftp://anonymous:guest%40example.edu@ftp.example.edu/pub/", func(u *URL) bool {
			return u.User == "anonymous" && u.Password == "guest@example.edu" && u.FTP.Dirs[0] == "pub" && u.FTP.Name == ""
		}},
		{"§3.1 hostnumber", "http://192.0.2.1:8080/", func(u *URL) bool {
			return u.Host == "192.0.2.1" && u.Port == 8080 && u.HasPort && u.EffectivePort() == 8080
		}},
		{"§3.1 default port", "gopher://h", func(u *URL) bool { return !u.HasPort && u.EffectivePort() == 70 && !u.HasSlash }},
		{"§3.1 single-letter top label", "http://a.b.c/", func(u *URL) bool { return u.Host == "a.b.c" }},
		// §3.3
		{"§3.3 search", "http://h/cgi/find?q=url;lang=en", func(u *URL) bool {
			return u.HTTP.Path == "cgi/find" && u.HTTP.HasSearch && u.HTTP.Search == "q=url;lang=en"
		}},
		{"§3.3 empty search", "http://h/p?", func(u *URL) bool { return u.HTTP.HasSearch && u.HTTP.Search == "" }},
		// §3.4
		{"§3.4.1 default type", "gopher://h/", func(u *URL) bool { return u.Gopher.Type == '1' && u.Gopher.Selector == "" }},
		{"§3.4.1 doubled type", "gopher://h/00/file", func(u *URL) bool { return u.Gopher.Type == '0' && u.Gopher.Selector == "0/file" }},
		{"§3.4.2 search", "gopher://h/7/search%09gopher+urls", func(u *URL) bool {
			return u.Gopher.Type == '7' && u.Gopher.Selector == "/search" && u.Gopher.HasSearch && u.Gopher.Search == "gopher+urls" && !u.Gopher.HasPlus
		}},
		{"§3.4.7 attributes", "gopher://h/0/abs%09%09!+ABSTRACT%20+SMELL", func(u *URL) bool {
			return u.Gopher.HasSearch && u.Gopher.Search == "" && u.Gopher.Plus == "!+ABSTRACT +SMELL"
		}},
		{"§3.4.9 form", "gopher://h/1sel%09%09+%091%0D%0A+-1%0D%0Ayes%0D%0A.%0D%0A", func(u *URL) bool {
			return u.Gopher.Selector == "sel" && u.Gopher.Plus == "+\t1\r\n+-1\r\nyes\r\n.\r\n" && hasNote(u, NoteEncodedCRLF)
		}},
		// §3.5
		{"§3.5 encoded %", "mailto:user%25relay@example.org", func(u *URL) bool { return u.Mailto.Address == "user%relay@example.org" }},
		{"§3.5 quoted local part", `mailto:%22a%20b%22@example.org`, func(u *URL) bool { return u.Mailto.Address == `"a b"@example.org` }},
		{"§3.5 domain literal", "mailto:a@%5B192.0.2.1%5D", func(u *URL) bool { return u.Mailto.Address == "a@[192.0.2.1]" }},
		{"RFC 6068 headers", "mailto:list-request@example.net?subject=unsubscribe&body=x%20y", func(u *URL) bool {
			return u.Mailto.Address == "list-request@example.net" &&
				reflect.DeepEqual(u.Mailto.Headers, []Field{{"subject", "unsubscribe"}, {"body", "x y"}})
		}},
		// §3.6
		{"§3.6 group", "news:comp.infosystems.www.misc", func(u *URL) bool { return u.News.Group == "comp.infosystems.www.misc" && u.News.Article == "" }},
		{"§3.6 article", "news:3cm9q2$e0@news.example.net", func(u *URL) bool { return u.News.Article == "3cm9q2$e0@news.example.net" }},
		{"§3.6 article decoded", "news:a%2Bb@Example.NET", func(u *URL) bool { return u.News.Article == "a+b@example.net" }},
		// §3.7
		{"§3.7 group", "nntp://news.example.edu/comp.infosystems.gopher", func(u *URL) bool {
			return u.NNTP.Group == "comp.infosystems.gopher" && !u.NNTP.HasArticle && u.EffectivePort() == 119
		}},
		{"§3.7 article", "nntp://news.example.edu/comp.infosystems.gopher/4217", func(u *URL) bool {
			return u.NNTP.HasArticle && u.NNTP.Article == 4217
		}},
		// §3.8
		{"§3.8 telnet", "telnet://guest:guest@library.example.edu:2323/", func(u *URL) bool {
			return u.User == "guest" && u.Password == "guest" && u.Port == 2323 && hasNote(u, NoteNonDefaultPort) && hasNote(u, NotePassword)
		}},
		{"§3.8 telnet no slash", "telnet://h", func(u *URL) bool { return u.Host == "h" && u.EffectivePort() == 23 }},
		// §3.9
		{"§3.9 database", "wais://h/db", func(u *URL) bool { return u.WAIS.Database == "db" && !u.WAIS.HasSearch && !u.WAIS.IsDoc }},
		{"§3.9 index", "wais://h:210/rfc-index?url+context", func(u *URL) bool {
			return u.WAIS.Database == "rfc-index" && u.WAIS.Search == "url+context" && !hasNote(u, NoteNonDefaultPort)
		}},
		{"§3.9 doc", "wais://h/rfc-index/TEXT/0x0042abc", func(u *URL) bool {
			return u.WAIS.IsDoc && u.WAIS.Type == "TEXT" && u.WAIS.Path == "0x0042abc"
		}},
		{"§3.9 encoded wpath", "wais://h/db/TEXT/a%2Fb", func(u *URL) bool { return u.WAIS.Path == "a/b" }},
		// §3.10
		{"§3.10 empty host", "file:///home/dave/urls.txt", func(u *URL) bool {
			return u.Host == "" && u.File.Local && reflect.DeepEqual(u.File.Segments, []string{"home", "dave", "urls.txt"})
		}},
		{"§3.10 localhost", "file://localhost/etc/motd", func(u *URL) bool { return u.File.Local }},
		{"§3.10 remote", "file://files.example.com/pub/notes.txt", func(u *URL) bool { return !u.File.Local }},
		// §3.11
		{"§3.11 fields", "prospero://h:1526//pros/name;OBJECT-VERSION=3;a%3Bb=c", func(u *URL) bool {
			return u.Prospero.HSOName == "/pros/name" && reflect.DeepEqual(u.Prospero.Fields, []Field{{"OBJECT-VERSION", "3"}, {"a;b", "c"}}) &&
				hasNote(u, NoteNonDefaultPort)
		}},
		// §4 and §5 otherurl: generic schemes keep the §3.1 parts.
		{"otherurl ip", "postgresql+psycopg2://scott:tiger@localhost:5432/mydb", func(u *URL) bool {
			return u.Scheme == "postgresql+psycopg2" && u.User == "scott" && u.Password == "tiger" && u.Host == "localhost" &&
				u.Port == 5432 && u.Path == "mydb" && u.EffectivePort() == 5432
		}},
		{"otherurl experimental", "x-foo:bar;baz", func(u *URL) bool { return u.Scheme == "x-foo" && u.Opaque == "bar;baz" && !u.Internet }},
		{"otherurl empty host", "sqlite:///app.db", func(u *URL) bool { return u.Host == "" && u.Path == "app.db" }},
		{"otherurl empty part", "about:", func(u *URL) bool { return u.Opaque == "" }},
		{"later scheme port", "https://h/", func(u *URL) bool { return u.EffectivePort() == 443 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q) error: %v", tt.in, err)
			}
			if !tt.check(u) {
				t.Errorf("Parse(%q) = %#v: check failed", tt.in, u)
			}
		})
	}
}

func hasNote(u *URL, n Note) bool {
	for _, m := range u.Notes {
		if m == n {
			return true
		}
	}
	return false
}

func TestFTPCommands(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		// §3.2.2 examples
		{"ftp://myname@host.dom/%2Fetc/motd", []string{"CWD /etc", "RETR motd"}},
		{"ftp://myname@host.dom/etc/motd", []string{"CWD etc", "RETR motd"}},
		{"ftp://myname@host.dom//etc/motd", []string{"CWD ", "CWD etc", "RETR motd"}},
		// typecodes: "perform a TYPE command with <typecode> as the argument"
		{"ftp://h/pub/f.txt;type=a", []string{"CWD pub", "TYPE A", "RETR f.txt"}},
		{"ftp://h/pub/f.bin;type=I", []string{"CWD pub", "TYPE I", "RETR f.bin"}},
		// "If the typecode is "d", perform a NLST"
		{"ftp://h/pub/www/doc;type=d", []string{"CWD pub", "CWD www", "NLST doc"}},
		{"ftp://h/pub/;type=d", []string{"CWD pub", "NLST"}},
		// deviation: an empty name lists the directory
		{"ftp://h/pub/", []string{"CWD pub", "NLST"}},
		{"ftp://h", []string{"NLST"}},
		{"ftp://h/a%3Bb/c%20d", []string{"CWD a;b", "RETR c d"}},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		if got := u.FTP.Commands(); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q).FTP.Commands() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestLenient(t *testing.T) {
	tests := []struct {
		in, want string // want: canonical form
		warns    []error
	}{
		{"http://www.example.com/~bob/", "http://www.example.com/%7Ebob/", []error{ErrUnsafe}},
		{"http://h/caf\u00e9", "http://h/caf%C3%A9", []error{ErrNonASCII}},
		{"http://h/100%", "http://h/100%25", []error{ErrBadEscape}},
		{"HTTP://H/faq.html#Plus", "http://h/faq.html#Plus", []error{ErrFragment}},
		{"http://h/a b#c d", "http://h/a%20b#c%20d", []error{ErrUnsafe, ErrFragment}},
		{"http://example.com?email=a@b.com", "http://example.com/?email=a@b.com", []error{ErrQueryNoSlash}},
		{"http://h/p?a/b?c", "http://h/p?a/b?c", []error{ErrReserved}},
		{"ftp://u:p@ss@h/", "ftp://u:p%40ss@h/", []error{ErrReserved}},
		{"http://h/%7e%2f", "http://h/%7E%2F", nil},
	}
	for _, tt := range tests {
		u, err := ParseLenient(tt.in)
		if err != nil {
			t.Errorf("ParseLenient(%q): %v", tt.in, err)
			continue
		}
		if got := u.String(); got != tt.want {
			t.Errorf("ParseLenient(%q).String() = %q, want %q", tt.in, got, tt.want)
		}
		var got []error
		for _, w := range u.Warnings {
			got = append(got, w.Err)
		}
		if !reflect.DeepEqual(got, tt.warns) {
			t.Errorf("ParseLenient(%q).Warnings = %v, want %v", tt.in, got, tt.warns)
		}
		if _, err := Parse(tt.in); (err == nil) != (len(tt.warns) == 0) {
			t.Errorf("Parse(%q) error = %v, but lenient warnings = %v", tt.in, err, u.Warnings)
		}
	}
}

// TestLenientAuthority pins the one place where lenient mode reads a URL
// differently from strict mode: "?" ends the authority (RFC 3986 §3.2).
func TestLenientAuthority(t *testing.T) {
	const in = "https://example.com?email=a@b.com"
	// https takes http's grammar (§3.3), which allows no user: strict mode
	// reads the §5 login and then rejects it.
	strict, err := Parse(in)
	if strict == nil || !errors.Is(err, ErrUserNotAllowed) || !strict.HasUser || strict.User != "example.com?email=a" || strict.Host != "b.com" {
		t.Errorf("Parse(%q) = %+v, %v; want the §5 reading (user example.com?email=a, host b.com) and ErrUserNotAllowed", in, strict, err)
	}
	lenient, err := ParseLenient(in)
	if err != nil || lenient.HasUser || lenient.Host != "example.com" || lenient.Path != "?email=a@b.com" || findWarning(lenient, ErrQueryNoSlash) == nil {
		t.Errorf("ParseLenient(%q) = %+v, %v; want host example.com, path ?email=a@b.com and a warning", in, lenient, err)
	}
}

// TestEscapedHost checks host names with escapes: lenient mode reads
// them decoded (RFC 3986 §3.2.2), an IDN's UTF-8 included, and renders
// them so (§6.2.2.2: decode unreserved octets); the URL's other parts
// keep theirs.
func TestEscapedHost(t *testing.T) {
	for _, tt := range []struct{ in, host, uni, str string }{
		{"http://www.%74%65r%52%61.es", "www.terra.es", "", "http://www.terra.es"},
		{"http://%77%77%77%2E%62a%6E%6E%65%64c%64%2E%6E%65%74/%7E", "www.bannedcd.net", "", "http://www.bannedcd.net/%7E"},
		{"http://%32%317.%31%30%36.%355%2E97/x", "217.106.55.97", "", "http://217.106.55.97/x"},
		{"http://%E4%BE%8B%E5%AD%90.%E6%B5%8B%E8%AF%95/", "xn--fsqu00a.xn--0zwm56d", "\u4f8b\u5b50.\u6d4b\u8bd5", "http://xn--fsqu00a.xn--0zwm56d/"},
		{"http://a.%63om./", "a.com.", "", "http://a.com./"},
	} {
		u, err := ParseLenient(tt.in)
		if err != nil || u.Host != tt.host || u.HostUnicode != tt.uni || u.String() != tt.str || findWarning(u, ErrHostEscape) == nil {
			t.Errorf("ParseLenient(%q) = %+v, %v; want host %q (%q), %q and a warning", tt.in, u, err, tt.host, tt.uni, tt.str)
		}
		if _, err := Parse(tt.in); !errors.Is(err, ErrHostEscape) {
			t.Errorf("Parse(%q) error = %v, want ErrHostEscape", tt.in, err)
		}
	}
}

// TestTrailingDot checks a fully qualified host name ("example.org."):
// lenient mode keeps the dot, as written, in the host and the rendering,
// and warns; strict mode reports it at the dot.
func TestTrailingDot(t *testing.T) {
	const in = "http://WWW.Example.ORG./a?b"
	u, err := ParseLenient(in)
	if err != nil || u.Host != "www.example.org." || u.String() != "http://www.example.org./a?b" || findWarning(u, ErrTrailingDot) == nil {
		t.Errorf("ParseLenient(%q) = %+v, %v; want host www.example.org., http://www.example.org./a?b and a warning", in, u, err)
	}
	var pe *Error
	if _, err := Parse(in); !errors.Is(err, ErrTrailingDot) || !errors.As(err, &pe) || pe.Offset != 22 {
		t.Errorf("Parse(%q) error = %v, want ErrTrailingDot at offset 22", in, err)
	}
	const idn = "http://b\u00fccher.example./"
	u, err = ParseLenient(idn)
	if err != nil || u.Host != "xn--bcher-kva.example." || u.HostUnicode != "b\u00fccher.example." {
		t.Errorf("ParseLenient(%q) = %+v, %v; want host xn--bcher-kva.example. (b\u00fccher.example.)", idn, u, err)
	}
}

func TestStringQuoting(t *testing.T) {
	// §3.1: "Within the user and password field, any ":", "@", or "/" must
	// be encoded"; String re-encodes the decoded values.
	u := &URL{Scheme: "ftp", Internet: true, User: "a:b@c/d?e", HasUser: true, Password: "p:w@/ %", HasPassword: true, Host: "h", HasSlash: true}
	const want = "ftp://a%3Ab%40c%2Fd%3Fe:p%3Aw%40%2F%20%25@h/"
	if got := u.String(); got != want {
		t.Fatalf("String() = %q, want %q", got, want)
	}
	back, err := Parse(want)
	if err != nil || back.User != u.User || back.Password != u.Password {
		t.Errorf("Parse(%q) = %+v, %v; want user %q password %q", want, back, err, u.User, u.Password)
	}
	if got, want := back.Redacted(), "ftp://a%3Ab%40c%2Fd%3Fe:xxxxx@h/"; got != want {
		t.Errorf("Redacted() = %q, want %q", got, want)
	}
	if got, want := mustParse(t, "ftp://foo:@h/").Redacted(), "ftp://foo:xxxxx@h/"; got != want {
		t.Errorf("Redacted() = %q, want %q", got, want)
	}
	if got, want := mustParse(t, "ftp://foo@h/").Redacted(), "ftp://foo@h/"; got != want {
		t.Errorf("Redacted() = %q, want %q", got, want)
	}
	if got, want := mustParse(t, "HTTP://Example.COM:0080/A%2fb").String(), "http://example.com:80/A%2Fb"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func mustParse(t *testing.T, s string) *URL {
	t.Helper()
	u, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return u
}

func TestNotes(t *testing.T) {
	tests := []struct {
		in   string
		want []Note
	}{
		{"http://h/", nil},
		{"http://h:80/", nil},
		{"http://h:25/", []Note{NoteNonDefaultPort}},
		{"x-foo://h:25/", nil}, // no default to differ from
		{"telnet://u%0D%0A@h/", []Note{NoteEncodedCRLF}},
		{"gopher://h/0a%0d%0aQUIT", []Note{NoteEncodedCRLF}},
		{"ftp://u:p@h:2121/", []Note{NoteNonDefaultPort, NotePassword}},
	}
	for _, tt := range tests {
		u, _ := ParseLenient(tt.in)
		if u == nil {
			t.Fatalf("ParseLenient(%q) = nil", tt.in)
		}
		if !reflect.DeepEqual(u.Notes, tt.want) {
			t.Errorf("ParseLenient(%q).Notes = %v, want %v", tt.in, u.Notes, tt.want)
		}
	}
}

func TestValidHost(t *testing.T) {
	for _, h := range []string{"a", "example.com", "www.example.co.uk", "a-b.c", "192.0.2.1", "x1.y2z"} {
		if !ValidHost(h) {
			t.Errorf("ValidHost(%q) = false, want true", h)
		}
	}
	for _, h := range []string{"", "my_host.com", "-a.com", "a-.com", "a..b", "a.b.", "1.2.3", "a.1b", "256.0.0.1", "b\u00fccher.de"} {
		if ValidHost(h) {
			t.Errorf("ValidHost(%q) = true, want false", h)
		}
	}
}

// TestRFCReferences parses every reference URL of RFC 1738's References
// section, rejoined from their wrappers, and checks the FTP commands a
// client would send for each (§3.2.2).
func TestRFCReferences(t *testing.T) {
	tests := []struct {
		in   string
		want []string // FTP commands
	}{
		{"ftp://ds.internic.net/rfc/rfc1436.txt;type=a", []string{"CWD rfc", "TYPE A", "RETR rfc1436.txt"}},                                                                         // [1]
		{"ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt", []string{"CWD pub", "CWD gopher", "CWD gopher_protocol", "CWD Gopher+", "RETR Gopher+.txt"}}, // [2]
		{"ftp://ds.internic.net/rfc/rfc1630.txt", []string{"CWD rfc", "RETR rfc1630.txt"}},                                                                                          // [3]
		{"ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z", []string{"CWD pub", "CWD www", "CWD doc", "RETR http-spec.txt.Z"}},                                                       // [4]
		{"ftp://ds.internic.net/rfc/rfc1123.txt", []string{"CWD rfc", "RETR rfc1123.txt"}},                                                                                          // [5]
		{"ftp://ds.internic.net/rfc/rfc822.txt", []string{"CWD rfc", "RETR rfc822.txt"}},                                                                                            // [6]
		{"ftp://quake.think.com/pub/wais/doc/protspec.txt", []string{"CWD pub", "CWD wais", "CWD doc", "RETR protspec.txt"}},                                                        // [7]
		{"ftp://ds.internic.net/rfc/rfc1036.txt", []string{"CWD rfc", "RETR rfc1036.txt"}},                                                                                          // [8]
		{"ftp://quake.think.com/pub/wais/doc/doc-ids.txt", []string{"CWD pub", "CWD wais", "CWD doc", "RETR doc-ids.txt"}},                                                          // [10]
		{"ftp://ds.internic.net/rfc/rfc977.txt", []string{"CWD rfc", "RETR rfc977.txt"}},                                                                                            // [11]
		{"ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt", []string{"CWD internet-drafts", "RETR draft-ietf-uri-irl-fun-req-02.txt"}},                      // [12]
		{"ftp://ds.internic.net/rfc/rfc1034.txt", []string{"CWD rfc", "RETR rfc1034.txt"}},                                                                                          // [13]
		{"ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z", []string{"CWD pub", "CWD prospero", "CWD doc", "RETR prospero-protocol.PS.Z"}},                           // [14]
		{"ftp://ds.internic.net/rfc/rfc959.txt", []string{"CWD rfc", "RETR rfc959.txt"}},                                                                                            // [15]
		{"ftp://ds.internic.net/rfc/rfc1737.txt", []string{"CWD rfc", "RETR rfc1737.txt"}},                                                                                          // [16]
		{"ftp://ds.internic.net/rfc/rfc1625.txt", []string{"CWD rfc", "RETR rfc1625.txt"}},                                                                                          // [17]
		{"ftp://uu.psi.com/wp/nir.txt", []string{"CWD wp", "RETR nir.txt"}},                                                                                                         // [18]
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := u.FTP.Commands(); !reflect.DeepEqual(got, tt.want) || u.String() != tt.in || u.EffectivePort() != 21 {
			t.Errorf("Parse(%q) = %q, commands %q; want %q", tt.in, u, got, tt.want)
		}
	}
}
