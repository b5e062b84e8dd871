package mailbox

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/textproto"
	"strconv"
	"strings"
)

// Part is one piece of a message to scan for URLs: a text part of the
// body, or a header that carries URLs.
type Part struct {
	Message   int    // 1-based number of the message in the input
	MessageID string // the message's Message-ID, without "<" and ">"
	Subject   string // the message's Subject, RFC 2047 words decoded
	// Path is the MIME part path ("1", "2.1", as IMAP numbers parts), or
	// "header:" and the header's name ("header:List-Unsubscribe").
	Path string
	// Type is the part's media type in lower case ("text/plain").
	Type string
	// Group is the path of the nearest multipart/alternative the part is
	// in, "" when none: the parts of one group show one message in several
	// forms, so a URL in more than one of them is the same link.
	Group string
	// Body is the part's text, decoded to UTF-8. For text/html it is the
	// link targets and the visible text. It is valid until the next call
	// to Next. Reading it returns no error but io.EOF: a broken part is
	// reported as a Problem and ends where it breaks.
	Body io.Reader
}

// Problem is something wrong in the input that did not stop the reader:
// an unknown charset, a broken encoding, a missing boundary.
type Problem struct {
	Message int    // the message it is in
	Part    string // the part path, "" for the message as a whole
	Err     error
}

func (p Problem) Error() string {
	s := "message " + strconv.Itoa(p.Message)
	if p.Part != "" {
		s += " part " + p.Part
	}
	return s + ": " + p.Err.Error()
}

// Option configures a Reader.
type Option func(*Reader)

// OnProblem sets the function told of each [Problem]; by default problems
// are ignored.
func OnProblem(f func(Problem)) Option { return func(r *Reader) { r.problem = f } }

// Bounds on what one message may make the reader hold.
const (
	maxHeaderBytes = 1 << 20  // a message's header block; the rest is skipped
	maxFieldBytes  = 64 << 10 // one header field; the rest is dropped
	maxDepth       = 32       // nesting of multiparts
)

// Reader reads the parts of the messages in an mbox, a message or a news
// article. It is not safe for concurrent use.
type Reader struct {
	// Buffered readers, reused from one message or part to the next: a
	// part's body is valid only until Next, so one of each is in use at a
	// time, and a mailbox costs no allocation per message for them.
	msgBR, qpBR, flowBR *bufio.Reader

	src     *mboxSource
	problem func(Problem)

	msg     int
	msgID   string
	subject string
	started bool

	headers []Part  // header parts of the current message, not yet returned
	stack   []frame // open multiparts, innermost last
	body    *Part   // the single body part of a non-multipart message, not yet returned
}

// frame is an open multipart.
type frame struct {
	mr    *multipart.Reader
	path  string // "" for the message's top level
	n     int    // parts read
	group string // multipart/alternative ancestor
}

// NewReader returns a Reader of r, which holds an mbox (messages separated
// by "From " lines), one message, or a news article.
func NewReader(r io.Reader, opts ...Option) *Reader {
	mr := &Reader{src: newMboxSource(r), problem: func(Problem) {}}
	for _, o := range opts {
		o(mr)
	}
	return mr
}

// Next returns the next part to scan, or io.EOF after the last. A
// non-nil error other than io.EOF is an error reading the input.
func (r *Reader) Next() (*Part, error) {
	for {
		if len(r.headers) > 0 {
			p := r.headers[0]
			r.headers = r.headers[1:]
			return &p, nil
		}
		if r.body != nil {
			p := r.body
			r.body = nil
			return p, nil
		}
		if n := len(r.stack); n > 0 {
			if p := r.nextPart(&r.stack[n-1]); p != nil {
				return p, nil
			}
			continue
		}
		ok, err := r.nextMessage()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, io.EOF
		}
	}
}

