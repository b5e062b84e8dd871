#!/usr/bin/env bash
# table.sh prints urlgrep's performance table: whole-process throughput and
# peak memory of urlgrep and its peers on the same generated inputs, in
# one run, with the input in the page cache. Best of 3 runs each.
#
#   bash bench/table.sh [size]        # default 200M; peers that are slow get a slice
#   bash bench/table.sh --corpus FILE...  # real text: urlgrep against ripgrep on each FILE
#                                         # (a directory, a maildir say, is searched with -r)
#
# Each urlgrep row ends with its speed as a multiple of ripgrep's on the
# same input, in the same run ("vs rg").
# Needs ripgrep, linkify-it (node) and URI::Find (perl); it installs them
# from Debian's and npm's registries when they are missing.
set -euo pipefail
self=$(realpath "$0")
corpus=()
if [ "${1:-}" = "--corpus" ]; then
	shift
	for f in "$@"; do corpus+=("$(realpath "$f")"); done # as given, before the cd
	size=0
else
	size=${1:-200M}
fi
cd "$(dirname "$0")"
work=${TMPDIR:-/tmp}/urlgrep-bench
mkdir -p "$work"

need() { command -v "$1" >/dev/null 2>&1; }
if ! need rg || ! perl -MURI::Find -e1 2>/dev/null; then
	(apt-get update -qq && apt-get install -y -qq ripgrep liburi-find-perl) >/dev/null 2>&1 || true
fi
if [ ! -d "$work/node_modules/linkify-it" ]; then
	(cd "$work" && npm install --silent linkify-it >/dev/null 2>&1) || true
fi
cat > "$work/linkify.js" <<'JS'
const fs = require('fs');
const L = require('linkify-it')();
const data = fs.readFileSync(0, 'utf8');
const m = L.match(data) || [];
process.stdout.write(m.map(x => x.url).join('\n') + '\n');
JS

# run NAME FILE CMD...: best of 3 wall times as MB/s, and the peak RSS;
# urlgrep rows also as a multiple of ripgrep's speed on FILE (rgspeed).
declare -A rgspeed
run() {
	local name=$1 file=$2; shift 2
	local bytes best=999999 mem=0 t m speed ratio="" in=$file
	bytes=$(stat -c %s "$file")
	if [ -d "$file" ]; then
		# A directory: its files' bytes, searched recursively; the
		# command names it (ripgrep searches a directory recursively),
		# and standard input is the table's script, never read.
		bytes=$(find "$file" -type f -printf '%s\n' | awk '{s += $1} END {print s}')
		set -- "$@" "$file"
		in=$self
	fi
	for _ in 1 2 3; do
		/usr/bin/time -f '%e %M' -o "$work/time" "$@" < "$in" > /dev/null 2>"$work/err" || true
		read -r t m < <(tail -n 1 "$work/time")
		best=$(awk -v a="$t" -v b="$best" 'BEGIN{print (a<b)?a:b}')
		[ "$m" -gt "$mem" ] && mem=$m
	done
	speed=$(awk -v s="$bytes" -v t="$best" 'BEGIN{ if (t < 0.01) t = 0.01; printf "%.1f", s/t/1e6 }')
	case $name in
	ripgrep*) rgspeed[$file]=$speed ;;
	urlgrep*) [ -n "${rgspeed[$file]:-}" ] && ratio=$(awk -v a="$speed" -v b="${rgspeed[$file]}" 'BEGIN{printf "%.2f×", a/b}') ;;
	esac
	printf "| %-30s | %-16s | %9s MB/s | %6.1f MiB | %6s |\n" "$name" "$(basename "$file")" "$speed" "$(awk -v m="$mem" 'BEGIN{print m/1024}')" "$ratio"
}

