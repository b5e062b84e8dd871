package search

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"sync"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/urlgrep/urlgrep/extract"
	"github.com/urlgrep/urlgrep/internal/magic"
	"github.com/urlgrep/urlgrep/internal/ooxml"
	"github.com/urlgrep/urlgrep/internal/pdf"
	"github.com/urlgrep/urlgrep/internal/rtf"
	"github.com/urlgrep/urlgrep/internal/zipstream"
	"github.com/urlgrep/urlgrep/mailbox"
	"github.com/urlgrep/urlgrep/roff"
)

// sniffSize is how much of an input is looked at to decide what it is:
// 8 KiB, as grep looks for a NUL byte.
const sniffSize = 8 << 10

// searcher is one call of Search.
type searcher struct {
	in   Input
	o    Options
	fn   func(*Event) bool
	read int64 // bytes read from the input
	msgs int
	urls int64
	drop int64
	// under is the reader open's bufio.Reader reads (the input, counted),
	// nil when it reads a decoder of it.
	under io.Reader
	cnt   counter      // the input, counted: what open reads
	stall *stallReader // a streaming input's reader (open), else nil
	kit   *kit         // buffers from an earlier Search, or made for this one
}

// kit is what a Search makes that the next one can use again: the
// input's 64 KiB read buffer and the stream, with its Scanner and mail
// Reader and their buffers (for Texts, its mail Reader). A maildir's files are small (the SpamAssassin
// public corpus: 6,046 messages of 14 KB on average), and each Search
// allocated about 100 KB for them anew (the command 300 KB a file, with
// its output buffers); under the command's 12 MiB memory limit the
// collector then ran all the time (-j 1 over that corpus: 1.4 s, 0.5 s
// with kits).
// Kits wait in a sync.Pool, which the collector empties: an idle program
// holds none.
type kit struct {
	key kitKey
	br  *bufio.Reader
	// unzipped and decoded read a decoder's text (gzip, then what a
	// file's kind reads as: roff's text, rich text's, a PDF's links, a
	// winmail.dat's message; a gzipped page is decoded twice), their 64
	// KiB buffers made once, not for each of /usr/share/man's 22,402
	// pages.
	unzipped, decoded *bufio.Reader
	st                *stream
	// Texts' mail Reader, and the problems it reported that Texts has
	// not told yet.
	texts    *mailbox.Reader
	problems []mailbox.Problem
}

// kitKey is what a stream's Scanner is made for (Options.scannerOptions):
// a kit's stream serves a Search with the same key.
type kitKey struct {
	email, noWWW, lazy, lines bool
	maxLength                 int
}

var kits sync.Pool

// getKit returns a kit for o: one put back by an earlier Search when
// there is one. A stream it holds is used only for the same kitKey.
func getKit(o *Options) *kit {
	k, _ := kits.Get().(*kit)
	if k == nil {
		k = &kit{}
	}
	key := kitKey{email: o.Email, noWWW: o.NoWWW, lazy: o.CountOnly || o.TextOnly, lines: o.lineNumbers(), maxLength: o.MaxLength}
	if k.key != key {
		k.key, k.st = key, nil
	}
	return k
}

// putKit gives k back once the Search that had it has returned: nothing
// the caller was given refers to its buffers (events and their Matches
// are the callback's only during the call, and what outlives it is
// copied). It lets go of the input.
func putKit(k *kit) {
	if k.br != nil {
		k.br.Reset(nil)
	}
	if k.st != nil {
		k.st.release()
	}
	kits.Put(k)
}

// newSearcher returns a searcher of in with a kit from kits, which the
// caller gives back (putKit) once done.
func newSearcher(in Input, o Options, fn func(*Event) bool) *searcher {
	if o.NoPartBegin {
		// Innermost: a piece's renumbering (which changes a part's copy
		// through its PartBegin) still sees every event.
		deliver := fn
		fn = func(ev *Event) bool { return ev.Kind == PartBegin || deliver(ev) }
	}
	s := &searcher{in: in, o: o, fn: fn}
	s.kit = getKit(&s.o)
	return s
}

func (s *searcher) stats() Stats {
	return Stats{URLs: s.urls, Bytes: s.read, Messages: s.msgs, Dropped: s.drop}
}

