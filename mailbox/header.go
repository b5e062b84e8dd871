package mailbox

import (
	"bytes"
	"errors"
	"fmt"
	"net/textproto"
	"strings"
)

// header is a message's or part's header block, fields in order. Its
// names and values are views of the Reader's header arena, valid until
// the next readHeader: what outlives that is copied.
type header []field

// field is one header field: its name, its value unfolded, and where
// each line of the value is in the input.
type field struct {
	name, value []byte
	hn          *headerName // what name stands for (Reader.headerName)
	first       valueLine   // the value's first line
	more        []valueLine // its continuation lines (most fields have none: no allocation)
	cut         bool        // longer than maxFieldBytes: the rest dropped
}

// The arrays of continuation lines a header's fields keep for the next
// header (readHeader): any of smallKeptLines or fewer, larger ones up to
// maxKeptLines each and maxKeptLinesAll in all (56 bytes a line: 224 KiB).
const (
	smallKeptLines  = 32
	maxKeptLines    = 1024
	maxKeptLinesAll = 4096
)

// valueLine is a line of a field's value, as written (a view of the
// value), and where.
type valueLine struct {
	text []byte
	pos  Position
}

// get returns the value of the first field named name, case ignored.
// The names the Reader gets are readField's: past maxHeaderFields only
// those are kept.
func (h header) get(name string) []byte {
	for i := range h {
		if len(h[i].name) == len(name) && strings.EqualFold(string(h[i].name), name) {
			return h[i].value
		}
	}
	return nil
}

// readHeader reads a header block up to the empty line that ends it,
// unfolding continuation lines, and returns it with the position of the
// first byte after it: the body's start. It holds at most maxHeaderBytes;
// past that bound, the lines are read as the body's first lines, and the
// problem is reported. A field longer than maxFieldBytes is cut, and
// said to be. A delimiter of an open multipart ends the block too.
func (r *Reader) readHeader(path string) (header, Position) {
	r.curStop = false
	// The fields and their bytes reuse the last header's buffers (no
	// reader of a header outlives the next readHeader); a field's value
	// is the last thing in the arena, so its continuation lines extend it.
	hr := headerReader{r: r, path: path, h: r.fields[:0], arena: r.arena[:0]}
	defer func() {
		h, arena := hr.h, hr.arena
		// The fields past this header's let go of the views an earlier
		// header left in them (the arena may be replaced), but keep their
		// arrays of continuation lines for the next headers, within
		// bounds: cleared, each was made again, 17 MB of garbage over 363
		// MB of a mailing list whose messages' fields vary in number and
		// fold their Cc over dozens of lines.
		// Past the fields the last header used, they are clean already:
		// only their arrays are counted, not written again (a field is
		// 144 bytes, and a list's messages, whose headers vary, left
		// dozens clean to clear for each message: 4.5% of mail decoding
		// on notmuch's list mail).
		kept, dirty := 0, r.fieldsUsed
		for i := len(h); i < cap(h); i++ {
			f := &h[:cap(h)][i]
			more := f.more
			if i < dirty {
				clear(more)
			}
			if c := cap(more); c > smallKeptLines {
				if c > maxKeptLines || kept+c > maxKeptLinesAll {
					more = nil
				} else {
					kept += c
				}
			}
			if i < dirty || more == nil && f.more != nil {
				*f = field{more: more[:0]}
			}
		}
		r.fieldsUsed = len(h)
		if cap(h) <= 256 {
			r.fields = h[:0]
		}
		if cap(arena) <= 64<<10 {
			r.arena = arena[:0]
		}
	}()
	total := 0
	for {
		if !r.curStop && !r.noBulk {
			if hr.skipping {
				// An ignored field's continuation lines (a Received or
				// DKIM-Signature field folded over many), at once.
				total += r.src.skipFolded(maxHeaderBytes - total)
			}
			if len(hr.h) > 0 || hr.skipping {
				// Once a field is read, the buffered lines up to the
				// blank one at once, each read as below.
				if run, ok := r.src.headerRun(len(r.stack) > 0, maxHeaderBytes-total); ok {
					total += len(run.data)
					hr.run(run, r.src.ends)
					continue
				}
			}
		}
		c, ok := r.bodyLine()
		if !ok {
			r.curStop = false
			return hr.h, r.src.pos
		}
		line := trimEOL(c.data)
		if c.pos.Col == 1 && len(line) == 0 {
			return hr.h, r.src.pos // the empty line (or a last "\r") ends the block
		}
		total += len(c.data)
		if total > maxHeaderBytes {
			r.src.unread(c)
			r.report(path, errors.New("header block longer than 1 MiB: the rest read as body text"))
			return hr.h, c.pos
		}
		if !hr.line(c, line) && len(hr.h) == 0 && !hr.skipping {
			// Not a header at all: a body with no header block.
			r.src.unread(c)
			r.report(path, errors.New("no header block"))
			return hr.h, c.pos
		}
	}
}

