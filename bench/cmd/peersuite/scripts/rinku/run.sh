#!/bin/sh
# run.sh runs Rinku's own tests (test/autolink_test.rb, minitest) under
# the real library, built from REPO's C source, with Rinku.auto_link and
# assert_equal recorded (extract.rb), and writes the cases to
# WORK/cases.jsonl for peersuite -cases, and those it cannot compare (no
# expectation, options urlgrep has no counterpart for) to
# WORK/cases-left-out.jsonl.
#
#   sh run.sh REPO [WORK]
#
# REPO is a checkout or bare clone of vmg/rinku (tested on
# 0e0a80bad9c270d07f4a306f9dd15ec57d28fe70, 2.0.6; ISC). WORK defaults to
# /tmp/peersuite-rinku. Needs Ruby with its headers, minitest (bundled
# with Ruby) and a C compiler: apt-get install ruby ruby-dev build-essential.
# No gem is installed: the test file's `require 'bundler/setup'` is met by
# an empty stub, and the extension is built with extconf.rb and make.
set -e
REPO=${1:?usage: run.sh REPO [WORK]}
WORK=$(mkdir -p "${2:-/tmp/peersuite-rinku}" && cd "${2:-/tmp/peersuite-rinku}" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$WORK"
rm -rf src build stub cases.jsonl && mkdir -p src build stub/bundler
cp "$HERE/extract.rb" .
: > stub/bundler/setup.rb
git -C "$REPO" archive HEAD | tar -x -C src
(cd build && ruby ../src/ext/rinku/extconf.rb > /dev/null && make -s > /dev/null)
# A failed assertion does not stop it: its case is left out, and said so.
OUT=$WORK ruby -I stub -I build -I src/lib -r ./extract.rb src/test/autolink_test.rb --seed 1 || true
test -s cases.jsonl
