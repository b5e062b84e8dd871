package extract

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// Two corpora, as xurls has: mail with no URLs, and text with many; a
// third of colons that start no URL, as source code and mail turned
// into Markdown have them; and a fourth of prose in other scripts than
// Latin's with IRIs in it.
var (
	inputNone   = genNone(1 << 20)
	inputMany   = genMany(1 << 20)
	inputColons = genColons(1 << 20)
	inputIRIs   = genIRIs(1 << 20)
)

// genIRIs returns about n bytes of prose in Japanese, Russian, Greek,
// Arabic, Hindi and French with a URL in every line: IDN hosts, paths and
// queries in the prose's script, an emoji after one, and URLs that end at
// the prose's punctuation or where its script starts after an ASCII host
// (RFC 3987 IRIs as mail and Markdown hold them).
func genIRIs(n int) []byte {
	lines := []string{
		"詳しくは https://例え.テスト/パス/%d を見てください。日本語の文章です。",
		"Подробнее: http://пример.рф/статья/%d?раздел=новости, а также на сайте.",
		"Δείτε https://παράδειγμα.δοκιμή/σελίδα/%d για περισσότερα 🙂 και άλλα.",
		"للمزيد: https://مثال.إختبار/صفحة/%d — شكرا لكم على القراءة.",
		"अधिक जानकारी के लिए https://उदाहरण.परीक्षा/पृष्ठ/%d देखें।",
		"Voir https://bücher.example/straße/%d et http://www.example.co.jpを参照 (à côté).",
		"商品は https://shop.example.com/商品/%d?色=赤&サイズ=大 からどうぞ（送料無料）。",
	}
	return cycleLines(n, func(i int) string { return fmt.Sprintf(lines[i%len(lines)], i) })
}

// cycleLines returns the first n bytes of line(0), line(1) and so on,
// each ended by a line break.
func cycleLines(n int, line func(i int) string) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		b.WriteString(line(i))
		b.WriteByte('\n')
	}
	return b.Bytes()[:n]
}

// genColons returns about n bytes of text whose colons start no URL but
// reach the scanner's trigger search: Markdown headers of converted mail
// ("**From:**", the COBOL archive's), Go's ":=" and slices, "key:value",
// "host:port", C++'s "::", and now and then a URL.
func genColons(n int) []byte {
	lines := []string{
		"**From:** John Smith <js@x.example>",
		"**Date:** 1999-01-01T10:30:00",
		"**Newsgroups:** comp.lang.cobol",
		"\tn := len(buf[i:j]); m := buf[:n]",
		"connect to db.example:5432 with key:value and std::vector<int>",
		"see http://a.example/notes and the rest",
	}
	return cycleLines(n, func(i int) string { return lines[i%len(lines)] })
}

// genNone returns about n bytes of mail-like text without a URL: headers,
// quoted replies, signatures, times and colons, but no URL and no "www.".
func genNone(n int) []byte {
	rng := rand.New(rand.NewPCG(1, 1))
	words := strings.Fields(`the of and to in is that it for was on are as with his they at be this
		from have or by one had not but what all were when we there can an your which their said if
		do will each about how up out them then she many some so these would other into has more her
		two like him see time could no make than first been its who now people my made over did down
		only way find use may water long little very after words called just where most know draft
		archive mirror gopher server document protocol message reply wrote`)
	heads := []string{"Note:", "Re:", "Subject:", "e.g.", "i.e.", "10:30", "3:1", "(see", "\"quoted\"", "a-b", "x.y"}
	var b bytes.Buffer
	for b.Len() < n {
		fmt.Fprintf(&b, "From: user%d <user%d at example dot org>\nSubject: Re: item %d\nDate: Mon, 2 Nov 1994 09:14:03 +0100\n\n",
			rng.IntN(100), rng.IntN(100), rng.IntN(1000))
		for l := 0; l < 12; l++ {
			if l%4 == 1 {
				b.WriteString(strings.Repeat("> ", 1+rng.IntN(3)))
			}
			for w := 0; w < 8+rng.IntN(6); w++ {
				if rng.IntN(12) == 0 {
					b.WriteString(heads[rng.IntN(len(heads))])
				} else {
					b.WriteString(words[rng.IntN(len(words))])
				}
				b.WriteByte(' ')
			}
			b.WriteString("\n")
		}
		b.WriteString("\n-- \nsig\n\n")
	}
	return b.Bytes()[:n]
}