// nextMessage starts the next message: reads its header block and sets up
// its header parts and body.
func (r *Reader) nextMessage() (bool, error) {
	if r.started {
		if !r.src.nextMessage() {
			return false, r.src.err
		}
	} else {
		r.started = true
		if !r.src.first() {
			return false, r.src.err
		}
	}
	r.msg++
	body := reuse(&r.msgBR, r.src)
	h, err := readHeader(body)
	if err != nil {
		r.report("", err)
	}
	r.msgID = strings.Trim(strings.TrimSpace(h.get("Message-Id")), "<>")
	r.subject = decodeWords(h.get("Subject"))
	r.headers = r.headerParts(h)
	r.startBody(body, h, "", "", 0)
	return true, nil
}

// startBody sets up the body of a message or part with header h.
func (r *Reader) startBody(body io.Reader, h header, path, group string, depth int) {
	mediatype, params, err := mime.ParseMediaType(h.get("Content-Type"))
	if err != nil {
		if h.get("Content-Type") != "" {
			r.report(path, errors.New("bad Content-Type: "+err.Error()))
		}
		// A bad parameter loses the parameters, not the media type: an
		// image with a badly quoted name is still an image.
		if err != mime.ErrInvalidMediaParameter {
			mediatype = "text/plain"
		}
		params = map[string]string{}
	}
	if strings.HasPrefix(mediatype, "multipart/") {
		boundary := params["boundary"]
		if boundary == "" || depth >= maxDepth {
			r.report(path, errors.New("multipart without a boundary, or nested too deep; read as text"))
			mediatype = "text/plain"
		} else {
			if mediatype == "multipart/alternative" {
				group = path
				if group == "" {
					group = "0"
				}
			}
			r.stack = append(r.stack, frame{mr: multipart.NewReader(body, boundary), path: path, group: group})
			return
		}
	}
	if path == "" {
		path = "1"
	}
	if !isText(mediatype) {
		return
	}
	r.body = &Part{Message: r.msg, MessageID: r.msgID, Subject: r.subject, Path: path, Type: mediatype, Group: group,
		Body: r.decode(body, h, mediatype, params, path)}
}

// nextPart returns the next leaf part of the multipart f, or nil when f
// is done (popped) or the part opened a nested multipart or was skipped.
func (r *Reader) nextPart(f *frame) *Part {
	p, err := f.mr.NextRawPart()
	if err != nil {
		if err != io.EOF {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				err = errors.New("multipart: closing boundary missing")
			}
			r.report(f.path, err)
		}
		r.stack = r.stack[:len(r.stack)-1]
		return nil
	}
	f.n++
	path := strconv.Itoa(f.n)
	if f.path != "" {
		path = f.path + "." + path
	}
	group := f.group
	r.startBody(endAtErr{p}, fromMIME(p.Header), path, group, len(r.stack))
	b := r.body
	r.body = nil
	return b
}

// endAtErr ends a part at the first error its multipart reader returns
// (a missing boundary, which the frame's next NextRawPart reports), so
// that the error never reaches the caller reading Part.Body.
type endAtErr struct{ r io.Reader }

func (e endAtErr) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil {
		err = io.EOF
	}
	return n, err
}

func (r *Reader) report(part string, err error) {
	r.problem(Problem{Message: r.msg, Part: part, Err: err})
}

// isText reports whether a part of this media type is read as text: text/*
// and message/* (a forwarded message, headers and all).
func isText(mediatype string) bool {
	return strings.HasPrefix(mediatype, "text/") || strings.HasPrefix(mediatype, "message/")
}

// urlHeaders are the headers scanned for URLs: RFC 2369's List-* fields,
// RFC 5064's Archived-At, RFC 8288's Link, the Subject a reader sees, and
// MIME's Content-Base and Content-Location. Message-ID, References and
// address fields are not: their "<...>" are not URLs.
var urlHeaders = []string{"Subject", "List-Help", "List-Unsubscribe", "List-Subscribe", "List-Post",
	"List-Owner", "List-Archive", "Archived-At", "Link", "Content-Base", "Content-Location"}

func (r *Reader) headerParts(h header) []Part {
	var ps []Part
	for _, f := range h {
		name := textproto.CanonicalMIMEHeaderKey(f.name)
		if !isURLHeader(name) {
			continue
		}
		ps = append(ps, Part{Message: r.msg, MessageID: r.msgID, Subject: r.subject, Path: "header:" + name, Type: "text/plain",
			Body: strings.NewReader(decodeWords(f.value))})
	}
	return ps
}

