package search

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// packedFixtures are testdata/packed's files: one mailbox (a message whose
// URL quoted-printable breaks, then one on a line of its own) in each
// format that a command reads, made by that command (mail.Z by hand: nine
// bit codes, one a byte, as compress writes a text with nothing repeated).
var packedFixtures = []struct{ file, tool string }{
	{"mail.bz2", "bzip2"},
	{"mail.xz", "xz"},
	{"mail.zst", "zstd"},
	{"mail.lz4", "lz4"},
	{"mail.Z", "gzip"},
}

// searchPacked searches data with Decompress and jobs, and returns the
// URLs found with their lines, and the error.
func searchPacked(data []byte, jobs int, stop bool) (string, error) {
	var found []string
	_, err := Search(Input{Name: "in", R: strings.NewReader(string(data))}, Options{Decompress: true, Jobs: jobs}, func(ev *Event) bool {
		if ev.Kind == URL {
			found = append(found, fmt.Sprintf("%d:%s", ev.Pos.Line, ev.Match.Text))
			return !stop
		}
		return true
	})
	return strings.Join(found, " "), err
}

// TestDecompressCommands checks the formats read through their command:
// where the command is on this machine, each file is read as the mail it
// holds, with one job or two, positions in the decompressed text; where
// it is not, the file is an error that names the command. A search that
// stops at its first URL returns (the command ended, not waited for to
// the end), a cut stream is the command's error, and with no command on
// the PATH every format is that error. (.ci/run installs the commands.)
func TestDecompressCommands(t *testing.T) {
	const want = "6:http://a.example/long 8:http://b.example/"
	for _, fx := range packedFixtures {
		data, err := os.ReadFile(filepath.Join("testdata", "packed", fx.file))
		if err != nil {
			t.Fatal(err)
		}
		if p := packedBy(data); p == nil || p.cmd[0] != fx.tool {
			t.Fatalf("%s: packedBy = %v, want the %s command's", fx.file, p, fx.tool)
		}
		if _, err := exec.LookPath(fx.tool); err != nil {
			got, err := searchPacked(data, 1, false)
			if err == nil || !strings.Contains(err.Error(), fx.tool) || got != "" {
				t.Errorf("%s with no %s: found %q, err %v; want nothing, and an error naming %s", fx.file, fx.tool, got, err, fx.tool)
			}
			continue
		}
		for _, jobs := range []int{1, 2} {
			if got, err := searchPacked(data, jobs, false); got != want || err != nil {
				t.Errorf("%s, jobs %d: found %q, err %v; want %q", fx.file, jobs, got, err, want)
			}
		}
		if got, err := searchPacked(data, 1, true); got != "6:http://a.example/long" || err != nil {
			t.Errorf("%s, stopped at the first URL: found %q, err %v", fx.file, got, err)
		}
		if fx.tool == "gzip" {
			continue // mail.Z is whole only by luck: no block to cut
		}
		if got, err := searchPacked(data[:len(data)/2], 1, false); err == nil || !strings.Contains(err.Error(), fx.tool) {
			t.Errorf("%s cut in half: found %q, err %v; want the command's error", fx.file, got, err)
		}
	}
	t.Setenv("PATH", t.TempDir())
	for _, fx := range packedFixtures {
		data, _ := os.ReadFile(filepath.Join("testdata", "packed", fx.file))
		if got, err := searchPacked(data, 1, false); err == nil || !strings.Contains(err.Error(), "needed to read it: "+fx.tool) {
			t.Errorf("%s, no commands on the PATH: found %q, err %v; want an error naming %s", fx.file, got, err, fx.tool)
		}
	}
}

// TestPackedBy checks the magic numbers: a bzip2 stream needs its
// block's magic after "BZh" and the size, so a text starting "BZh9" is
// text.
func TestPackedBy(t *testing.T) {
	for _, tt := range []struct {
		head string
		want string
	}{
		{"BZh91AY&SY\x00\x00", "bzip2"},
		{"BZh9\x17\x72\x45\x38\x50\x90\x00\x00", "bzip2"},
		{"BZh9 is no bzip2 stream", ""},
		{"BZh0" + "1AY&SY", ""},
		{"\xfd7zXZ\x00\x00\x04", "xz"},
		{"\x28\xb5\x2f\xfd\x24", "zstd"},
		{"\x04\x22\x4d\x18\x64", "lz4"},
		{"\x1f\x9d\x90F", "compress"},
		{"\x1f\x8b\x08", ""}, // gzip: read in this process
		{"From a@example.org", ""},
	} {
		got := ""
		if p := packedBy([]byte(tt.head)); p != nil {
			got = p.name
		}
		if got != tt.want {
			t.Errorf("packedBy(%q) = %q, want %q", tt.head, got, tt.want)
		}
	}
}
