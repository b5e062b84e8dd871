// Package mailbox turns mail and news into the text a reader sees, part by
// part, for the URL scanner: mbox files (with ">From " unquoting), MMDF
// mailboxes, news batches (rnews), Babyl files (Emacs Rmail's: each
// message's original header, not the one Rmail showed), single RFC 5322
// messages and news
// articles, Apple Mail's .emlx files (the message without Mail's property
// list), Outlook's .msg files (OutlookMessage renders one as MIME), and TNEF
// streams (winmail.dat, an ms-tnef part or file: TNEFMessage); MIME multipart bodies of any depth, their text parts, and the
// attachments that are text by their type or their file's name (an HTML
// page sent as application/octet-stream, an SVG);
// quoted-printable (whose soft line breaks rejoin the URLs they split) and
// base64; the charsets of mail, converted to UTF-8 with golang.org/x/text;
// format=flowed text (RFC 3676); text/html parts, as their link targets and
// visible text (tokenized as golang.org/x/net/html's Tokenizer does, by a
// tokenizer of this package that passes over runs with vector searches;
// character references decoded by golang.org/x/net/html); and the RFC
// 2047 encoded words of
// the headers that carry URLs (List-*, Archived-At, Link, Subject, ...).
//
// The loop is
//
//	mr := mailbox.NewReader(r, mailbox.OnProblem(report))
//	for {
//		p, err := mr.Next()
//		if err == io.EOF {
//			break
//		}
//		if err != nil {
//			// an error reading r
//		}
//		// scan p.Body: decoded UTF-8 text of message p.Message, part p.Path
//	}
//
// Everything streams: a part's body is decoded as it is read, and memory
// is bounded by a few buffers whatever the size of the mailbox, its
// messages or its lines. A broken part or an unknown charset is reported
// through OnProblem and read as it is; nothing stops the reader but an
// error reading the input.
package mailbox
