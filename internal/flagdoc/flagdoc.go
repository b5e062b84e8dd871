// Package flagdoc documents a command's flags from one source, the flag
// sets themselves, grouped under headings: the --help text, the man page
// (roff) and the bash, zsh and fish completion scripts. A flag is then
// documented where it is defined, and nowhere else.
package flagdoc

import (
	"fmt"
	"sort"
	"strings"

	flag "github.com/spf13/pflag"
)

// A Group is a heading and its flags.
type Group struct {
	Title string
	Flags *flag.FlagSet
}

// Doc is what is known of a command to document its flags.
type Doc struct {
	Name   string  // the command's name, as typed
	Groups []Group // the flags, by group, in order

	// Usage and Examples open and close --help.
	Usage, Examples string

	// ManHead is the man page up to the options (its .TH, NAME,
	// SYNOPSIS and DESCRIPTION), ManTail what follows them (EXIT STATUS,
	// EXAMPLES, SEE ALSO), in roff.
	ManHead, ManTail string

	// Values lists, for a flag that takes one of a few words, the words,
	// for the completions.
	Values map[string][]string
}

// Each calls f with every flag that is not hidden, group by group.
func (d *Doc) Each(f func(fl *flag.Flag)) {
	for _, g := range d.Groups {
		g.Flags.VisitAll(func(fl *flag.Flag) {
			if !fl.Hidden {
				f(fl)
			}
		})
	}
}

// Help returns the --help text: the usage, each group's flags, the
// examples.
func (d *Doc) Help() string {
	var b strings.Builder
	b.WriteString(d.Usage)
	for _, g := range d.Groups {
		fmt.Fprintf(&b, "\n%s:\n%s", g.Title, g.Flags.FlagUsagesWrapped(100))
	}
	b.WriteString("\n" + d.Examples)
	return b.String()
}

// takesValue reports whether a flag needs a value (not a bool, and no
// value of its own when given alone).
func takesValue(fl *flag.Flag) bool { return fl.NoOptDefVal == "" }

// values returns the words fl completes to, sorted as given.
func (d *Doc) values(fl *flag.Flag) []string { return d.Values[fl.Name] }

