// Package linkify is a goldmark extension that turns the URLs found by
// package extract into links in Markdown documents.
package linkify