// counter counts the bytes read from the input, and keeps its end: once
// r has said io.EOF, Read says it again without asking r. The readers
// over it (the 64 KiB buffer, the sniffing, the mail reader's source)
// each read on to the end, and each read past it was a system call: 5.7
// reads a file over a maildir of 6,046 messages of 7 KB, where two do.
type counter struct {
	r    io.Reader
	n    *int64
	live *Progress
	eof  bool
}

// Read reads from r and counts what it read.
func (c *counter) Read(p []byte) (int, error) {
	if c.eof {
		return 0, io.EOF
	}
	n, err := c.r.Read(p)
	*c.n += int64(n)
	if c.live != nil {
		c.live.Bytes.Add(int64(n))
	}
	c.eof = err == io.EOF
	return n, err
}

// open decides what the input is: it returns a reader of its text (UTF-8
// for UTF-16 input), whether it is mail, and skip when it is binary and
// was skipped with a note. done releases what open holds.
func (s *searcher) open() (r *bufio.Reader, mail, skip, live bool, done func(), err error) {
	s.cnt = counter{r: s.in.R, n: &s.read, live: s.o.Progress}
	var in io.Reader = &s.cnt
	s.under = in
	done = func() {}
	live = streaming(s.in.R)
	if live {
		sr := newStallReader(in, func() { s.fn(&Event{Kind: Stall}) })
		done = sr.close
		in = sr
		s.stall = sr
	}
	br := s.kit.br
	if br == nil {
		br = bufio.NewReaderSize(in, 64<<10)
		s.kit.br = br
	} else {
		br.Reset(in)
	}
	head, err := peekHead(br, live)
	if err != nil {
		return nil, false, false, live, done, err
	}
	if s.in.Start.Offset > 0 {
		return br, s.in.Start.Mail, false, live, done, nil // a piece: no sniffing
	}
	if s.o.Decompress && magic.Gzip(head) {
		// gzip (RFC 1952): read what it holds, positions counted in that.
		// The decompressor holds its 32 KiB window and a few buffers;
		// members one after another are read as one stream, as gunzip
		// reads them.
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, false, false, live, done, err
		}
		br = reader(&s.kit.unzipped, zr)
		s.under = nil
		if head, err = peekHead(br, live); err != nil {
			return nil, false, false, live, done, err
		}
	} else if p := packedBy(head); s.o.Decompress && p != nil {
		// bzip2, xz, zstd, lz4, compress: read through their command
		// (unpack.go), positions counted in what it writes.
		u, err := unpack(p, br)
		if err != nil {
			return nil, false, false, live, done, err
		}
		prev := done
		done = func() { u.close(); prev() }
		br = reader(&s.kit.unzipped, u)
		s.under = nil
		if head, err = peekHead(br, live); err != nil {
			return nil, false, false, live, done, err
		}
	}
	if magic.UTF16(head) {
		// UTF-16 text with a byte order mark: read it as the UTF-8 it
		// stands for (positions then count in the UTF-8 text).
		dec := unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM).NewDecoder()
		br = bufio.NewReaderSize(transform.NewReader(br, dec), 64<<10)
		s.under = nil
		if head, err = peekHead(br, live); err != nil {
			return nil, false, false, live, done, err
		}
	}
	if !s.o.Raw && mailbox.IsOutlookMessage(head) {
		// An Outlook .msg file, a compound file read at its offsets: it
		// is read as the MIME message it holds (mailbox.OutlookMessage),
		// which needs the file itself, from its start.
		if ra, ok := inputAt(s.in.R, s.under, br.Buffered()); ok {
			if mr, err := mailbox.OutlookMessage(ra); err == nil {
				prev := done
				done = func() { mr.Close(); prev() }
				br = reader(&s.kit.unzipped, mr)
				s.under = nil
				return br, true, false, live, done, nil
			}
		} else if !s.o.Binary {
			if !s.o.QuietBinary {
				s.fn(&Event{Kind: Note, Note: s.in.Name + ": an Outlook message is read from a file, not a pipe: skipped"})
			}
			return nil, false, true, live, done, nil
		}
	}
	if !s.o.Binary && magic.OutlookData(head) {
		// An Outlook data file (.pst, .ost), whose messages this
		// package does not read: said so, not skipped as any binary
		// file (-a scans it all the same, which finds little: its
		// blocks are most often obfuscated, [MS-PST] §5.1).
		if !s.o.QuietBinary {
			s.fn(&Event{Kind: Note, Note: s.in.Name + ": an Outlook data file (.pst, .ost), whose messages are not read: skipped (export them as .msg, .eml or mbox files to search them)"})
		}
		return nil, false, true, live, done, nil
	}
	if !s.o.Raw && mailbox.IsTNEF(head) {
		// A TNEF stream (winmail.dat, saved from a mail): read as the
		// MIME message it holds (mailbox.TNEFMessage), as it comes.
		return s.decode(mailbox.TNEFMessage(br)), true, false, live, done, nil
	}
	if !s.o.Raw && ooxml.Sniff(head) && (ooxml.IsName(s.in.Name) || ooxml.IsODF(head)) {
		// An office document (.docx, .xlsx, .pptx; an OpenDocument
		// file, by its name or its first entry): read for its links
		// (ooxml.Links: its external relationships' or its hyperlinks'
		// targets, one a line), as a PDF is.
		return s.decode(ooxml.Links(br)), false, false, live, done, nil
	}
	if !s.o.Raw && pdf.Sniff(head) {
		// A PDF file: read for its links (pdf.Links: its link
		// annotations' targets, one a line; positions count in that
		// list), not skipped as binary.
		return s.decode(pdf.Links(br)), false, false, live, done, nil
	}
	if !s.o.Raw && s.o.Decompress && (zipstream.Sniff(head) || mailbox.IsTar(head)) {
		// A ZIP or tar archive (a .tar.gz once gunzipped): read as the
		// MIME message that stands for it (mailbox.ZipMessage,
		// TarMessage), its files the parts, each read as what it is;
		// positions count in that message.
		if mailbox.IsTar(head) {
			return s.decode(mailbox.TarMessage(br)), true, false, live, done, nil
		}
		return s.decode(mailbox.ZipMessage(br)), true, false, live, done, nil
	}
	if !s.o.Binary && bytes.IndexByte(head, 0) >= 0 {
		if !s.o.QuietBinary {
			// A compressed file (Options.Decompress off) is told of as
			// such: --search-zip reads it, where -a would scan its
			// compressed bytes.
			if magic.Gzip(head) || packedBy(head) != nil {
				s.fn(&Event{Kind: Note, Note: s.in.Name + ": compressed file skipped (use --search-zip to read it)", Binary: true, Compressed: true})
			} else {
				s.fn(&Event{Kind: Note, Note: s.in.Name + ": binary file skipped (use -a to scan it)", Binary: true})
			}
		}
		return nil, false, true, live, done, nil
	}
	if s.o.Raw {
		return br, false, false, live, done, nil
	}
	if mailbox.Sniff(head) {
		return br, true, false, live, done, nil
	}
	if rtf.Sniff(head) {
		// A rich text document: read as its text (rtf.Text): its
		// fields' links, not its font tables nor Word's XML namespace;
		// the lines its source breaks URLs across joined. Columns and
		// byte offsets count in that text.
		return s.decode(rtf.NewText(br)), false, false, live, done, nil
	}
	if roff.Sniff(head) {
		// A manual page's source: read as the text it stands for, its
		// escapes resolved ("util\-linux", "\fIftp://...\fP"), its lines
		// kept; columns and byte offsets count in that text.
		br = s.decode(transform.NewReader(br, roff.Decoder()))
	}
	return br, false, false, live, done, nil
}

