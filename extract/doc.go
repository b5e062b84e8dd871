// Package extract finds URLs in mail, news and plain text read from an
// io.Reader, in bounded memory, and reports each with its position.
//
// A [Scanner] splits its input into segments, each either text or one URL;
// the segments' raw bytes, concatenated, are exactly the input. The loop is
//
//	s := extract.NewScanner(r)
//	for s.Scan() {
//		if m := s.Match(); m != nil {
//			// a URL: m.Text, m.URL, m.Kind, m.Offset, m.Line, m.Col, ...
//		} else {
//			// text: s.Raw()
//		}
//	}
//	if err := s.Err(); err != nil {
//		// an error reading r; malformed text is never an error
//	}
//
// that is, Scan {Raw | Match} Err, as golang.org/x/net/html's tokenizer.
//
// What is found (each rule cites the standard it comes from; README.md's
// "What is found" has examples and the deliberate differences from peers):
//
//   - "<URL:...>" wrappers, with whitespace, line breaks and the quote
//     prefixes of quoted mail inside them ignored, over any number of lines
//     within the candidate bound, and of the two readings of a line broken
//     after a hyphen the one the parser ranks higher (package [wrapper]);
//   - URLs in plain angle brackets, "<http://...>";
//   - bare URLs: any scheme in the generic form "scheme://authority"
//     (RFC 3986 §3), registered or not ("postgres://", "s3://"); a scheme
//     registered with IANA written without "//" ("tel:", "urn:", "xmpp:",
//     "magnet:?") only where it starts a word and its own syntax holds, or,
//     for schemes with no check, has some structure; mailto: with an
//     address and news: with a group. A word before a colon that is no
//     registered scheme is not a URL ("Note:", "10:30"). Of "e.g.http:" the
//     scheme is http: a registered suffix after "." or "-" is preferred;
//     and http or https glued to a word ("texthttp://", spam's
//     "GUARANTEEDhttp://", quoted-printable's "=3Dhttp://" read raw)
//     starts the URL, where another scheme glued so is part of the word's;
//     a bare URL broken after a hyphen at a line break is read with the
//     lines that go on with it when they repeat the line's quote prefix,
//     its readings ranked as a wrapper's (mail clients break long lines
//     so), and one broken after a "/", "?", "&" or "#" where the rest did
//     not fit a filled line (RFCs' references) when the next line goes on
//     as such a URL does (README.md, "Bare URLs broken over lines");
//   - hosts starting "www." with no scheme, as GFM links them, but with a
//     top-level domain that is one (the root zone's, or special-use such
//     as "example"): "www.conf" is a file's name (GFM's rule:
//     [WithGFMDomains]);
//   - e-mail addresses, as mailto: URLs, with [WithEmail]: GFM's local
//     parts, and an apostrophe between letters ("o'malley@") and a
//     sourcehut list's "~owner/" (RFC 5322 §3.2.3's atext has both),
//     with a top-level domain that is one, as for "www." hosts
//     ("logo@2x.png" is an image's name).
//
// Hosts are RFC 1738 domain names and IPv4 addresses, IP literals in
// brackets (RFC 3986 §3.2.2, zones per RFC 6874) and internationalized
// names (IDNA2008); paths, queries and fragments hold Unicode letters,
// marks and digits (IRIs, RFC 3987), reported as written in [Match.Text].
//
// A bare URL ends as a careful reader would end it: at white space, at
// the unsafe characters of RFC 1738 §2.2 that text puts around URLs
// ("<", ">", `"`, "`", "|", "\", "^"), at a ")", "]" or "}" that closes
// no bracket opened inside it, at the quote that opened right before it,
// and at Unicode punctuation and spaces (but dashes and connectors, and
// joiners after a letter, which join words), and at a symbol before the
// path, but one inside a host ("http://i❤.ws/", a UTS #46 name): past the
// host symbols go on ("wiki/C♯_(programming_language)").
// Trailing sentence punctuation, quotes, emoji and other symbols, a
// possessive "'s" and an entity reference are not part of it; a final "?"
// is when the quotes or brackets around the URL say so, and a final "_"
// in a path, query or fragment is, unless a "_" opened before the URL
// (GFM drops it always: [WithGFMTrailing]). Every candidate is parsed by [rfc1738.ParseLenient]; it
// is reported when the generic syntax and the host hold, with the scheme
// grammar's verdict in [Match.Err].
//
// Memory is bounded whatever the input: the buffer holds one read (32 KiB
// by default) plus the longest candidate (64 KiB by default,
// [WithMaxCandidate]) plus 81 bytes, 98,385 bytes in all by default; a longer
// candidate is dropped, counted in [Scanner.Dropped], and the scan goes on
// after its first byte. Time is linear in the input, adversarial inputs
// included: each trigger byte is searched for with bytes.IndexByte, and the
// work done for one candidate is bounded.
//
// Positions: [Match.Offset] and [Match.End] are absolute byte offsets
// (int64); [Match.Line] and [Match.Col] are 1-based, Col in bytes, lines
// ended by LF (a CRLF line is one line).
package extract