// headerReader is readHeader's state: the fields so far, the bytes of
// their names and values, the field being read.
type headerReader struct {
	r        *Reader
	path     string
	h        header
	arena    []byte
	cur      *field
	skipping bool  // in a field ignored: its continuation lines too
	read     uint8 // the fields the Reader reads that are kept (readField)
	tooMany  bool  // maxHeaderFields was passed, and said to be
	vstart   int   // where cur's value starts in arena
}

// run reads the lines of c, a run source.headerRun gave (whole lines, none
// blank), one by one as readHeader reads a line.
func (hr *headerReader) run(c chunk, ends []int) {
	pos, start := c.pos, 0
	for _, end := range ends {
		line := c.data[start:end]
		hr.line(chunk{data: line, pos: pos, eol: true}, trimEOL(line))
		pos.Offset += int64(end - start)
		pos.Line++
		start = end
	}
}

// line reads c, a line of the header block that is not blank, line its
// bytes without the line break: a continuation line, a field, or a stray
// line among the fields (ignored). It returns false for a line that is
// neither a field nor a continuation.
func (hr *headerReader) line(c chunk, line []byte) bool {
	cur := hr.cur
	if c.pos.Col != 1 || (line[0] == ' ' || line[0] == '\t') && (cur != nil || hr.skipping) {
		// A continuation line, or the rest of a line longer than the
		// source's buffer.
		if cur == nil || hr.skipping {
			return true
		}
		if len(cur.name)+2+len(cur.value)+len(line) > maxFieldBytes {
			if !cur.cut {
				cur.cut = true
				hr.r.report(hr.path, errors.New("header field longer than 64 KiB, cut"))
			}
			return true
		}
		n := len(hr.arena)
		hr.arena = append(hr.arena, line...)
		arena := hr.arena
		cur.value = arena[hr.vstart:len(arena):len(arena)]
		cur.more = append(cur.more, valueLine{arena[n:len(arena):len(arena)], c.pos})
		return true
	}
	colon := -1
	for i, c := range line {
		if c == ':' {
			colon = i
			break
		}
		if c == ' ' || c == '\t' {
			break // a name has no white space
		}
	}
	if colon <= 0 {
		return false // a stray line among the fields, or no header at all
	}
	name := line[:colon]
	hn := hr.r.headerName(name)
	read := hn.read
	if !hn.ignored && len(hr.h) >= maxHeaderFields && (read == 0 || hr.read&read != 0) {
		// Past the bound, only the first of the fields the Reader reads
		// itself is kept; the others are passed over, and said to be.
		if !hr.tooMany {
			hr.tooMany = true
			hr.r.report(hr.path, fmt.Errorf("more than %d header fields: the rest not read", maxHeaderFields))
		}
		hr.cur, hr.skipping = nil, true
		return true
	}
	hr.read |= read
	if hn.ignored {
		// Received, DKIM-Signature and the like: half a message's
		// header block, folded over many lines, and never read.
		hr.cur, hr.skipping = nil, true
		return true
	}
	vpos := c.pos
	skip := len(name) + 1
	for skip < len(line) && (line[skip] == ' ' || line[skip] == '\t') {
		skip++
	}
	vpos = vpos.along(skip)
	hr.arena = append(hr.arena, name...)
	nm := hr.arena[len(hr.arena)-len(name) : len(hr.arena) : len(hr.arena)]
	hr.vstart = len(hr.arena)
	hr.arena = append(hr.arena, line[skip:]...)
	v := hr.arena[hr.vstart:len(hr.arena):len(hr.arena)]
	h := hr.h
	if len(h) < cap(h) {
		more := h[:len(h)+1][len(h)].more[:0]
		h = append(h, field{name: nm, hn: hn, value: v, first: valueLine{v, vpos}, more: more})
	} else {
		h = append(h, field{name: nm, hn: hn, value: v, first: valueLine{v, vpos}})
	}
	hr.h = h
	hr.cur, hr.skipping = &h[len(h)-1], false
	return true
}

