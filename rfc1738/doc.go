// Package rfc1738 parses URLs by RFC 1738, the Uniform Resource Locators
// specification: the generic syntax (§2.1, §5), the common Internet scheme
// syntax (§3.1), and every scheme of §3 with its own grammar and meaning.
//
//	u, err := rfc1738.Parse("ftp://myname@host.dom//etc/motd;type=a")
//	// u.Scheme "ftp", u.User "myname", u.Host "host.dom", u.EffectivePort() 21
//	// u.FTP.Commands(): "CWD ", "CWD etc", "TYPE A", "RETR motd"  (§3.2.2)
//
// # Entry points
//
// [Parse] keeps the letter of the RFC: every character rule of §2.2.
// [ParseLenient] reads what real text needs (a "#fragment", which the
// appendix itself puts inside the wrapper; "~user", spaces and non-ASCII
// characters; a "%" that starts no escape; reserved characters where a
// scheme reserves them; a "?" right after the host, as RFC 3986 allows)
// and records each rule it relaxed in [URL.Warnings], so that a URL with no
// warnings is one Parse accepts too. Host, port, control characters and
// each scheme's grammar stay as the RFC has them.
//
// [URL.String] is the canonical form; [URL.Redacted] and
// [URL.RedactInput] hide the password (§6), whose place in the input
// [URL.PasswordSpan] gives; [URL.EscapedPath], [URL.EffectivePort] and
// [DefaultPort] give the rest. [NewParts] is the URL's JSON form, as
// urlgrep --parse writes it.
//
// # Results and errors
//
// Parse returns (u, nil) for a valid URL and (nil, err) when the generic
// syntax or the host grammar fails. When those hold but the scheme's own
// grammar does not ("http://user@host/", §3.3: no user allowed), it
// returns the URL's generic parts and the error: callers that want valid
// URLs only look at the error. Every error is an [*Error] with the
// operation, the input, the byte offset of the first offending byte and a
// sentinel such as [ErrBadPort] for errors.Is:
//
//	parse ftp "ftp://h/f;type=x": offset 15: typecode must be a, i or d (§3.2.2)
//
// # What it implements
//
//   - Generic syntax (§2.1, §5): scheme names are case-insensitive and
//     stored in lower case. Unknown and "x-" schemes parse as generic URLs;
//     when their part starts with "//" (§3.1) they get user, password,
//     host, port and path. Otherwise the part is kept in [URL.Opaque].
//   - Common Internet scheme syntax (§3.1): an empty user or password
//     differs from none (HasUser, HasPassword); the host is a domain name
//     or four decimal groups; the port is decimal, at most 65535; the "/"
//     before the url-path is not part of it.
//   - Every scheme of §3: ftp (dirs, name, typecode, commands), http (path
//     and search; no user), gopher (type, selector, search, Gopher+
//     string), mailto (the RFC 822 addr-spec, checked), news (group, "*",
//     or article), nntp (group and article number), telnet (login only),
//     wais (its three forms), file (empty host and "localhost" mean this
//     machine), prospero (hsoname and fields). Default ports are those of
//     §3, and beyond the RFC those of https, ssh, sftp, git, irc, ftps, ws.
//   - Characters (§2.2): escapes are checked and decoded in every
//     component but Path and Opaque, which stay as encoded text.
//   - Security considerations (§6) as data in [URL.Notes]: a port other
//     than the scheme's default, an encoded CR or LF, a password.
//
// The package imports nothing of this module: it is the one parser that
// package extract, the urlgrep command and the goldmark extension share.
package rfc1738
