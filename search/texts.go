package search

import (
	"io"

	"github.com/urlgrep/urlgrep/mailbox"
)

// Texts reads in as [Search] does (byte order mark, binary, mail or text)
// and calls fn with each text it holds, in order: the input itself, or
// each decoded text part of its mail, with the part. Notes (a binary file
// skipped, a broken part) go to note. It is how a renderer such as
// urlgrep's --linkify sees the same text the search scans. fn returning
// an error stops the reading; Texts returns it, or the error reading the
// input.
func Texts(in Input, opts Options, note func(string), fn func(part *mailbox.Part, text io.Reader) error) error {
	return TextsNotes(in, opts, func(ev *Event) { note(ev.Note) }, fn)
}

// TextsNotes is [Texts] with each note given as its Note event, whose
// Binary and Compressed say a file was skipped, as Search gives them: a
// caller that tells of such files together (urlgrep's --linkify -r) can
// tell them apart. The event is valid only during the call.
func TextsNotes(in Input, opts Options, note func(*Event), fn func(part *mailbox.Part, text io.Reader) error) error {
	s := newSearcher(in, opts, func(ev *Event) bool {
		if ev.Kind == Note {
			note(ev)
		}
		return true
	})
	defer putKit(s.kit) // its read buffer: fn's readers are done with when Texts returns
	br, mail, skip, _, done, err := s.open()
	defer done()
	if err != nil || skip {
		return err
	}
	if !mail {
		if s.stall != nil {
			return fn(nil, stalling{br, s.stall}) // a stream: its stalls told (extract.StallReader)
		}
		return fn(nil, br)
	}
	k := s.kit
	var wait func() bool
	if s.stall != nil && s.under != nil {
		// Mail from a stream: a stall decides what the part's lines hold
		// (mailbox.StallWait), as Search has it.
		wait = func() bool { return br.Buffered() == 0 && s.stall.wait() }
	}
	if k.texts == nil {
		k.texts = mailbox.NewReader(br, mailbox.StallWait(wait), mailbox.OnProblem(func(p mailbox.Problem) {
			k.problems = append(k.problems, p)
		}))
	} else {
		k.texts.Reset(br, mailbox.StallWait(wait))
	}
	mr := k.texts
	for {
		part, err := mr.Next()
		for _, p := range k.problems {
			note(&Event{Kind: Note, Note: in.Name + ": " + p.Error()})
		}
		clear(k.problems)
		k.problems = k.problems[:0]
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(part, part.Body); err != nil {
			return err
		}
	}
}
