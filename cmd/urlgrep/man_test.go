package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	flag "github.com/spf13/pflag"
	"github.com/urlgrep/urlgrep/internal/flagdoc"
)

// TestManPage checks that urlgrep.1 is what --generate-man makes of the
// flags now (run "go generate ./cmd/urlgrep" after changing one), that it
// documents every flag, and, where groff is installed, that it formats
// without a warning.
func TestManPage(t *testing.T) {
	have, err := os.ReadFile("urlgrep.1")
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"--generate-man"}, nil, &out, &errb); code != exitFound {
		t.Fatalf("--generate-man: exit %d, %s", code, errb.String())
	}
	if !bytes.Equal(have, out.Bytes()) {
		t.Errorf("urlgrep.1 is not what the flags make: run go generate ./cmd/urlgrep")
	}
	var cfg config
	_, groups := newFlags(&cfg)
	n := 0
	doc(groups).Each(func(fl *flag.Flag) {
		n++
		if strings.TrimSpace(fl.Usage) == "" {
			t.Errorf("--%s has no usage text", fl.Name)
		}
		if !bytes.Contains(have, []byte(`\fB\-\-`+flagdoc.Roff(fl.Name)+`\fR`)) {
			t.Errorf("urlgrep.1 does not document --%s", fl.Name)
		}
		if fl.Shorthand != "" && !bytes.Contains(have, []byte(`\fB\-`+flagdoc.Roff(fl.Shorthand)+`\fR, \fB\-\-`+flagdoc.Roff(fl.Name))) {
			t.Errorf("urlgrep.1 does not document -%s with --%s", fl.Shorthand, fl.Name)
		}
	})
	if n < 40 {
		t.Errorf("only %d flags", n)
	}
	if _, err := exec.LookPath("groff"); err != nil {
		return
	}
	cmd := exec.Command("groff", "-man", "-ww", "-z", "urlgrep.1")
	if warn, err := cmd.CombinedOutput(); err != nil || len(warn) > 0 {
		t.Errorf("groff: %v\n%s", err, warn)
	}
}
