package resident

import (
	"bufio"
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// textRSS returns the kilobytes of the process's code mappings that are
// resident, by /proc/self/smaps.
func textRSS(t *testing.T) int {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip("no /proc/self/smaps:", err)
	}
	defer f.Close()
	total, code := 0, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch {
		case len(fields) == 0:
		case !strings.HasSuffix(fields[0], ":"):
			code = len(fields) >= 6 && fields[1] == "r-xp" && strings.HasPrefix(fields[5], "/")
		case code && fields[0] == "Rss:":
			n, _ := strconv.Atoi(fields[1])
			total += n
		}
	}
	return total
}

// TestReleaseText checks that ReleaseText releases the test binary's code
// and that code then runs as before: the pages that come back are the
// file's.
func TestReleaseText(t *testing.T) {
	// Run code the test had not run yet, so that more of it is resident,
	// and keep what it computes.
	re := regexp.MustCompile(`^(a+)+b$`)
	var z bytes.Buffer
	zw, _ := flate.NewWriter(&z, flate.BestCompression)
	json.NewEncoder(zw).Encode(map[string]any{"a": []float64{1.5, 2}, "b": fmt.Sprintf("%x", sha256.Sum256([]byte("x")))})
	zw.Close()
	packed := z.Bytes()
	before := textRSS(t)
	released := ReleaseText()
	after := textRSS(t)
	if released <= 0 {
		t.Fatalf("ReleaseText() = %d bytes", released)
	}
	if after >= before {
		t.Errorf("code resident: %d KB before, %d KB after releasing %d bytes", before, after, released)
	}
	t.Logf("code resident: %d KB before, %d KB after", before, after)
	var v map[string]any
	err := json.NewDecoder(flate.NewReader(bytes.NewReader(packed))).Decode(&v)
	if err != nil || v["b"] != fmt.Sprintf("%x", sha256.Sum256([]byte("x"))) || !re.MatchString("aaab") || re.MatchString("aaac") {
		t.Errorf("code ran otherwise after ReleaseText: %v, %v", v, err)
	}
}
