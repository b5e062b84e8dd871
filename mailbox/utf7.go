package mailbox

import (
	"errors"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// utf7 is UTF-7 (RFC 2152), which golang.org/x/text does not have: a
// charset of mail from before UTF-8 was common (the Hunnysoft MIME samples
// have it, and spam still does). Its text is ASCII, but for runs of
// UTF-16 code units in a modified base64 between "+" and "-"; a URL's
// "~", "=", "&" or "%" may be written so ("+AH4-"), and read as bytes the
// URL was cut there. Decoding only: urlgrep writes no UTF-7.
type utf7 struct{}

func (utf7) NewDecoder() *encoding.Decoder { return &encoding.Decoder{Transformer: &utf7Decoder{}} }

func (utf7) NewEncoder() *encoding.Encoder { return &encoding.Encoder{Transformer: utf7NoEncoder{}} }

// utf7NoEncoder refuses to encode.
type utf7NoEncoder struct{ transform.NopResetter }

var errUTF7Encode = errors.New("mailbox: no UTF-7 encoder")

func (utf7NoEncoder) Transform(dst, src []byte, atEOF bool) (int, int, error) {
	return 0, 0, errUTF7Encode
}

// utf7Decoder decodes UTF-7 (RFC 2152 §"Definition of UTF-7"), leniently:
// a byte outside UTF-7's repertoire is passed on as it is; a "+" followed
// by neither a base64 character nor "-" stands for itself; an unpaired
// surrogate, or a sequence's leftover bits beyond a code unit, are
// U+FFFD, or dropped.
type utf7Decoder struct {
	shifted bool   // between "+" and the end of its base64
	plus    bool   // shifted, and no base64 character read yet
	bits    uint32 // base64 bits not yet a code unit, nbits of them
	nbits   uint
	high    rune // a high surrogate waiting for its low one, or 0
}

func (d *utf7Decoder) Reset() { *d = utf7Decoder{} }

// utf7Value is the value of each byte of modified base64 (RFC 2152 Rule
// 2: RFC 2045's alphabet without "="), or -1.
var utf7Value = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := range len(alphabet) {
		t[alphabet[i]] = int8(i)
	}
	return t
}()

// utf7MaxOut is the most one source byte makes: U+FFFD for a lone high
// surrogate, then a character or a byte (3 + 4).
const utf7MaxOut = 7

func (d *utf7Decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		if len(dst)-nDst < utf7MaxOut {
			return nDst, nSrc, transform.ErrShortDst
		}
		c := src[nSrc]
		nSrc++
		if !d.shifted {
			if c == '+' {
				d.shifted, d.plus, d.bits, d.nbits = true, true, 0, 0
				continue
			}
			dst[nDst] = c
			nDst++
			continue
		}
		if v := utf7Value[c]; v >= 0 {
			d.plus = false
			d.bits = d.bits<<6 | uint32(v)
			d.nbits += 6
			if d.nbits >= 16 {
				d.nbits -= 16
				unit := rune(d.bits >> d.nbits & 0xffff)
				d.bits &= 1<<d.nbits - 1
				nDst += d.unit(dst[nDst:], unit)
			}
			continue
		}
		// The end of the shifted run (Rule 2): "-" is absorbed, any other
		// byte is itself.
		nDst += d.end(dst[nDst:])
		if c != '-' {
			dst[nDst] = c
			nDst++
		}
	}
	if atEOF && d.shifted {
		if len(dst)-nDst < utf7MaxOut {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += d.end(dst[nDst:])
	}
	return nDst, nSrc, nil
}

// unit writes the character that code unit u completes to dst, and
// returns its length.
func (d *utf7Decoder) unit(dst []byte, u rune) int {
	n := 0
	if d.high != 0 {
		if u >= 0xdc00 && u < 0xe000 {
			r := (d.high-0xd800)<<10 + (u - 0xdc00) + 0x10000
			d.high = 0
			return utf8.EncodeRune(dst, r)
		}
		n = utf8.EncodeRune(dst, utf8.RuneError)
		d.high = 0
	}
	switch {
	case u >= 0xd800 && u < 0xdc00:
		d.high = u
	case u >= 0xdc00 && u < 0xe000:
		n += utf8.EncodeRune(dst[n:], utf8.RuneError)
	default:
		n += utf8.EncodeRune(dst[n:], u)
	}
	return n
}

// end leaves the shifted run: a surrogate left waiting is U+FFFD, and a
// "+" with no base64 after it stands for itself (Rule 2 writes "+" as
// "+-": the "-" is absorbed by the caller, and the "+" written here).
func (d *utf7Decoder) end(dst []byte) int {
	n := 0
	if d.high != 0 {
		n = utf8.EncodeRune(dst, utf8.RuneError)
	}
	if d.plus {
		dst[n] = '+'
		n++
	}
	d.Reset()
	return n
}
