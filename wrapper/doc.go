// Package wrapper recognises URLs in context as RFC 1738's appendix
// ("Recommendations for URLs in Context") describes them: "<URL:...>"
// wrappers, plain angle brackets around a URL, whitespace and line breaks
// inside them, the hyphen-at-line-end ambiguity, and the quote prefixes of
// quoted mail and news.
package wrapper
