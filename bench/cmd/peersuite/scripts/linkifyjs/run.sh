#!/bin/sh
# run.sh writes linkifyjs's URL and e-mail cases (test/spec/linkifyjs/
# parser.test.js's table, linkifyjs.test.js's find and test calls,
# linkify-string.test.js), as its tests compute them under the real
# library, to WORK/cases.jsonl for peersuite -cases.
#
#   sh run.sh REPO [WORK]
#
# REPO is a checkout or bare clone of Hypercontext/linkifyjs (tested on
# 8802a3ec8b23909a200e16c3ece898ab5b61fae3, v4.1.4; MIT). WORK defaults to
# /tmp/peersuite-linkifyjs. Needs Node 20 and the npm registry.
set -e
REPO=${1:?usage: run.sh REPO [WORK]}
WORK=${2:-/tmp/peersuite-linkifyjs}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$WORK"
cp -r "$HERE/tools" "$HERE/package.json" "$HERE/package-lock.json" "$WORK/"
cd "$WORK"
rm -rf src build && mkdir -p src
git -C "$REPO" archive HEAD | tar -x -C src
npm ci --no-audit --no-fund
node tools/build.mjs
LINKIFY_SRC=$PWD/src OUT=cases.jsonl node build/harness.mjs
node tools/check.mjs cases.jsonl
