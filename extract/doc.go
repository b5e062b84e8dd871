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
// What is found (each rule cites RFC 1738's appendix or says where it
// comes from):
//
//   - "<URL:...>" wrappers, with whitespace, line breaks and the quote
//     prefixes of quoted mail inside them ignored, and both readings of a
//     line broken after a hyphen (package [wrapper]);
//   - URLs in plain angle brackets, "<http://...>";
//   - bare URLs of the schemes of RFC 1738 and the widely used later ones
//     (https, sftp, ssh, git, irc, ...), scheme names in any case; a word
//     followed by a colon is not a URL ("Good news: ...", "10:30");
//   - hosts starting "www." with no scheme, as GFM links them;
//   - e-mail addresses, as mailto: URLs, with [WithEmail].
//
// A bare URL ends as a careful reader would end it: trailing sentence
// punctuation and quotes are not part of it, closing brackets only when
// they close one opened inside it, and Unicode punctuation and CJK text end
// it. Every candidate is parsed by [rfc1738.ParseLenient]; it is reported
// when the generic syntax and the host hold, with the scheme grammar's
// verdict in [Match.Err].
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