re='(https?|ftp|gopher|news|nntp|telnet|wais|file|prospero|mailto):[^[:space:]<>"]+'
echo "| tool | input | throughput | peak memory | vs rg |"
echo "|---|---|---|---|---|"
if [ ${#corpus[@]} -gt 0 ]; then
	(cd .. && go build -o "$work/urlgrep" ./cmd/urlgrep)
	for f in "${corpus[@]}"; do
		if [ -d "$f" ]; then find "$f" -type f -exec cat {} + > /dev/null; else cat "$f" > /dev/null; fi
	done
	for f in "${corpus[@]}"; do
		r=()
		[ -d "$f" ] && r=(-r)
		need rg && run "ripgrep -o (URL regex)" "$f" rg -a -o --no-line-number "$re" || true
		run "urlgrep --raw" "$f" "$work/urlgrep" "${r[@]}" --raw
		run "urlgrep --raw -c" "$f" "$work/urlgrep" "${r[@]}" --raw -c
		run "urlgrep (mail decoding)" "$f" "$work/urlgrep" "${r[@]}"
		run "urlgrep -c (mail decoding)" "$f" "$work/urlgrep" "${r[@]}" -c
	done
	exit 0
fi
(cd .. && go build -o "$work/urlgrep" ./cmd/urlgrep)
go build -o "$work/peer" ./cmd/peer
go build -o "$work/xurls" mvdan.cc/xurls/v2/cmd/xurls
go run ./cmd/gen -kind rfc -size "$size" -seed 1 > "$work/rfc.txt"
go run ./cmd/gen -kind mail -size "$size" -seed 1 > "$work/mail.mbox"
go run ./cmd/gen -kind markdown -size 64M -seed 1 > "$work/doc.md"
# The same Markdown with its URLs written as autolinks: goldmark's cost
# of the links themselves, which no linkifier can go below.
go run ./cmd/gen -kind markdown-autolinked -size 64M -seed 1 > "$work/doc-auto.md"
head -c 4M "$work/rfc.txt" > "$work/rfc-small.txt"
head -c 4M "$work/mail.mbox" > "$work/mail-small.mbox"
# The inputs just written are flushed to disk before any timing: the
# kernel's writeback of half a gigabyte ran during the first rows and
# took one of the two cores from them (urlgrep --raw on mail.mbox 1.10×
# ripgrep in such a run, 1.40× paired right after it).
sync
cat "$work"/*.txt "$work"/*.mbox "$work"/*.md > /dev/null


# ripgrep first, for the ratios; urlgrep with its default -j (the CPUs,
# at most 4) and with -j 1, printing and counting; mail also with -j 4
# (the default on four CPUs), whatever the CPUs here.
for f in rfc.txt mail.mbox; do
	run "cat > /dev/null (floor)" "$work/$f" cat
	need rg && run "ripgrep -o (URL regex)" "$work/$f" rg -a -o --no-line-number "$re" || true
	run "urlgrep --raw" "$work/$f" "$work/urlgrep" --raw
	run "urlgrep --raw -j 1" "$work/$f" "$work/urlgrep" --raw -j 1
	run "urlgrep --raw -c" "$work/$f" "$work/urlgrep" --raw -c
done
run "urlgrep (mail decoding)" "$work/mail.mbox" "$work/urlgrep"
run "urlgrep -j 1 (mail decoding)" "$work/mail.mbox" "$work/urlgrep" -j 1
run "urlgrep -j 4 (mail decoding)" "$work/mail.mbox" "$work/urlgrep" -j 4
run "urlgrep -c (mail decoding)" "$work/mail.mbox" "$work/urlgrep" -c
for f in rfc-small.txt mail-small.mbox; do
	run "xurls (strict)" "$work/$f" "$work/xurls"
	run "xurls -r (relaxed)" "$work/$f" "$work/xurls" -r
	[ -d "$work/node_modules/linkify-it" ] && run "linkify-it (node)" "$work/$f" env NODE_PATH="$work/node_modules" node "$work/linkify.js" || true
	perl -MURI::Find -e1 2>/dev/null && run "urifind (perl)" "$work/$f" perl -MURI::Find -e 'local $/; my $t = <STDIN>; URI::Find->new(sub { print "$_[1]\n"; $_[1] })->find(\$t)' || true
done
run "goldmark (plain)" "$work/doc.md" "$work/peer" goldmark
run "goldmark, URLs as autolinks" "$work/doc-auto.md" "$work/peer" goldmark
run "goldmark + extension.Linkify" "$work/doc.md" "$work/peer" goldmark-linkify
run "goldmark + urlgrep linkify" "$work/doc.md" "$work/peer" goldmark-urlgrep

# -j: the same mailbox split in two files, one job against two.
split -n 2 -d "$work/mail.mbox" "$work/part."
for j in 1 2; do
	best=999999
	for _ in 1 2 3; do
		/usr/bin/time -f '%e %M' -o "$work/time" "$work/urlgrep" -j $j "$work/part.00" "$work/part.01" > /dev/null 2>&1 || true
		read -r t m < <(tail -n 1 "$work/time")
		best=$(awk -v a="$t" -v b="$best" 'BEGIN{print (a<b)?a:b}')
	done
	awk -v j=$j -v s="$(stat -c %s "$work/mail.mbox")" -v t="$best" -v m="$m" -v rg="${rgspeed[$work/mail.mbox]:-0}" \
		'BEGIN{ r = ""; if (rg > 0) r = sprintf("%.2f×", s/t/1e6/rg);
			printf "| urlgrep -j %d (mail, 2 files)   | mail.mbox        | %9.1f MB/s | %6.1f MiB | %6s |\n", j, s/t/1e6, m/1024, r }'
done
