#!/usr/bin/env python3
"""urlscan.py compares urlgrep with urlscan (firecat53/urlscan, the URL
extractor many mutt users bind to a key) on an mbox: urlscan's own
msgurls runs on each message as Python's email package parses it (what
`urlscan -n` prints for one message), urlgrep on the whole mbox with
--email --json, and the http, https and ftp URLs each reports are
compared as multisets over the file (a www host as
"http://" and the host, as urlscan writes it) (message numbers differ: urlscan's
caller here splits at every line starting "From ", urlgrep at mbox
separators only). It prints the counts and, for the URLs only one tool
reports, their classes: the other reports the same URL fewer times, a
longer or shorter one (and the character where the shorter stops), or
none; with examples, most frequent first.

    python3 bench/urlscan.py URLSCAN_DIR MBOX [URLGREP]

URLSCAN_DIR is a checkout of github.com/firecat53/urlscan (GPL 2; read
at run time, nothing of it kept here); its terminal UI's urwid is not
needed. URLGREP defaults to "urlgrep" on the PATH.
"""
import bisect
import collections
import json
import re
import subprocess
import sys
import types
from email import policy
from email.parser import BytesParser

SCHEME = re.compile(r"(?i)^(https?|ftp)://")


def urlscan_urls(urlscan_dir, mbox):
    """The http, https and ftp URLs urlscan finds in each message."""
    sys.modules["urwid"] = types.ModuleType("urwid")  # only the UI uses it
    version = types.ModuleType("urlscan._version")
    version.version = "checkout"
    sys.modules["urlscan._version"] = version
    sys.path.insert(0, urlscan_dir)
    from urlscan import urlscan  # noqa: E402

    def walk(x, out):
        if isinstance(x, (list, tuple)):
            for y in x:
                walk(y, out)
        elif getattr(x, "url", None) is not None:
            out.append(x.url)

    data = open(mbox, "rb").read()
    starts = [m.start() for m in re.finditer(rb"(?m)^From ", data)] + [len(data)]
    found, errors = collections.Counter(), 0
    for i in range(len(starts) - 1):
        raw = data[starts[i]:starts[i + 1]].split(b"\n", 1)[-1]
        urls = []
        try:
            for chunk in urlscan.msgurls(BytesParser(policy=policy.default).parsebytes(raw)):
                walk(chunk, urls)
        except Exception:  # urlscan's own failures: counted, as it would stop
            errors += 1
        found.update(u for u in urls if SCHEME.match(u))
    return found, errors


def urlgrep_urls(urlgrep, mbox):
    """The http, https and ftp URLs urlgrep finds, as written."""
    out = subprocess.run([urlgrep, "--email", "--json", mbox], capture_output=True, check=False).stdout
    found = collections.Counter()
    for line in out.splitlines():
        m = json.loads(line)
        u = m["text"]
        if m["kind"] == "www":
            u = "http://" + u  # as urlscan writes a www host
        if SCHEME.match(u):
            found[u] += 1
    return found


def classes(only, other):
    """Classes of the URLs of only (a Counter) against those of other."""
    keys = sorted(other)
    known = set(other)
    out = collections.defaultdict(list)
    for u, n in only.items():
        i = bisect.bisect_left(keys, u)
        if u in known:
            c = "the other reports it fewer times"
        elif i < len(keys) and keys[i].startswith(u):
            c = "the other reports a longer URL"
        else:
            # A prefix counts from a whole host on ("http://ww", the
            # start of a broken href, is no shorter reading of every
            # "http://www." URL).
            pre = next((u[:k] for k in range(len(u) - 1, 7, -1)
                        if u[:k] in known and "." in u[:k].split("//", 1)[-1]), None)
            c = "the other stops before %r" % u[len(pre)] if pre else "the other reports none like it"
        out[c].append((n, u))
    return out


def report(name, only, other):
    print("== only %s: %d URLs (%d distinct)" % (name, sum(only.values()), len(only)))
    cl = classes(only, other)
    for c, items in sorted(cl.items(), key=lambda kv: -sum(n for n, _ in kv[1])):
        items.sort(reverse=True)
        print("%7d  %s" % (sum(n for n, _ in items), c))
        for n, u in items[:4]:
            print("         %5d  %s" % (n, u[:110].replace("\n", "\\n")))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    us, errors = urlscan_urls(sys.argv[1], sys.argv[2])
    ug = urlgrep_urls(sys.argv[3] if len(sys.argv) > 3 else "urlgrep", sys.argv[2])
    print("urlscan %d URLs (%d messages it failed on), urlgrep %d" % (sum(us.values()), errors, sum(ug.values())))
    report("urlscan", us - ug, ug)
    report("urlgrep", ug - us, us)


if __name__ == "__main__":
    main()