// inputAt returns the input r as an io.ReaderAt whose offset 0 is the
// input's first byte, when it is one: under is the searcher's reader of
// r (nil when r is decompressed), back the bytes its buffer holds. An
// Outlook message is read at its offsets so, and a large file's pieces
// by the pipeline's workers (preadInput).
func inputAt(r, under io.Reader, back int) (io.ReaderAt, bool) {
	ra, ok := r.(io.ReaderAt)
	if !ok || under == nil {
		return nil, false
	}
	if sk, ok := r.(io.Seeker); ok {
		pos, err := sk.Seek(0, io.SeekCurrent)
		if err != nil || pos != int64(back) {
			return nil, false
		}
	}
	return ra, true
}

// decode returns the reader of r, what a decoder makes of the input, in
// the kit's decoded buffer; positions count in what it gives.
func (s *searcher) decode(r io.Reader) *bufio.Reader {
	s.under = nil
	return reader(&s.kit.decoded, r)
}

// reader returns *kept reset to read r, made first if need be.
func reader(kept **bufio.Reader, r io.Reader) *bufio.Reader {
	if *kept == nil {
		*kept = bufio.NewReaderSize(r, 64<<10)
	} else {
		(*kept).Reset(r)
	}
	return *kept
}

// peekHead returns the first sniffSize bytes of br, or fewer at the end
// of the input. Of a live input it returns what its first read gave:
// waiting for 8 KiB from a pipe would hold back what a slow writer sends.
func peekHead(br *bufio.Reader, live bool) ([]byte, error) {
	n := sniffSize
	if live {
		if _, err := br.Peek(1); err != nil && err != io.EOF {
			return nil, err
		}
		n = min(n, br.Buffered())
	}
	head, err := br.Peek(n)
	if err == io.EOF || err == bufio.ErrBufferFull {
		err = nil
	}
	return head, err
}

