#!/usr/bin/env bash
# hostile.sh times urlgrep (whole process) on adversarial inputs at n and 2n
# bytes and prints the time ratio and peak memory: linear time means a
# ratio near 2, bounded memory a peak that does not grow with n.
#
#   bash bench/hostile.sh [n_in_MiB]      # default 64
set -euo pipefail
cd "$(dirname "$0")"
n=${1:-64}
work=${TMPDIR:-/tmp}/urlgrep-hostile
mkdir -p "$work"
(cd .. && go build -o "$work/urlgrep" ./cmd/urlgrep)

# shape NAME|UNIT[|PREFIX]: PREFIX, then UNIT repeated to fill the size;
# with a PREFIX the input is read as mail (no --raw). UNIT and PREFIX are
# Python escapes: a '|' in them is written \x7c.
gen() { python3 -c "import sys; e=lambda s: s.encode().decode('unicode_escape').encode('latin-1'); u=e(sys.argv[1]); p=e(sys.argv[3]); n=int(sys.argv[2])<<20; sys.stdout.buffer.write(p+(u*(n//len(u)+1))[:n])" "$1" "$2" "$3"; }
shapes=(
	'<URL:|<URL:'
	'<<<<|<'
	'((((|('
	'http:// repeated|http://'
	'% runs|%'
	'@ runs (--email)|@'
	'one line, no newline|a'
	'wrapper never closes|<URL:http://x.example/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n  '
	'quote prefixes|> > > > > > > > <URL:http://x.example/\n'
	'URLs broken after a hyphen|see http://a.example/x-\n> b-\nhttp://www.c-\nd.example/\n'
	'URLs broken after a typesetter'"'"'s hyphen (U+2010)|see http://a.example/x‐\n  b‐\n  c <http://d‐\n e/> www.f‐\n g.example/\n'
	'hosts in a list|http://a.example,'
	'URLs broken after a slash|in a filled paragraph, see the archive at http://a.example/dir/\n   sub/index.html and\n'
	'lines folded with a backslash|http://a.example/x\\\n'
	'lines that each go on after a slash|http://a.example/d/\n'
	'URLs cut at a width|http://a.example/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nyyy.html and\n'
	'a URL cut at a width, line after line|http://a.example/b.c/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n'
	'JSON-escaped URLs run together|https:\\/\\/a\\/'
	'JSON escapes after URLs|"https://a.example/\\u0026'
	'page breaks inside wrappers|<URL:http://x.example/\n\nA. Author   [Page 1]\n\f\nRFC 1 Title\n\n'
	'page breaks, blank lines|\n\n\nA. Author   [Page 1]\n\f\nRFC 1 Title\n\n\n'
	'brackets after URLs|http://a.example/x]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]][/'
	'Slack labels|<http://a.example/\x7cb c d e f g h>'
	'Slack labels before lists|<http://a.example/\x7ca\x7c'
	'hosts then another script|http://a.example\xe3\x81\x82'
	'www hosts, scripts mixed|www.a\xe3\x81\x82.'
	'quoted URLs past brackets|"http://a.example/x)]}'
	'Markdown destinations, emphasis|[a](http://a.example/x_~*'
	'Markdown destinations past prose punctuation|](http://a.example/\xe2\x80\x9c'
	'attribute values that never close|a="http://a.example/x '
	"attribute values in single quotes, line after line|a='http://a.example/x\\n"
	'typographic apostrophes in paths|http://a.example/a\xe2\x80\x99b'
	'IDN addresses (--email)|a@\xc3\xbc.\xc3\xa7'
	'words joined by _ before colons|my_service:'
	'mail: MMDF separators|\x01\x01\x01\x01\n|\x01\x01\x01\x01\n'
	'mail: news batch lines|#! rnews 1\n|#! rnews 1\n'
	'calendar: folded lines| http://a.example/x\n|BEGIN:VCALENDAR\n'
	'mail: short header fields|X: a\n|From a@b.example Mon Nov  2 09:14:03 1994\n'
	'mail: short body lines|1\n|From a@b.example Mon Nov  2 09:14:03 1994\n\n'
	'mail: quoted-printable lines|=41\n|From a@b.example Mon Nov  2 09:14:03 1994\nContent-Transfer-Encoding: quoted-printable\n\n'
	'mail: base64 lines|QQ==\n|From a@b.example Mon Nov  2 09:14:03 1994\nContent-Transfer-Encoding: base64\n\n'
	'mail: HTML tags|<b>x</b>\n|From a@b.example Mon Nov  2 09:14:03 1994\nContent-Type: text/html\n\n'
	'mail: empty parts|--b\n\nx\n|From a@b.example Mon Nov  2 09:14:03 1994\nContent-Type: multipart/mixed; boundary=b\n\n'
	'mail: HTML, one base64 value that never closes|QUJD|From a@b.example Mon Nov  2 09:14:03 1994\nContent-Type: text/html\n\n<img src="data:image/png;base64,'
	'mail: HTML, a base64 value in lines|QUJD\n|From a@b.example Mon Nov  2 09:14:03 1994\nContent-Type: text/html\n\n<img src="data:image/png;base64,'
	'mail: HTML, a style sheet that never closes|p{background:url(data:x;base64,QUJD)}\n|From a@b.example Mon Nov  2 09:14:03 1994\nContent-Type: text/html\n\n<style>'
)
printf '| shape | %d MiB | %d MiB | ratio | peak memory |\n|---|---|---|---|---|\n' "$n" $((2 * n))
for s in "${shapes[@]}"; do
	name=${s%%|*} rest=${s#*|}
	unit=${rest%%|*} prefix=""
	[[ $rest == *"|"* ]] && prefix=${rest#*|}
	args=(--raw -a -c)
	[ -n "$prefix" ] && args=(-a -c)
	[[ $name == *email* ]] && args+=(--email)
	t=() m=()
	for size in "$n" $((2 * n)); do
		gen "$unit" "$size" "$prefix" > "$work/in"
		/usr/bin/time -f '%e %M' -o "$work/time" "$work/urlgrep" "${args[@]}" "$work/in" > /dev/null 2>&1 || true
		read -r tt mm < <(tail -n 1 "$work/time")
		t+=("$tt") m+=("$mm")
	done
	awk -v n="$name" -v a="${t[0]}" -v b="${t[1]}" -v m1="${m[0]}" -v m2="${m[1]}" \
		'BEGIN{ r = (a > 0.005) ? b/a : 0; printf "| %s | %.2f s | %.2f s | %.2f | %.1f / %.1f MiB |\n", n, a, b, r, m1/1024, m2/1024 }'
done
rm -f "$work/in"
