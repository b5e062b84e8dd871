#!/bin/sh
# run.sh compares urlgrep with Asciidoctor on AsciiDoc documents: each
# link Asciidoctor renders (http, https, ftp, irc, file, mailto) whose
# target is written as it is in the source is a URL urlgrep should report
# as written, in that file. It prints how many it does, and the others
# in classes: urlgrep's URL longer (a label kept), shorter, or none.
#
#   sh run.sh URLGREP DIR...
#
# DIR are trees of .adoc files. README's figures are of checkouts of
# asciidoctor/asciidoctor (ae5891df), asciidoctor/asciidoc-docs
# (45b7693d), spring-projects/spring-framework (91eb4264) and git/git
# (1a3e64c6), 1,893 files, with @asciidoctor/core 3.0.4 (MIT), installed
# from the npm registry in WORK (default /tmp/urlgrep-asciidoc); nothing
# of them is kept here. Needs Node 20 and python3.
set -e
UG=${1:?usage: run.sh URLGREP DIR...}
shift
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${WORK:-/tmp/urlgrep-asciidoc}
mkdir -p "$WORK"
cd "$WORK"
[ -d node_modules/@asciidoctor/core ] || npm install --no-audit --no-fund --silent @asciidoctor/core@3
NODE_PATH=$WORK/node_modules node "$HERE/oracle.js" "$@" > oracle.jsonl 2> oracle.err
python3 "$HERE/compare.py" "$UG" oracle.jsonl
