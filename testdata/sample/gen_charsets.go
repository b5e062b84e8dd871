//go:build ignore

// gen_charsets writes charsets.mbox: one message in each common mail
// charset, each with URLs whose paths are non-ASCII in that charset, some
// in quoted-printable with soft line breaks inside the URL, some base64.
//
//	go run gen_charsets.go > charsets.mbox
package main

import (
	"fmt"
	"mime/quotedprintable"
	"os"
	"strings"

	"golang.org/x/text/encoding"

	"github.com/urlgrep/urlgrep/internal/mailgen"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
)

type sample struct {
	charset string
	enc     encoding.Encoding
	word    string // a word of the language, in the URL's path
	cte     string // "quoted-printable", "base64" or "8bit"
}

func main() {
	samples := []sample{
		{"ISO-8859-1", charmap.ISO8859_1, "café", "quoted-printable"},
		{"ISO-8859-2", charmap.ISO8859_2, "łódź", "quoted-printable"},
		{"ISO-8859-15", charmap.ISO8859_15, "€uro", "8bit"},
		{"windows-1250", charmap.Windows1250, "Praha-čtvrť", "base64"},
		{"windows-1251", charmap.Windows1251, "москва", "quoted-printable"},
		{"windows-1252", charmap.Windows1252, "naïve", "base64"},
		{"KOI8-R", charmap.KOI8R, "привет", "8bit"},
		{"Shift_JIS", japanese.ShiftJIS, "日本語", "base64"},
		{"EUC-JP", japanese.EUCJP, "東京", "base64"},
		{"ISO-2022-JP", japanese.ISO2022JP, "大阪", "7bit"},
		{"GB18030", simplifiedchinese.GB18030, "北京", "base64"},
		{"GBK", simplifiedchinese.GBK, "上海", "quoted-printable"},
		{"Big5", traditionalchinese.Big5, "臺北", "base64"},
		{"EUC-KR", korean.EUCKR, "서울", "base64"},
		{"UTF-16", unicode.UTF16(unicode.BigEndian, unicode.UseBOM), "ŝablono", "base64"},
		{"utf-8", encoding.Nop, "zürich", "quoted-printable"},
	}
	for i, s := range samples {
		text := fmt.Sprintf("Message in %s.\nThe page is http://example.org/%d/%s/index.html and the\n"+
			"long one https://files.example.org/archive/%s/a-rather-long-path-that-a-mailer-will-wrap/with-more-segments/document.html\n"+
			"See also <URL:ftp://ftp.example.org/pub/%s/>.\n", s.charset, i+1, s.word, s.charset, s.word)
		body, err := s.enc.NewEncoder().String(text)
		if err != nil {
			fmt.Fprintln(os.Stderr, s.charset, err)
			os.Exit(1)
		}
		fmt.Printf("From sender@example.org  Mon Nov  2 09:%02d:00 1994\n", i)
		fmt.Printf("From: Sender <sender@example.org>\nTo: reader@example.net\n")
		fmt.Printf("Subject: %s sample\nMessage-ID: <charset-%d@example.org>\nMIME-Version: 1.0\n", s.charset, i+1)
		fmt.Printf("Content-Type: text/plain; charset=%s\nContent-Transfer-Encoding: %s\n\n", s.charset, s.cte)
		switch s.cte {
		case "quoted-printable":
			var b strings.Builder
			w := quotedprintable.NewWriter(&b)
			w.Write([]byte(body))
			w.Close()
			fmt.Print(b.String())
		case "base64":
			fmt.Print(mailgen.Base64Lines(body))
		default:
			fmt.Print(body)
		}
		fmt.Println()
	}
}
