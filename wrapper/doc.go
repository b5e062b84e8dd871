// Package wrapper recognises URLs in context as RFC 1738's appendix
// ("Recommendations for URLs in Context") describes them: "<URL:...>"
// wrappers, plain angle brackets around a URL, whitespace and line breaks
// inside them, the hyphen-at-line-end ambiguity, and the quote prefixes of
// quoted mail and news.
//
// [At] is shaped like a bufio.SplitFunc. A scanner calls it with data
// starting at a '<' and the quote prefix of that line ([QuotePrefix]); when
// At answers more, the scanner reads on and calls again from the same '<';
// when it answers [None], the '<' is ordinary text. At is pure: it does no
// I/O, keeps no state and reads at most [Limits.MaxBytes] bytes per call.
// Whether the URL it returns is valid, and its scheme allowed, is for the
// caller to decide.
package wrapper
