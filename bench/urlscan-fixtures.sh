#!/usr/bin/env bash
# urlscan-fixtures.sh compares urlgrep with urlscan (firecat53/urlscan) on
# urlscan's own test messages: for each file of FIXTURES (its
# tests/fixtures; GPL 2, read where they are, nothing of them kept here)
# it runs `urlscan -n` and `urlgrep --email`, takes urlscan's "mailto:"
# off its addresses (urlgrep prints an address as written) and blank
# lines out, and compares the two as sets of URLs. It prints each tool's
# count of distinct URLs over all files, then every URL urlscan reports
# for a file that urlgrep does not, as "FILE: URL".
#
#   bash bench/urlscan-fixtures.sh FIXTURES [URLGREP]
#
# urlscan must be on the PATH (Debian's package, or pip's); URLGREP
# defaults to a build of this checkout.
set -euo pipefail
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
	echo "usage: urlscan-fixtures.sh FIXTURES_DIR [URLGREP]" >&2
	exit 2
fi
fixtures=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
urlgrep=${2:-}
if [ -z "$urlgrep" ]; then
	(cd "$(dirname "$0")/.." && go build -o "$work/urlgrep" ./cmd/urlgrep)
	urlgrep=$work/urlgrep
fi
: >"$work/only"
for f in "$fixtures"/*; do
	[ -f "$f" ] || continue
	name=$(basename "$f")
	urlscan -n "$f" 2>/dev/null | sed -e 's/^mailto://' -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' | grep -v '^$' | sort -u >"$work/$name.us" || true
	"$urlgrep" -s --email "$f" 2>/dev/null | sed -e 's/^mailto://' | sort -u >"$work/$name.ug" || true
	comm -23 "$work/$name.us" "$work/$name.ug" | sed "s|^|$name: |" >>"$work/only"
done
echo "urlscan: $(cat "$work"/*.us | wc -l) distinct URLs; urlgrep: $(cat "$work"/*.ug | wc -l)"
echo "urlscan's that urlgrep has not: $(wc -l <"$work/only")"
cat "$work/only"
