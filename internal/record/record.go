// Package record is the JSON object of one URL found, urlgrep --json's
// line (README.md, "JSON keys"): where it was found and how it was
// written, then the parts of rfc1738's JSON form. The command and the
// Beam pipeline write the same records.
package record

import (
	"github.com/urlgrep/urlgrep/internal/redact"
	"github.com/urlgrep/urlgrep/rfc1738"
	"github.com/urlgrep/urlgrep/search"
)

// Record is the JSON object of one URL found.
type Record struct {
	File       rfc1738.JSONString   `json:"file"`
	Line       int                  `json:"line"`
	Column     int                  `json:"column"`
	Offset     int64                `json:"offset"`
	End        int64                `json:"end"`
	Kind       string               `json:"kind"`
	Text       rfc1738.JSONString   `json:"text"`
	Rejoined   bool                 `json:"rejoined"`
	Alternates []rfc1738.JSONString `json:"alternates,omitempty"`
	PartLine   int                  `json:"part_line,omitempty"`
	PartColumn int                  `json:"part_column,omitempty"`
	PartOffset *int64               `json:"part_offset,omitempty"`
	Exact      *bool                `json:"exact,omitempty"`
	Message    int                  `json:"message,omitempty"`
	MessageID  *rfc1738.JSONString  `json:"message_id,omitempty"`
	Part       rfc1738.JSONString   `json:"part,omitempty"`
	Context    *rfc1738.JSONString  `json:"context,omitempty"`
	WrappedBy  *rfc1738.JSONString  `json:"wrapped_by,omitempty"`
	Wrappers   []rfc1738.JSONString `json:"wrappers,omitempty"`
	rfc1738.Parts
}

// New returns the record of ev, a URL event of the search of file; with
// redactPw, no password shows (RFC 1738 §6).
func New(file string, ev *search.Event, redactPw bool) Record {
	m, part := ev.Match, ev.Part
	o := Record{File: rfc1738.JSONString(file), Line: ev.Pos.Line, Column: ev.Pos.Col, Offset: ev.Pos.Offset, End: ev.End,
		Kind: m.Kind.String(), Text: rfc1738.JSONString(m.Text), Rejoined: m.Rejoined}
	if part != nil {
		// Line, column and offset are the file's; the part_ keys say
		// where the URL is in the decoded part, and exact whether the
		// file's position is the URL's own byte or its encoded line's.
		o.Message, o.MessageID, o.Part = part.Message, jptr(part.MessageID), rfc1738.JSONString(part.Path)
		o.PartLine, o.PartColumn, o.PartOffset, o.Exact = m.Line, m.Col, ptr(m.Offset), ptr(ev.Pos.Exact)
	}
	if c := ev.Context; c != nil {
		text := c.Text
		if redactPw {
			text, _ = redact.Spans(c.Text, [][2]int{{c.Start, c.End}})
		}
		o.Context = jptr(string(text)) // --context: the URL's lines, a window of them
	}
	if w := ev.Wrapped; w != nil {
		o.WrappedBy = jptr(w.Match.Text)
		if redactPw {
			o.WrappedBy = jptr(w.Match.Redacted())
		}
		for _, n := range w.Names {
			o.Wrappers = append(o.Wrappers, rfc1738.JSONString(n))
		}
	}
	if redactPw {
		o.Text = rfc1738.JSONString(m.Redacted())
	}
	for i, a := range m.Alternates {
		if redactPw {
			a = m.AltRedacted(i)
		}
		o.Alternates = append(o.Alternates, rfc1738.JSONString(a))
	}
	o.Parts = rfc1738.NewParts(m.Raw, m.Parsed, m.Err, redactPw)
	return o
}

func ptr[T any](v T) *T { return &v }

func jptr(s string) *rfc1738.JSONString { v := rfc1738.JSONString(s); return &v }

// AppendJSON appends r as a JSON object: byte for byte what encoding/json
// writes for it with HTML escaping off (json.Encoder.SetEscapeHTML), less
// the Encoder's newline (TestAppendJSON); the members in its fields'
// order, then the Parts's.
func (r *Record) AppendJSON(b []byte) []byte {
	o := rfc1738.JSONObject{B: append(b, '{')}
	o.String("file", string(r.File))
	o.Int("line", int64(r.Line))
	o.Int("column", int64(r.Column))
	o.Int("offset", r.Offset)
	o.Int("end", r.End)
	o.Plain("kind", r.Kind)
	o.String("text", string(r.Text))
	o.Bool("rejoined", r.Rejoined)
	o.Strings("alternates", r.Alternates)
	if r.PartLine != 0 {
		o.Int("part_line", int64(r.PartLine))
	}
	if r.PartColumn != 0 {
		o.Int("part_column", int64(r.PartColumn))
	}
	if r.PartOffset != nil {
		o.Int("part_offset", *r.PartOffset)
	}
	if r.Exact != nil {
		o.Bool("exact", *r.Exact)
	}
	if r.Message != 0 {
		o.Int("message", int64(r.Message))
	}
	o.StringPtr("message_id", r.MessageID)
	o.OmitEmpty("part", r.Part)
	o.StringPtr("context", r.Context)
	o.StringPtr("wrapped_by", r.WrappedBy)
	o.Strings("wrappers", r.Wrappers)
	r.Parts.AppendMembers(&o)
	return append(o.B, '}')
}