// Completion returns the completion script of shell (bash, zsh or fish)
// for the flags, or "" for another shell. A flag listed in Values
// completes to those words; the operands complete to file names.
func (d *Doc) Completion(shell string) string {
	var b strings.Builder
	n := d.Name
	switch shell {
	case "bash":
		var words, valued, cases []string
		d.Each(func(fl *flag.Flag) {
			names := []string{"--" + fl.Name}
			if fl.Shorthand != "" {
				names = append(names, "-"+fl.Shorthand)
			}
			words = append(words, names...)
			switch {
			case len(d.values(fl)) > 0:
				cases = append(cases, fmt.Sprintf("\t%s) COMPREPLY=($(compgen -W %q -- \"$cur\")); return ;;\n",
					strings.Join(names, "|"), strings.Join(d.values(fl), " ")))
			case takesValue(fl):
				valued = append(valued, names...)
			}
		})
		sort.Strings(cases)
		fmt.Fprintf(&b, "# bash completion for %[1]s: source this file, or put it in\n# /usr/share/bash-completion/completions/%[1]s\n_%[1]s() {\n"+
			"\tlocal cur prev\n\tcur=${COMP_WORDS[COMP_CWORD]}\n\tprev=${COMP_WORDS[COMP_CWORD-1]}\n\tcase $prev in\n%[2]s"+
			"\t%[3]s) return ;;\n\tesac\n\tif [[ $cur == -* ]]; then\n\t\tCOMPREPLY=($(compgen -W %[4]q -- \"$cur\"))\n\t\treturn\n\tfi\n"+
			"\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n}\ncomplete -o filenames -F _%[1]s %[1]s\n",
			n, strings.Join(cases, ""), strings.Join(valued, "|"), strings.Join(words, " "))
	case "zsh":
		fmt.Fprintf(&b, "#compdef %[1]s\n# zsh completion for %[1]s: put it in a directory of $fpath as _%[1]s\n_arguments -s -S \\\n", n)
		d.Each(func(fl *flag.Flag) {
			arg := ""
			switch {
			case takesValue(fl) && len(d.values(fl)) > 0:
				arg = ":" + fl.Name + ":(" + strings.Join(d.values(fl), " ") + ")"
			case takesValue(fl):
				arg = ":" + fl.Name + ": "
			case fl.Value.Type() != "bool":
				arg = "::" + fl.Name + ":(" + strings.Join(d.values(fl), " ") + ")"
			}
			desc := zshQuote(firstSentence(fl))
			if fl.Shorthand != "" {
				fmt.Fprintf(&b, "  '(-%s --%s)'{-%s,--%s}'[%s]%s' \\\n", fl.Shorthand, fl.Name, fl.Shorthand, fl.Name, desc, arg)
				return
			}
			eq := ""
			if fl.Value.Type() != "bool" && !takesValue(fl) {
				eq = "="
			}
			fmt.Fprintf(&b, "  '--%s%s[%s]%s' \\\n", fl.Name, eq, desc, arg)
		})
		b.WriteString("  '*:file:_files'\n")
	case "fish":
		fmt.Fprintf(&b, "# fish completion for %[1]s: put it in ~/.config/fish/completions/%[1]s.fish\n", n)
		d.Each(func(fl *flag.Flag) {
			fmt.Fprintf(&b, "complete -c %s -l %s", n, fl.Name)
			if fl.Shorthand != "" {
				fmt.Fprintf(&b, " -s %s", fl.Shorthand)
			}
			if takesValue(fl) {
				b.WriteString(" -r")
			}
			if v := d.values(fl); len(v) > 0 {
				fmt.Fprintf(&b, " -f -a '%s'", strings.Join(v, " "))
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

// Man returns the man page: ManHead, a section per group with each flag
// (its names, its value's name, its usage and default), then ManTail.
func (d *Doc) Man() string {
	var b strings.Builder
	b.WriteString(d.ManHead)
	for _, g := range d.Groups {
		fmt.Fprintf(&b, ".SH %s\n", Roff(strings.ToUpper(g.Title)))
		g.Flags.VisitAll(func(fl *flag.Flag) {
			if fl.Hidden {
				return
			}
			name, usage := flag.UnquoteUsage(fl)
			b.WriteString(".TP\n")
			if fl.Shorthand != "" {
				fmt.Fprintf(&b, "\\fB\\-%s\\fR, ", Roff(fl.Shorthand))
			}
			fmt.Fprintf(&b, "\\fB\\-\\-%s\\fR", Roff(fl.Name))
			switch {
			case fl.NoOptDefVal != "" && fl.Value.Type() != "bool":
				fmt.Fprintf(&b, "[=\\fI%s\\fR]", Roff(name))
			case name != "" && fl.Value.Type() != "bool":
				fmt.Fprintf(&b, " \\fI%s\\fR", Roff(name))
			}
			b.WriteString("\n" + Roff(usage))
			if def := fl.DefValue; !noDefault(fl) {
				fmt.Fprintf(&b, " (default %s)", Roff(def))
			}
			b.WriteString(".\n")
		})
	}
	b.WriteString(d.ManTail)
	return b.String()
}

// noDefault reports whether a flag's default says nothing worth showing:
// false, empty, zero or -1 (none), or one that depends on the machine
// (annotated "machine").
func noDefault(fl *flag.Flag) bool {
	switch fl.DefValue {
	case "", "false", "[]", "0", "-1":
		return true
	}
	_, machine := fl.Annotations["machine"]
	return machine
}

// Roff escapes text for a roff line: backslashes and hyphens, and a
// leading dot or quote.
func Roff(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}