// genMany returns about n bytes of text with a URL every 200 bytes or
// so, of every kind: bare, wrapped across lines (quoted or not, after a
// hyphen), angle, www, and in sentence punctuation.
func genMany(n int) []byte {
	rng := rand.New(rand.NewPCG(2, 2))
	urls := []string{
		"http://www.example.com/drafts/index.html?lang=en&fmt=txt.",
		"<URL:ftp://ftp.example.net/pub/drafts/\ndraft-uri-context-03.txt;type=a>",
		"<URL:http://www.example.com/~bob/meeting-\nnotes.html>",
		"> <URL:gopher://gopher.example.edu/11/Information%20About%20Gopher\n> /Gopher%2B>.",
		"<https://events.example.com/register?event=1994>",
		"www.example.org/table,",
		"(See http://www.example.com/papers/(1994)/urls.html.)",
		"news:comp.infosystems.www.misc",
		"<URL:mailto:alice@example.org>",
		"https://files.example.com/slides/uri-wg/1994/context.pdf",
	}
	filler := "the working group archive is mirrored daily; see the notes of 10:30 and the ratio 3:1, e.g. " +
		"the minutes (draft!) and \"quoted\" words: the mirror may be newer. "
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		f := filler[:60+rng.IntN(len(filler)-60)]
		b.WriteString(f)
		b.WriteString("\n")
		b.WriteString(f[:20+rng.IntN(40)])
		b.WriteByte(' ')
		b.WriteString(urls[i%len(urls)])
		b.WriteString(" \n")
	}
	return b.Bytes()[:n]
}

// drain scans r and returns the number of matches.
func drain(r io.Reader, opts ...Option) (n int, err error) {
	s := NewScanner(r, opts...)
	for s.Scan() {
		if s.Match() != nil {
			n++
		}
	}
	return n, s.Err()
}

func BenchmarkScan(b *testing.B) {
	for _, bm := range []struct {
		name string
		in   []byte
	}{
		{"inputNone", inputNone},
		{"inputMany", inputMany},
		{"inputColons", inputColons},
		{"inputIRIs", inputIRIs},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.SetBytes(int64(len(bm.in)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := drain(bytes.NewReader(bm.in)); err != nil {
					b.Fatal(err)
				}
			}
		})
		// Counting, as -c does: a lazy Scanner, no Match built.
		b.Run(bm.name+"/count", func(b *testing.B) {
			b.SetBytes(int64(len(bm.in)))
			b.ReportAllocs()
			r := bytes.NewReader(bm.in)
			s := NewScanner(r, WithLazyMatch(true))
			for b.Loop() {
				r.Reset(bm.in)
				s.Reset(r)
				for s.Scan() {
					_ = s.Found()
				}
				if s.Err() != nil {
					b.Fatal(s.Err())
				}
			}
		})
	}
}

// shape is an adversarial input: head, then unit repeated, then tail.
type shape struct {
	name       string
	head, unit string
	tail       string
	opts       []Option
}

// pathological are the inputs that could make a careless scanner
// quadratic: each byte a trigger, or a candidate that never ends.
var pathological = []shape{
	{name: "URL-prefix", unit: "<URL:"},
	{name: "less", unit: "<"},
	{name: "angle-scheme", unit: "<http:"},
	{name: "parens", unit: "(", tail: "http://a.example/"},
	{name: "scheme", unit: "http://"},
	{name: "failing-scheme", unit: "http:x/"},
	{name: "colons", unit: ":"},
	{name: "www", unit: "www."},
	{name: "percent", unit: "%", tail: " http://a.example/"},
	{name: "at", unit: "@", opts: []Option{WithEmail(true)}},
	{name: "local-at", unit: "a@", opts: []Option{WithEmail(true)}},
	{name: "one-line", unit: "a"},
	{name: "URL-run", head: "http://a.example/", unit: "a"},
	{name: "open-wrapper", head: "<URL:http://a.example/", unit: "word http://b.example/x "},
	{name: "quote-lines", unit: "> > > > <URL:http://a.example/\n"},
	// URLs near the candidate bound whose end is trailing punctuation,
	// a "_" every other byte: trimEnd looks for the path once per URL,
	// not once per "_" (which took a second a URL).
	{name: "trailing-underscores", unit: " mailto:a@b.example" + strings.Repeat("_*", 30000), opts: []Option{WithEmail(true)}},
	// AsciiDoc labels: a run of "]" and "." after a label, which trimEnd
	// asks macroLabel about once, not at each "]"; brackets after a host,
	// which hostListEnd asks hostLabel about.
	{name: "label-brackets", unit: " http://a.example/x[ab]" + strings.Repeat("].", 30000)},
	{name: "host-brackets", unit: " http://a.example" + strings.Repeat("[a", 30000) + " http://b.example[" + strings.Repeat("]", 60000)},
}