func isURLHeader(name string) bool {
	for _, n := range urlHeaders {
		if n == name {
			return true
		}
	}
	return strings.HasSuffix(name, "-Url") || strings.HasSuffix(name, "-Uri")
}

// header is a message's or part's header block, fields in order.
type header []field

type field struct{ name, value string }

// get returns the value of the first field named name, case ignored.
func (h header) get(name string) string {
	for _, f := range h {
		if strings.EqualFold(f.name, name) {
			return f.value
		}
	}
	return ""
}

// fromMIME turns a part's parsed header into a header.
func fromMIME(m textproto.MIMEHeader) header {
	h := make(header, 0, len(m))
	for k, vs := range m {
		for _, v := range vs {
			h = append(h, field{k, v})
		}
	}
	return h
}

// readHeader reads a header block up to the empty line that ends it,
// unfolding continuation lines. It holds at most maxHeaderBytes; longer
// fields are cut at maxFieldBytes, and the error says what was dropped.
func readHeader(br *bufio.Reader) (header, error) {
	if b, _ := br.Peek(1024); !looksLikeHeader(b) {
		return nil, errors.New("no header block")
	}
	var h header
	var problem error
	total := 0
	var cur []byte
	flush := func() {
		if len(cur) == 0 {
			return
		}
		name, value, ok := bytes.Cut(cur, []byte{':'})
		if ok && len(name) > 0 && bytes.IndexAny(name, " \t") < 0 {
			h = append(h, field{string(name), strings.TrimSpace(string(value))})
		}
		cur = cur[:0]
	}
	for {
		line, cut, err := readLine(br, maxFieldBytes)
		if cut && problem == nil {
			problem = errors.New("header field longer than 64 KiB, cut")
		}
		total += len(line)
		trimmed := bytes.TrimRight(line, "\r\n")
		if len(trimmed) == 0 {
			flush()
			return h, problem
		}
		switch {
		case trimmed[0] == ' ' || trimmed[0] == '\t':
			if len(cur)+len(trimmed) <= maxFieldBytes {
				cur = append(cur, trimmed...)
			} else if problem == nil {
				problem = errors.New("header field longer than 64 KiB, cut")
			}
		default:
			flush()
			cur = append(cur, trimmed...)
		}
		if err != nil {
			flush()
			return h, problem
		}
		if total > maxHeaderBytes {
			flush()
			skipHeader(br)
			return h, errors.New("header block longer than 1 MiB, rest skipped")
		}
	}
}

// readLine reads one line, keeping at most max bytes of it; cut reports
// that some were dropped.
func readLine(br *bufio.Reader, max int) (line []byte, cut bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) <= max {
			line = append(line, chunk...)
		} else {
			cut = true
		}
		if err != bufio.ErrBufferFull {
			return line, cut, err
		}
	}
}

// skipHeader discards lines up to and including the empty line.
func skipHeader(br *bufio.Reader) {
	for {
		line, cut, err := readLine(br, 2)
		if err != nil || !cut && len(bytes.TrimRight(line, "\r\n")) == 0 {
			return
		}
	}
}

// looksLikeHeader reports whether b starts with a header field,
// "name:" with no space in the name, or an empty line (an empty header).
func looksLikeHeader(b []byte) bool {
	if len(b) == 0 || b[0] == '\n' || b[0] == '\r' {
		return true
	}
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	colon := bytes.IndexByte(b, ':')
	return colon > 0 && bytes.IndexAny(b[:colon], " \t") < 0
}

// reuse resets *br to read r, allocating it (16 KiB) the first time. It
// is always a reader of its own: bufio.NewReaderSize(r, ...) would return
// r itself when r is a large enough *bufio.Reader (the message's), and a
// later reuse would then reset the message's reader to read from its own
// part, a reader reading itself for ever.
func reuse(br **bufio.Reader, r io.Reader) *bufio.Reader {
	if *br == nil {
		*br = bufio.NewReaderSize(nil, 16<<10)
	}
	(*br).Reset(r)
	return *br
}