// unscanned are the header fields that hold no URL but do hold host
// names and addresses that look like them: trace fields, message ids,
// signatures, and the MIME structure.
var unscanned = map[string]bool{
	"Received": true, "Return-Path": true, "Message-Id": true, "References": true, "In-Reply-To": true,
	"Content-Id": true, "Dkim-Signature": true, "Domainkey-Signature": true, "Arc-Seal": true,
	"Arc-Message-Signature": true, "Arc-Authentication-Results": true, "Authentication-Results": true,
	"Received-Spf": true, "X-Received": true, "Content-Type": true, "Content-Transfer-Encoding": true,
	"Mime-Version": true, "Date": true, "Xref": true, "Path": true, "X-Google-Dkim-Signature": true,
	"X-Google-Smtp-Source": true, "X-Gm-Message-State": true, "Delivered-To": true,
	"Newsgroups": true, "Followup-To": true, "Lines": true,
	// Outlook's message class, "urn:content-classes:message": a URN, but
	// a name of a kind of message, not a link (1,484 in the corpora here).
	"Content-Class": true,
}

// headerParts adds a part for every field of a message's header that may
// carry URLs: all but those in unscanned (Subject, List-*, Archived-At,
// Link, X-* and the address fields, whose display names carry URLs in
// spam, among them), and with a HeaderFilter, those it passes.
func (r *Reader) headerParts(h header, prefix string) {
	for i := range h {
		f := &h[i]
		hn := f.hn
		if hn.skip {
			continue
		}
		path := hn.path
		if prefix != "" {
			path = prefix + "header:" + hn.name
		}
		encoded := bytes.Contains(f.value, []byte("=?"))
		text := f.value
		if encoded {
			// RFC 2047 words decoded, in a buffer the Reader keeps: the
			// value as written where they cannot be.
			var ok bool
			if r.words, ok = appendWords(r.words[:0], view(f.value)); !ok {
				r.words = append(r.words[:0], f.value...)
			}
			text = r.words
		}
		if r.mayHold != nil && !r.mayHold(text) {
			continue // no URL can be in it (HeaderFilter)
		}
		b := r.headerBody()
		if encoded {
			// The text is not as written: its place is the field's.
			pos := f.first.pos
			pos.Exact = false
			b.emit(text, pos) // copied into the body
		} else {
			b.emit(f.first.text, f.first.pos)
			for _, l := range f.more {
				b.emit(l.text, l.pos)
			}
		}
		b.flushed = true
		p := r.part(Part{Message: r.msg, MessageID: r.msgID, Subject: r.subject, Path: path,
			Type: "text/plain", Body: b, Offset: f.first.pos.Offset, Line: f.first.pos.Line, body: b, header: true})
		r.pending = append(r.pending, p)
	}
}

