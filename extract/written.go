package extract

// Written returns s as urlgrep prints a URL "as written": every byte kept
// but those that cannot stand in a URL at all, non-ASCII and controls,
// which are percent-encoded as UTF-8. [Match.Text] is Written of the text
// found; callers that derive a URL from a match (a redirect's target, say)
// use it to print the result the same way.
func Written(s string) string { return asWritten(s) }
