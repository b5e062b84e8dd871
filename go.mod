module github.com/urlgrep/urlgrep

go 1.24

require (
	github.com/sebdah/goldie/v2 v2.8.0
	github.com/spf13/pflag v1.0.10
)

require (
	github.com/pmezard/go-difflib v1.0.0 // indirect
	github.com/sergi/go-diff v1.0.0 // indirect
)