// ignored reports whether the field named name, as written, is one the
// Reader neither scans (unscanned, "X-MS-*", "ARC-*") nor reads itself
// (Content-Type, Content-Transfer-Encoding, Message-ID, which are in
// unscanned too). It does not allocate.
func ignored(name []byte) bool {
	if len(name) > 64 {
		return false
	}
	var buf [64]byte
	for i, c := range name {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	lower := buf[:len(name)]
	if bytes.HasPrefix(lower, []byte("x-ms-")) || bytes.HasPrefix(lower, []byte("arc-")) {
		return true
	}
	return ignoredNames[string(lower)]
}

// ignoredNames are the names of unscanned in lower case, but those the
// Reader reads.
var ignoredNames = func() map[string]bool {
	m := map[string]bool{}
	for n := range unscanned {
		switch n {
		case "Content-Type", "Content-Transfer-Encoding", "Message-Id":
			continue
		}
		m[strings.ToLower(n)] = true
	}
	return m
}()

// headerName is what the Reader makes of a field's name as written: its
// canonical form, whether it is scanned, and the path of the message's
// own field of that name.
type headerName struct {
	name, path string
	skip       bool  // not scanned (unscanned, "X-MS-*", "ARC-*")
	ignored    bool  // not kept either (ignored)
	read       uint8 // readField of name
}

// maxHeaderNames bounds the names a Reader remembers (headerName).
const maxHeaderNames = 1024

// nameCacheSize is the number of entries of a Reader's cache of header
// names (headerName).
const nameCacheSize = 256

// cachedName is a name as written and what it stands for: an entry of the
// cache and a value of the map, which keeps its key in it for the cache.
type cachedName struct {
	key string
	hn  *headerName
}

// headerName returns what name (not empty), as written, stands for. The
// names a mailbox uses repeat message after message: each is worked out
// once and remembered (up to maxHeaderNames of them), so that a field
// costs a map lookup, not a canonical name and a path made anew. What it
// returns is shared: the caller does not change it.
//
// In front of the map, a small cache by length and first and last bytes
// answers most fields with one comparison of the name (a message's few
// dozen names rarely collide in it), and the map, which hashes the name,
// only the rest.
func (r *Reader) headerName(name []byte) *headerName {
	if r.nameCache == nil {
		r.nameCache = new([nameCacheSize]cachedName)
	}
	e := &r.nameCache[(len(name)*31+int(name[0])*7+int(name[len(name)/2])*3+int(name[len(name)-1]))%nameCacheSize]
	if e.key == string(name) {
		return e.hn
	}
	if c, ok := r.names[string(name)]; ok {
		*e = c // the map's own key: no string made
		return c.hn
	}
	key := string(name)
	canon := textproto.CanonicalMIMEHeaderKey(key)
	hn := &headerName{name: canon, path: "header:" + canon, ignored: ignored(name), read: readField(canon),
		skip: unscanned[canon] || strings.HasPrefix(canon, "X-Ms-") || strings.HasPrefix(canon, "Arc-")}
	if r.names == nil {
		r.names = map[string]cachedName{}
	}
	if len(r.names) < maxHeaderNames {
		*e = cachedName{key, hn}
		r.names[key] = *e
	}
	return hn
}

// maxHeaderFields bounds the fields a header block keeps: a header block
// of 1 MiB (maxHeaderBytes) can hold 100,000 fields, and each field kept
// is some 200 bytes and, scanned, a part (a Part and a body, a thousand
// more). Real mail has a few dozen. Past it only the first Content-Type,
// Content-Transfer-Encoding, Message-ID and Subject are kept.
const maxHeaderFields = 512

// readField returns the bit of a field the Reader reads itself (get),
// by its canonical name, or 0.
func readField(canon string) uint8 {
	switch canon {
	case "Content-Type":
		return 1
	case "Content-Transfer-Encoding":
		return 2
	case "Message-Id":
		return 4
	case "Subject":
		return 8
	}
	return 0
}

// maxFreeHeaderBodies bounds the header bodies a Reader keeps for reuse,
// and maxFreeAnchors the anchors their arrays hold in all (40 bytes each:
// 160 KiB) beyond 64 each, which any body keeps: a field folded over
// more lines than that (a mailing list's Cc) has an anchor a line.
const (
	maxFreeHeaderBodies = 64
	maxFreeAnchors      = 4096
)

// headerBody returns an empty body for a header part: one the caller has
// finished with (a Body and its Locate are valid until the next call to
// Next), or a new one.
func (r *Reader) headerBody() *body {
	if n := len(r.freeHeaders); n > 0 {
		b := r.freeHeaders[n-1]
		r.freeHeaders = r.freeHeaders[:n-1]
		r.freeAnchors -= cap(b.anchors)
		*b = body{keep: b.keep[:0], anchors: b.anchors[:0], ended: true}
		return b
	}
	return &body{ended: true}
}

// doneWith takes back the body of p, the part Next returned before, when
// it is a header's.
func (r *Reader) doneWith(p *Part) {
	if p == nil || !p.header || p.body == nil || len(r.freeHeaders) >= maxFreeHeaderBodies {
		return
	}
	// An outsized field's buffers go, not the body; a long field's
	// anchors stay within maxFreeAnchors: a mailing list's messages, with
	// their long Cc fields, made bodies and their anchors anew for each.
	b := p.body
	if cap(b.keep) > 64<<10 {
		b.keep = nil
	}
	if cap(b.anchors) > 64 && r.freeAnchors+cap(b.anchors) > maxFreeAnchors {
		b.anchors = nil
	}
	r.freeAnchors += cap(b.anchors)
	r.freeHeaders = append(r.freeHeaders, b)
}
