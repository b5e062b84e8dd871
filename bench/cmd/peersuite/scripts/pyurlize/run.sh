#!/bin/sh
# run.sh writes the linkify cases of bleach (tests/test_linkify.py,
# tests/test_unicode.py) and, where WORK/src/django holds them, of Django's
# urlize (tests/template_tests/filter_tests/test_urlize.py and
# tests/utils_tests/test_html.py, copied there by hand: Django's
# repository is too large to fetch whole) to WORK/cases.jsonl for
# peersuite -cases. The functions under test are recorders: neither
# bleach nor Django needs to be installed.
#
#   sh run.sh BLEACH_REPO [WORK]
#
# BLEACH_REPO is a checkout or bare clone of mozilla/bleach (tested on
# 913ab75992b845e2c9c060c41f24d46921db4693, 6.3.0; Apache 2.0). WORK
# defaults to /tmp/peersuite-pyurlize. Needs Python 3.
set -e
REPO=${1:?usage: run.sh BLEACH_REPO [WORK]}
WORK=${2:-/tmp/peersuite-pyurlize}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$WORK/src/bleach"
cp "$HERE/extract.py" "$WORK/"
git -C "$REPO" archive HEAD tests | tar -x -C "$WORK/src/bleach"
cd "$WORK" && python3 extract.py > /dev/null
