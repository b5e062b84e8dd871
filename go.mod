module github.com/urlgrep/urlgrep

go 1.24.0

require (
	github.com/rogpeppe/go-internal v1.14.1
	github.com/sebdah/goldie/v2 v2.8.0
	github.com/spf13/pflag v1.0.10
	github.com/yuin/goldmark v1.8.7
	golang.org/x/net v0.50.0
	golang.org/x/term v0.40.0
	golang.org/x/text v0.34.0
)

require (
	github.com/pmezard/go-difflib v1.0.0 // indirect
	github.com/sergi/go-diff v1.0.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
	golang.org/x/tools v0.41.0 // indirect
)
