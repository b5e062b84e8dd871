module github.com/urlgrep/urlgrep/bench

go 1.24.2

replace github.com/urlgrep/urlgrep => ../

require (
	github.com/urlgrep/urlgrep v0.0.0-00010101000000-000000000000
	github.com/yuin/goldmark v1.8.7
	go.yaml.in/yaml/v3 v3.0.6
	mvdan.cc/xurls/v2 v2.6.0
)

require (
	golang.org/x/mod v0.32.0 // indirect
	golang.org/x/net v0.50.0 // indirect
	golang.org/x/sync v0.19.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
	golang.org/x/text v0.34.0 // indirect
)

tool mvdan.cc/xurls/v2/cmd/xurls