// input returns the shape at about n bytes.
func (p shape) input(n int) []byte {
	var b bytes.Buffer
	b.Grow(n + len(p.head) + len(p.tail))
	b.WriteString(p.head)
	for b.Len() < n-len(p.tail) {
		b.WriteString(p.unit)
	}
	b.WriteString(p.tail)
	return b.Bytes()
}

// BenchmarkPathological scans each shape at 1 MB and 2 MB: linear time
// shows as the same MB/s at both sizes.
func BenchmarkPathological(b *testing.B) {
	for _, p := range pathological {
		for _, size := range []int{1 << 20, 2 << 20} {
			in := p.input(size)
			b.Run(fmt.Sprintf("%s/%dMB", p.name, size>>20), func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := drain(bytes.NewReader(in), p.opts...); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestPathologicalWork checks what can be checked without a clock on the
// pathological inputs: the scan ends without error, the segments partition
// the input, the buffer stays within its bound (scan checks it after every
// Scan), and every byte is read exactly once, in reads that are not
// needlessly small.
func TestPathologicalWork(t *testing.T) {
	const n = 1 << 20
	for _, p := range pathological {
		t.Run(p.name, func(t *testing.T) {
			in := p.input(n)
			cr := &countingReader{r: bytes.NewReader(in)}
			res := scan(t, cr, p.opts...)
			if res.err != nil {
				t.Fatalf("Err() = %v", res.err)
			}
			if !bytes.Equal(res.joined(), in) {
				t.Fatalf("segments do not partition the input")
			}
			if cr.bytes != int64(len(in)) {
				t.Errorf("read %d bytes, want %d: each byte once", cr.bytes, len(in))
			}
			// A read fills the free part of the buffer: reads average
			// well over 1 KiB, the scanner does not read a little at a
			// time however many triggers there are.
			t.Logf("%d reads, %d segments, %d matches, %d dropped", cr.calls, len(res.segs), len(res.matches()), res.dropped)
			if max := int64(len(in))/1024 + 64; cr.calls > max {
				t.Errorf("%d reads for %d bytes, want at most %d", cr.calls, len(in), max)
			}
			// Each candidate is bounded and tried at most maxTries times
			// in its run, so a segment is never longer than the buffer.
			for _, sg := range res.segs {
				if len(sg.raw) > DefaultReadSize+DefaultMaxCandidate+lookback+16 {
					t.Fatalf("segment of %d bytes", len(sg.raw))
				}
			}
		})
	}
}

// genReader returns size bytes: block repeated, without holding more than
// block in memory.
type genReader struct {
	block []byte
	off   int
	left  int64
}

func (r *genReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n := 0
	for n < len(p) {
		c := copy(p[n:], r.block[r.off:])
		n += c
		r.off = (r.off + c) % len(r.block)
	}
	r.left -= int64(n)
	return n, nil
}

// memBlock is what TestMemoryBound and BenchmarkScan1GiB repeat: text with
// many URLs, a URL longer than the candidate bound, an unterminated
// wrapper, a long line and runs of triggers.
func memBlock() []byte {
	var b bytes.Buffer
	b.Write(inputMany[:256<<10])
	b.WriteString("\nhttp://long.example/" + strings.Repeat("x", DefaultMaxCandidate+1000) + " after\n")
	b.WriteString("<URL:http://open.example/ and it never closes " + strings.Repeat("word ", 20000) + "\n")
	b.Write(bytes.Repeat([]byte("<URL:"), 4000))
	b.Write(bytes.Repeat([]byte("http://"), 4000))
	b.Write(bytes.Repeat([]byte("> > > > <URL:http://a.example/\n"), 1000))
	b.Write(inputNone[:256<<10])
	return b.Bytes()
}

// memStats is what memScan measures.
type memStats struct {
	maxLive, total   uint64 // live heap growth (after GC), bytes allocated
	matches, dropped int64
}

// memScan scans size bytes of block repeated, checking after every Scan
// that the buffer and the segment are within bound, and measures the heap
// every 8 MB.
func memScan(t *testing.T, block []byte, size int64, bound int) memStats {
	t.Helper()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base, baseTotal := ms.HeapAlloc, ms.TotalAlloc

	var st memStats
	s := NewScanner(&genReader{block: block, left: size})
	var read, next int64
	for s.Scan() {
		if len(s.buf) > bound || cap(s.buf) > bound {
			t.Fatalf("buffer len %d cap %d, bound %d", len(s.buf), cap(s.buf), bound)
		}
		if len(s.Raw()) > bound {
			t.Fatalf("segment of %d bytes", len(s.Raw()))
		}
		if s.Match() != nil {
			st.matches++
		}
		read += int64(len(s.Raw()))
		if read >= next {
			next += 8 << 20
			runtime.GC()
			runtime.ReadMemStats(&ms)
			st.maxLive = max(st.maxLive, ms.HeapAlloc-min(base, ms.HeapAlloc))
		}
	}
	runtime.ReadMemStats(&ms)
	st.total, st.dropped = ms.TotalAlloc-baseTotal, s.Dropped()
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if read != size {
		t.Fatalf("segments hold %d bytes, want %d", read, size)
	}
	return st
}

// TestMemoryBound scans 64 MB generated on the fly and checks that the
// buffer never exceeds its documented bound (one read, plus the longest
// candidate, plus the look-back: about 96 KiB by default), that no segment
// is longer, that the live heap does not grow with the input, and that
// the scanner allocates per match, never per byte.
func TestMemoryBound(t *testing.T) {
	bound := DefaultReadSize + DefaultMaxCandidate + lookback + 16
	if bound > 100<<10 {
		t.Fatalf("bound %d bytes, documented as about 96 KiB", bound)
	}

	st := memScan(t, memBlock(), 64<<20, bound)
	t.Logf("mixed: %+v, %d bytes per match", st, st.total/uint64(st.matches))
	if st.dropped == 0 || st.matches == 0 {
		t.Errorf("Dropped() = %d, matches = %d; the input has both", st.dropped, st.matches)
	}
	// The scanner holds its buffer and the current match: the live heap
	// stays far below the 64 MB read.
	if st.maxLive > 4<<20 {
		t.Errorf("live heap grew by %d bytes while scanning", st.maxLive)
	}
	if per := st.total / uint64(st.matches); per > 2<<10 {
		t.Errorf("allocated %d bytes per match", per)
	}

	// Text without URLs: the buffer's growth, and nothing per byte.
	st = memScan(t, inputNone, 16<<20, bound)
	t.Logf("no URLs: %+v", st)
	if st.matches != 0 || st.total > 1<<20 {
		t.Errorf("16 MB without URLs: %d matches, %d bytes allocated; want 0 and at most 1 MiB", st.matches, st.total)
	}
}

// BenchmarkScan1GiB scans 1 GiB generated on the fly and reports the peak
// heap in use, sampled every 64 MB.
func BenchmarkScan1GiB(b *testing.B) {
	const size = 1 << 30
	block := memBlock()
	b.SetBytes(size)
	b.ReportAllocs()
	var peak uint64
	var ms runtime.MemStats
	for b.Loop() {
		s := NewScanner(&genReader{block: block, left: size})
		var read, next int64
		for s.Scan() {
			read += int64(len(s.Raw()))
			if read >= next {
				next += 64 << 20
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			}
		}
		if err := s.Err(); err != nil || read != size {
			b.Fatalf("read %d bytes, err %v", read, err)
		}
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
}
