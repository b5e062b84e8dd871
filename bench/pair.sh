#!/usr/bin/env bash
# pair.sh times two commands in alternating whole-process runs, each
# reading FILE on standard input, and prints their median times and the
# median of the time ratios A/B: B's speed as a multiple of A's. Paired
# runs are what the README quotes: this machine's speed drifts by 10-20%
# over minutes, and a ratio taken run by run cancels most of the drift.
# Times are wall clock, to the microsecond (bash's EPOCHREALTIME).
#
#   bash bench/pair.sh FILE N -- CMD_A [ARGS...] -- CMD_B [ARGS...]
#
# For example, urlgrep against ripgrep on the RFC archive, nine runs each:
#
#   bash bench/pair.sh rfc.txt 9 -- rg -a -o --no-line-number \
#     '(https?|ftp|gopher|news|nntp|telnet|wais|file|prospero|mailto):[^[:space:]<>"]+' \
#     -- urlgrep --raw
set -euo pipefail
if [ $# -lt 5 ] || [ "$3" != "--" ]; then
	echo "usage: pair.sh FILE N -- CMD_A [ARGS...] -- CMD_B [ARGS...]" >&2
	exit 2
fi
file=$1 n=$2
shift 3
a=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
	a+=("$1")
	shift
done
[ $# -gt 1 ] || { echo "pair.sh: no second command" >&2; exit 2; }
shift
b=("$@")

# once: the elapsed seconds of one run of the command given
once() {
	local start end
	start=$EPOCHREALTIME
	"$@" < "$file" > /dev/null 2>&1 || true
	end=$EPOCHREALTIME
	echo "$start $end" | awk '{ printf "%.6f\n", $2 - $1 }'
}

cat "$file" > /dev/null # into the page cache
once "${a[@]}" > /dev/null
once "${b[@]}" > /dev/null
ta=() tb=()
for _ in $(seq "$n"); do
	ta+=("$(once "${a[@]}")")
	tb+=("$(once "${b[@]}")")
done
printf '%s %s\n' "${ta[*]}" "${tb[*]}" | awk -v n="$n" '
function median(v, k,   i, j, t) {
	for (i = 1; i <= k; i++)
		for (j = i + 1; j <= k; j++)
			if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
	return (k % 2) ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
}
{
	for (i = 1; i <= n; i++) { x[i] = $i; y[i] = $(n + i); r[i] = $i / $(n + i) }
	printf "A %.4f s  B %.4f s  A/B %.2f (median of %d pairs)\n", median(x, n), median(y, n), median(r, n), n
}'
