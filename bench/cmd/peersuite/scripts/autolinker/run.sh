#!/bin/sh
# run.sh writes Autolinker.js's URL and e-mail cases, as its own specs
# compute them under the real library, to WORK/cases.jsonl (and
# WORK/cases-core.jsonl: the hand-written ones only) for peersuite -cases.
#
#   sh run.sh REPO [WORK]
#
# REPO is a checkout or bare clone of gregjacobs/Autolinker.js (tested on
# 20000fb85eb4e83c0196b2dc60e6af41bffed25a, 4.1.5; MIT). WORK defaults to
# /tmp/peersuite-autolinker. Needs Node 20 and the npm registry.
set -e
REPO=${1:?usage: run.sh REPO [WORK]}
WORK=${2:-/tmp/peersuite-autolinker}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$WORK"
cp -r "$HERE/harness" "$WORK/"
cd "$WORK"
rm -rf src build raw && mkdir -p src
git -C "$REPO" archive HEAD tests src package.json LICENSE tsconfig.json | tar -x -C src
[ -d node_modules/esbuild ] || npm install --no-audit --no-fund esbuild@0.25 chai@5 lodash@4 sinon@19 tslib@2 entities@4
node harness/build-and-run.mjs \
  autolinker.spec.ts autolinker-email.spec.ts autolinker-url-ipv4.spec.ts \
  autolinker-url-other.spec.ts autolinker-url-protocol-relative.spec.ts \
  autolinker-url-scheme.spec.ts autolinker-url-tld.spec.ts \
  autolinker-within-html.spec.ts autolinker-xss.spec.ts
node harness/make-cases.mjs
