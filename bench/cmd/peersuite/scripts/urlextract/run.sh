#!/bin/sh
# run.sh runs URLExtract's own unit tests (tests/unit/test_*.py, pytest)
# under the real library with find_urls and has_urls recorded
# (extract.py, a pytest plugin), and writes the cases to WORK/cases.jsonl
# for peersuite -cases, and those it cannot compare (options urlgrep has
# no counterpart for, no expectation) to WORK/cases-left-out.jsonl.
#
#   sh run.sh REPO [WORK]
#
# REPO is a checkout or bare clone of lipoja/URLExtract (tested on
# 3dec042bc1f53ae3f375b48e2563bd446946687d, 1.9.0; MIT). WORK defaults to
# /tmp/peersuite-urlextract. Needs Python 3 and pytest, idna, uritools,
# platformdirs, filelock, dnspython: installed from PyPI into WORK/venv,
# or, where PyPI cannot be reached, Debian's (apt-get install python3-pytest
# python3-idna python3-uritools python3-platformdirs python3-filelock
# python3-dnspython, and PYTHON=/usr/bin/python3), which the venv sees.
# The library itself is run from REPO's source.
set -e
REPO=${1:?usage: run.sh REPO [WORK]}
WORK=$(mkdir -p "${2:-/tmp/peersuite-urlextract}" && cd "${2:-/tmp/peersuite-urlextract}" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
PY=${PYTHON:-python3}
rm -rf "$WORK/src" "$WORK/cases.jsonl" && mkdir -p "$WORK/src"
cp "$HERE/extract.py" "$WORK/"
git -C "$REPO" archive HEAD | tar -x -C "$WORK/src"
[ -x "$WORK/venv/bin/python" ] || "$PY" -m venv --system-site-packages "$WORK/venv"
DEPS="import pytest, idna, uritools, platformdirs, filelock, dns"
"$WORK/venv/bin/python" -c "$DEPS" 2>/dev/null ||
  "$WORK/venv/bin/pip" install -q pytest idna uritools platformdirs filelock dnspython || {
    echo "run.sh: no PyPI? apt-get install python3-pytest python3-idna python3-uritools" \
      "python3-platformdirs python3-filelock python3-dnspython; rm -rf $WORK/venv;" \
      "and run again with PYTHON=/usr/bin/python3" >&2
    exit 1
  }
# Failing tests do not stop it (test_dns.py's check_dns tests resolve
# names, and fail offline; check_dns is left out either way): the cases of
# a failed test are left out, and its outcome said in the note.
cd "$WORK/src" && OUT=$WORK PYTHONPATH=$WORK:$WORK/src \
  "$WORK/venv/bin/python" -m pytest -q -p no:cacheprovider -p extract tests/unit || true
test -s "$WORK/cases.jsonl"