func (s *searcher) run() error {
	br, mail, skip, live, done, err := s.open()
	defer done()
	if err != nil || skip {
		return err
	}
	at := s.in.Start
	if at.Offset <= 0 {
		at = Start{Line: 1}
	} else {
		mail = at.Mail // a piece: the caller says what the whole is
		if at.Line < 1 {
			at.Line = 1
		}
		if base := at.Messages; base > 0 {
			fn := s.fn
			s.fn = func(ev *Event) bool {
				ev.renumber(base)
				return fn(ev)
			}
		}
	}
	if !mail && !s.fn(&Event{Kind: PartBegin}) {
		return nil
	}
	// Mail goes in pieces (whole messages) only when no Match is built
	// for each URL (TextOnly, CountOnly): measured on 100 MB of generated
	// mail with two workers, the default output 1.50 s -> 1.16 s and -c
	// 1.32 s -> 0.86 s, but --json 8.4 s -> 9.3 s, the collector running
	// for the allocation of every parse under urlgrep's 12 MiB soft
	// memory limit. Pieces pay for text.
	// A mailbox is cut where its own kind of separator is (an mbox at its
	// "From " lines, ...); a single message is never cut, but read whole.
	cut := extract.Cut
	if mail {
		head, _ := br.Peek(br.Buffered())
		cut = mailbox.CutFor(head)
	}
	if s.o.Jobs > 1 && !live && !s.o.lines() && (!mail || s.o.TextOnly || s.o.CountOnly) && cut != nil {
		if !mail && !s.o.lineNumbers() && s.in.Start.Offset <= 0 && int64(br.Buffered()) >= min(preadMin, int64(br.Size())) {
			// A regular file longer than the buffer's first read (whose
			// size is not asked of a smaller one), whose batches the
			// workers read (runAt).
			if ra, ok := preadInput(s.in.R, s.under, br.Buffered()); ok {
				err := s.pieces(nil, ra, false, cut, at)
				if sk, ok := s.in.R.(io.Seeker); ok && err == nil {
					// Where reading it through would have left it.
					_, err = sk.Seek(s.read, io.SeekStart)
				}
				return err
			}
		}
		var r io.Reader = br
		if s.under != nil {
			// The batches read the input itself once br's bytes are
			// taken: through br, each byte was copied twice.
			head, _ := br.Peek(br.Buffered())
			r = io.MultiReader(bytes.NewReader(head), s.under)
		}
		return s.pieces(r, nil, mail, cut, at)
	}
	st := s.kit.st
	if st != nil && !s.o.lines() {
		st.reuse(&s.o, s.in.Name, s.fn)
	} else {
		st = s.newStream(s.fn)
		if !s.o.lines() {
			s.kit.st = st // a stream with a lineTracker is not kept
		}
	}
	if mail {
		if s.stall != nil && s.under != nil {
			// Mail read from a stream, by no decoder: a body that has
			// given all there was waits for more here (a stall decided
			// with the lines read, as for text). What br holds is input
			// already come.
			st.stallWait = func() bool { return br.Buffered() == 0 && s.stall.wait() }
		}
		err = st.mail(br, at.Offset, at.Line)
	} else if s.stall != nil {
		err = st.text(stalling{br, s.stall}, at.Offset, at.Line)
	} else {
		err = st.text(br, at.Offset, at.Line)
	}
	s.msgs, s.urls, s.drop = st.msgs, st.urls, st.dropped
	return err
}

func (s *searcher) newStream(emit func(*Event) bool) *stream {
	st := newStream(&s.o, s.in.Name)
	st.emit = emit
	return st
}
