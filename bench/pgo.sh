#!/usr/bin/env bash
# pgo.sh writes cmd/urlgrep/default.pgo, the CPU profile that go build and
# go install optimise urlgrep's command with (profile-guided optimisation,
# used by default for a main package that has one), from BenchmarkPGO:
# the command as users run it, one goroutine, on table.sh's generated
# rfc.txt (--raw) and mail.mbox (--raw, and decoded), and on each mailbox
# or text given, decoded (real mail: list archives, spam with HTML).
#
#   bash bench/pgo.sh [MBOX_OR_TEXT...]
#
# Regenerate it when the hot paths change; a stale profile optimises less,
# and never changes what the command does.
set -euo pipefail
cd "$(dirname "$0")"
work=${TMPDIR:-/tmp}/urlgrep-bench
mkdir -p "$work"
[ -s "$work/rfc.txt" ] || go run ./cmd/gen -kind rfc -size 200M -seed 1 > "$work/rfc.txt"
[ -s "$work/mail.mbox" ] || go run ./cmd/gen -kind mail -size 200M -seed 1 > "$work/mail.mbox"
runs="--raw -j 1 $work/rfc.txt;--raw -j 1 $work/mail.mbox;-j 1 $work/mail.mbox"
for f in "$@"; do
	runs="$runs;-j 1 $(realpath "$f")"
done
cd ../cmd/urlgrep
URLGREP_PGO_RUNS="$runs" go test -run '^$' -bench '^BenchmarkPGO$' -benchtime 3x \
	-cpuprofile "$work/pgo.prof" -o "$work/urlgrep.test" .
cp "$work/pgo.prof" default.pgo
echo "pgo.sh: wrote cmd/urlgrep/default.pgo ($(wc -c < default.pgo) bytes)" >&2
