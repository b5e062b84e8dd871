package unwrap

import (
	"encoding/base64"
	"strings"
	"unicode/utf8"
)

// The decoding rules of this file follow Proofpoint's own decoder,
// URLDefenseDecode.py 3.0.1 by Eric Van Cleve (Copyright 2019 Proofpoint
// Inc), which Proofpoint publishes with "How do I decode a rewritten URL?"
// (https://help.proofpoint.com/Threat_Insight_Dashboard/Concepts/How_do_I_decode_a_rewritten_URL%3F),
// and, for non-ASCII replacements, Calvin Ardi's decoder and its tests
// (github.com/cardi/proofpoint-url-decoder, decode.py and decode_test.py).

// isProofpointHost reports whether host serves URL Defense links. The
// decoder matches "urldefense(?:\.proofpoint)?\.com"; Ardi's adds
// "urldefense.us".
func isProofpointHost(host string) bool {
	return host == "urldefense.proofpoint.com" || host == "urldefense.com" || host == "urldefense.us"
}

// proofpoint decodes a URL Defense link from the part after its authority,
// split as well into path and query for v1 and v2.
func proofpoint(rest, path, query string) (target, name string, ok bool) {
	switch {
	case strings.HasPrefix(rest, "/v3/__"):
		target, ok = proofpointV3(rest[len("/v3/__"):])
		return target, nameProofpointV3, ok
	case path == "/v2/url":
		target, ok = proofpointV2(query)
		return target, nameProofpointV2, ok
	case path == "/v1/url":
		target, ok = proofpointV1(query)
		return target, nameProofpointV1, ok
	}
	return "", "", false
}

// proofpointV1 decodes "/v1/url?u=<target>&k=…": the decoder's decode_v1
// percent-decodes u, then expands HTML references, since URL Defense
// rewrote href values as written in the HTML ("&amp;" and all).
func proofpointV1(query string) (string, bool) {
	raw, ok := queryValue(query, "u")
	if !ok {
		return "", false
	}
	// Python's unquote, which the decoder uses, leaves "+" alone.
	u, ok := unescape(raw, false)
	if !ok {
		return "", false
	}
	return unescapeEntities(u), true
}

// proofpointV2 decodes "/v2/url?u=<target>&d=…&c=…&r=…&m=…&s=…&e=": in u,
// "-" stands for "%" and "_" for "/" (the decoder's maketrans('-_', '%/')),
// so "https-3A__www.example.com_a" is "https://www.example.com/a"; then as
// v1, percent-decode and expand HTML references.
func proofpointV2(query string) (string, bool) {
	raw, ok := queryValue(query, "u")
	if !ok {
		return "", false
	}
	b := []byte(raw)
	for i, c := range b {
		switch c {
		case '-':
			b[i] = '%'
		case '_':
			b[i] = '/'
		}
	}
	u, ok := unescape(string(b), false)
	if !ok {
		return "", false
	}
	return unescapeEntities(u), true
}

// runLengths lists the letters that follow "**" in a v3 URL, in order of
// the run length they stand for: "**A" is a run of 2, "**_" of 65 (the
// decoder's v3_run_mapping).
const runLengths = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// proofpointV3 decodes the part of a v3 link after "/v3/__":
//
//	<url> "__;" <replacements> "!" <organisation> "!" <signature> "$"
//
// URL Defense keeps the URL as it was but for the characters it cannot
// carry, each replaced by "*"; the replacements, base64url without
// padding, give those characters in order. A run of n > 1 replaced bytes
// is written "**" and a letter of [runLengths], and a run longer than 65
// as several such tokens ("**_**5" is 124 bytes).
//
// deviation: the decoder splits at the first "__;"; this takes the last,
// since the URL may hold "__;" and the tail ("!!<base64url>!<…>$") cannot.
//
// deviation: the decoder counts in characters of the UTF-8-decoded
// replacements; runs count bytes (Ardi's tests: "**E" with "5L2g5aW9" is
// "你好", six bytes), so this counts bytes throughout, which gives the
// same result for ASCII.
//
// deviation: the decoder percent-decodes the URL before substituting. URL
// Defense replaces every "%" with "*", which makes that step a no-op on
// real links; skipping it keeps a stray "%2A" from becoming a placeholder
// and the target as encoded as the original was.
func proofpointV3(s string) (string, bool) {
	i := strings.LastIndex(s, "__;")
	if i < 1 {
		return "", false
	}
	url, tail := s[:i], s[i+len("__;"):]
	end := strings.IndexByte(tail, '!')
	if end < 0 {
		return "", false // no tail: the link was cut short
	}
	enc := strings.TrimRight(tail[:end], "=")
	repl, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil || !utf8.Valid(repl) {
		// The decoder decodes the replacements as UTF-8 and fails too.
		return "", false
	}
	b := make([]byte, 0, len(url)+len(repl))
	for i := 0; i < len(url); i++ {
		c := url[i]
		if c != '*' {
			b = append(b, c)
			continue
		}
		// The decoder's token pattern is `\*(\*.)?`, and "." does not match a
		// line break.
		n := 1
		if i+2 < len(url) && url[i+1] == '*' && url[i+2] != '\n' {
			k := strings.IndexByte(runLengths, url[i+2])
			if k < 0 {
				return "", false // the decoder's KeyError
			}
			n = k + 2
			i += 2
		}
		if n > len(repl) {
			return "", false // fewer replacements than placeholders
		}
		b = append(b, repl[:n]...)
		repl = repl[n:]
	}
	// Replacements left over are ignored, as by the decoder.
	return string(b), true
}
