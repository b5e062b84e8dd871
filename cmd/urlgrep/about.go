package main

import (
	_ "embed"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/urlgrep/urlgrep/internal/flagdoc"
)

//go:generate sh -c "go run . --generate-man > urlgrep.1"

// versionText is --version: the module's version as the build recorded
// it ("(devel)" for a build from a checkout, with its VCS revision when
// known) and Go's.
func versionText() string {
	version, rev := "(devel)", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				rev = " " + s.Value[:12]
			}
		}
	}
	return fmt.Sprintf("urlgrep %s%s\n%s %s/%s\n", version, rev, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// The texts of --help and the man page around the flags.
var (
	//go:embed doc/usage.txt
	usage string
	//go:embed doc/examples.txt
	examples string
	//go:embed doc/man-head.roff
	manHead string
	//go:embed doc/man-tail.roff
	manTail string
)

// doc documents the flags of groups (package flagdoc): --help, the man
// page urlgrep.1 and the completions come from it.
func doc(groups []flagdoc.Group) *flagdoc.Doc {
	return &flagdoc.Doc{
		Name: "urlgrep", Groups: groups, Usage: usage, Examples: examples,
		ManHead: manHead, ManTail: manTail,
		Values: map[string][]string{
			"hyphen": {"keep", "drop", "both"}, "color": {"auto", "always", "never"},
			"linkify": {"markdown", "text"}, "completion": {"bash", "zsh", "fish"},
			"directories": directoryActions, "binary-files": binaryTypes,
		},
	}
}
