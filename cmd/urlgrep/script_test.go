package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary run as the urlgrep command, so that the
// scripts run the real program (its flags, files, exit codes) in a
// process of its own.
func TestMain(m *testing.M) {
	if os.Getenv("URLGREP_TEST_AS_COMMAND") == "1" {
		// A test runs this binary as urlgrep itself (the pty test).
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	testscript.Main(m, map[string]func(){
		"urlgrep": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScript runs the scripts of testdata/script: each a txtar archive of
// input files and urlgrep command lines with their expected output and
// exit status (see the testscript package).
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "../../testdata/script"})
}
