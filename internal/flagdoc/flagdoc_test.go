package flagdoc

import (
	"strings"
	"testing"

	flag "github.com/spf13/pflag"
)

func testDoc() *Doc {
	in := flag.NewFlagSet("Input", flag.ContinueOnError)
	in.BoolP("recursive", "r", false, "read directories")
	in.String("mode", "keep", "what to do (`mode`)")
	out := flag.NewFlagSet("Output", flag.ContinueOnError)
	out.String("color", "auto", "when to color")
	out.Lookup("color").NoOptDefVal = "always"
	out.Bool("secret", false, "not shown")
	out.MarkHidden("secret")
	return &Doc{Name: "tool", Groups: []Group{{"Input", in}, {"Output", out}}, Usage: "usage: tool\n", Examples: "examples:\n",
		ManHead: ".TH TOOL 1\n", ManTail: ".SH SEE ALSO\n", Values: map[string][]string{"mode": {"keep", "drop"}, "color": {"auto", "always", "never"}}}
}

// TestDoc checks that each form documents every flag but the hidden, by
// group, with its value words.
func TestDoc(t *testing.T) {
	d := testDoc()
	help := d.Help()
	for _, want := range []string{"usage: tool", "\nInput:\n", "-r, --recursive", "--mode mode", "\nOutput:\n", "--color string[=\"always\"]", "examples:"} {
		if !strings.Contains(help, want) {
			t.Errorf("Help lacks %q:\n%s", want, help)
		}
	}
	man := d.Man()
	for _, want := range []string{".TH TOOL 1\n", ".SH INPUT\n", `\fB\-r\fR, \fB\-\-recursive\fR`, `\fB\-\-mode\fR \fImode\fR` + "\nwhat to do (mode) (default keep).", `\fB\-\-color\fR[=\fIstring\fR]`, ".SH SEE ALSO\n"} {
		if !strings.Contains(man, want) {
			t.Errorf("Man lacks %q:\n%s", want, man)
		}
	}
	for _, shell := range []string{"bash", "zsh", "fish"} {
		c := d.Completion(shell)
		if !strings.Contains(c, "recursive") || !strings.Contains(c, "keep drop") || strings.Contains(c, "secret") {
			t.Errorf("%s completion:\n%s", shell, c)
		}
	}
	if d.Completion("tcsh") != "" {
		t.Error("Completion(tcsh) is not empty")
	}
	if !strings.Contains(help+man, "recursive") || strings.Contains(help+man, "secret") {
		t.Error("a hidden flag is documented")
	}
}
