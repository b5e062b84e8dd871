package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	flag "github.com/spf13/pflag"
)

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

// eachFlag calls f with every flag of the groups, in order.
func eachFlag(groups []flagGroup, f func(fl *flag.Flag)) {
	for _, g := range groups {
		g.fs.VisitAll(f)
	}
}

// takesValue reports whether a flag needs a value (not a bool, and no
// value of its own when given alone).
func takesValue(fl *flag.Flag) bool { return fl.NoOptDefVal == "" }

// completion returns the completion script of shell for the flags.
func completion(shell string, groups []flagGroup) string {
	var b strings.Builder
	switch shell {
	case "bash":
		var words []string
		var valued []string
		eachFlag(groups, func(fl *flag.Flag) {
			words = append(words, "--"+fl.Name)
			if fl.Shorthand != "" {
				words = append(words, "-"+fl.Shorthand)
			}
			if takesValue(fl) {
				valued = append(valued, "--"+fl.Name)
				if fl.Shorthand != "" {
					valued = append(valued, "-"+fl.Shorthand)
				}
			}
		})
		fmt.Fprintf(&b, `# bash completion for urlgrep: source this file, or put it in
# /usr/share/bash-completion/completions/urlgrep
_urlgrep() {
	local cur prev
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	case $prev in
	--completion) COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")); return ;;
	--hyphen) COMPREPLY=($(compgen -W "keep drop both" -- "$cur")); return ;;
	--color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
	--open-cmd) COMPREPLY=($(compgen -c -- "$cur")); return ;;
	%s) return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "%s" -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _urlgrep urlgrep
`, strings.Join(valued, "|"), strings.Join(words, " "))
	case "zsh":
		b.WriteString("#compdef urlgrep\n# zsh completion for urlgrep: put it in a directory of $fpath as _urlgrep\n_arguments -s -S \\\n")
		eachFlag(groups, func(fl *flag.Flag) {
			desc := zshQuote(firstSentence(fl))
			arg := ""
			if takesValue(fl) {
				arg = ":" + fl.Name + ":"
				switch fl.Name {
				case "completion":
					arg += "(bash zsh fish)"
				case "hyphen":
					arg += "(keep drop both)"
				case "color":
					arg += "(auto always never)"
				default:
					arg += " "
				}
			} else if fl.Value.Type() != "bool" {
				arg = "::" + fl.Name + ": "
			}
			if fl.Shorthand != "" {
				fmt.Fprintf(&b, "  '(-%s --%s)'{-%s,--%s}'[%s]%s' \\\n", fl.Shorthand, fl.Name, fl.Shorthand, fl.Name, desc, arg)
			} else {
				eq := ""
				if fl.Value.Type() != "bool" && !takesValue(fl) {
					eq = "="
				}
				fmt.Fprintf(&b, "  '--%s%s[%s]%s' \\\n", fl.Name, eq, desc, arg)
			}
		})
		b.WriteString("  '*:file:_files'\n")
	case "fish":
		b.WriteString("# fish completion for urlgrep: put it in ~/.config/fish/completions/urlgrep.fish\n")
		eachFlag(groups, func(fl *flag.Flag) {
			fmt.Fprintf(&b, "complete -c urlgrep -l %s", fl.Name)
			if fl.Shorthand != "" {
				fmt.Fprintf(&b, " -s %s", fl.Shorthand)
			}
			if takesValue(fl) {
				b.WriteString(" -r")
				switch fl.Name {
				case "completion":
					b.WriteString(" -f -a 'bash zsh fish'")
				case "hyphen":
					b.WriteString(" -f -a 'keep drop both'")
				case "color":
					b.WriteString(" -f -a 'auto always never'")
				}
			}
			fmt.Fprintf(&b, " -d '%s'\n", strings.ReplaceAll(firstSentence(fl), "'", `\'`))
		})
	}
	return b.String()
}

// firstSentence is a flag's usage up to its first ";" or "(", for a
// completion menu.
func firstSentence(fl *flag.Flag) string {
	_, u := flag.UnquoteUsage(fl)
	if i := strings.IndexAny(u, ";("); i > 0 {
		u = strings.TrimSpace(u[:i])
	}
	return u
}

func zshQuote(s string) string {
	s = strings.ReplaceAll(s, "'", `'\''`)
	s = strings.ReplaceAll(s, "[", `\[`)
	return strings.ReplaceAll(s, "]", `\]`)
}
