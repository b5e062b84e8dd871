// Package extract finds URLs in mail, news and plain text read from an
// io.Reader, in bounded memory, and reports each with its position.
package extract
