"""A pytest plugin that records URLExtract's own unit tests as peersuite cases.

Loaded into the peer's real test run (see run.sh):

    cd WORK/src && python -m pytest -p extract tests/unit

URLExtract.find_urls and has_urls are wrapped: each call runs the real
library and is recorded (input text, the extractor's settings and keyword
arguments). find_urls returns a list whose __eq__ records the value the
test compares it with: the expectation is the test's own assertion value
(the parametrized `expected`), not the library's output. has_urls returns
a bool the test checks with `is expected`; a False there wants nothing, a
True only "some URL", so its want is the library's find_urls under the
same settings, said in the note.

At the end it writes OUT/cases.jsonl (OUT: the environment variable, else
the current directory) with the cases peersuite can compare: input and
expectation known, settings default or ones urlgrep can mirror
(extract_email, with_schema_only, only_unique, get_indices, a limit not
reached); HTML inputs are written with html_input set. Every other
recorded call goes to OUT/cases-left-out.jsonl with a note saying why.
"""
import ast
import inspect
import json
import os
import re

import pytest
from urlextract import URLExtract

CALLS = []  # every recorded call, in order
CUR = {}  # the test item running: set by pytest_runtest_call
DEPTH = [0]  # >0 inside a wrapped call (has_urls -> gen_urls, ...)
DEFAULT = URLExtract()  # the defaults, to record only what a test changed
OUTCOME = {}  # nodeid -> "passed" / "failed"

# Settings urlgrep can mirror (peersuite: e-mail on or off, WithWWW(false)
# for with_schema_only, duplicates dropped for only_unique) or that do not
# change what is found (indices returned, a limit not reached).
MIRRORED = {"extract_email", "with_schema_only", "only_unique", "get_indices", "limit"}


class Call:
    def __init__(self, func, text, options, line):
        self.func, self.text, self.options, self.line = func, text, options, line
        self.item = CUR.get("item")
        self.expected = None  # the value the test compared the result with
        self.compared = False
        self.result = None  # what the library returned
        self.error = None
        self.note = ""
        CALLS.append(self)


class RecList(list):
    """find_urls's result: records what it is compared with."""

    def __eq__(self, other):
        c = self._call
        if not c.compared:
            c.expected, c.compared = other, True
        return list.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = None


def settings(ex):
    """The extractor's settings that differ from URLExtract()'s."""
    o = {}
    for k in ("extract_email", "extract_localhost", "allow_mixed_case_hostname"):
        if getattr(ex, k) != getattr(DEFAULT, k):
            o[k] = getattr(ex, k)
    for k in ("ignore_list", "permit_list"):
        if getattr(ex, k):
            o[k] = sorted(getattr(ex, k))
    if ex._limit != DEFAULT._limit:
        o["limit"] = ex._limit
    for k in ("stop_chars_left", "stop_chars_left_from_scheme", "stop_chars_right",
              "after_tld_chars", "enclosures"):
        got, dflt = set(getattr(ex, "get_" + k)()), set(getattr(DEFAULT, "get_" + k)())
        if got != dflt:
            o[k] = {"added": sorted(map(str, got - dflt)), "removed": sorted(map(str, dflt - got))}
    return o


def caller_line():
    """The line of the test file that made the call."""
    f = inspect.currentframe()
    while f and not os.path.basename(f.f_code.co_filename).startswith("test_"):
        f = f.f_back
    return f.f_lineno if f else 0


def wrap(name):
    orig = getattr(URLExtract, name)
    sig = inspect.signature(orig)

    def wrapper(self, text, *a, **kw):
        if DEPTH[0] or "item" not in CUR:
            return orig(self, text, *a, **kw)
        b = sig.bind(self, text, *a, **kw)
        opts = settings(self)
        opts.update((k, v) for k, v in b.arguments.items()
                    if k not in ("self", "text") and sig.parameters[k].default != v)
        c = Call(name, text, opts, caller_line())
        DEPTH[0] += 1
        try:
            r = orig(self, text, *a, **kw)
            if name == "has_urls" and isinstance(CUR["params"].get("expected"), bool):
                # the test asserts has_urls(...) is expected
                c.compared, c.expected = True, CUR["params"]["expected"]
                c.result = self.find_urls(text, with_schema_only=b.arguments.get("with_schema_only", False))
        except Exception as e:
            c.error = "%s: %s" % (type(e).__name__, e)
            raise
        finally:
            DEPTH[0] -= 1
        if name == "find_urls":
            c.result = list(r)
            r = RecList(r)
            r._call = c
        return r

    setattr(URLExtract, name, wrapper)


wrap("find_urls")
wrap("has_urls")


# ---------------------------------------------------------------- pytest hooks

_PARAM_LINES = {}  # (file, first line of the decorated def) -> {argname: [lines]}


def param_lines(path, firstline):
    """Lines of each parametrize entry, per argument name, of the test
    function starting (decorators included) at firstline."""
    if path not in _PARAM_LINES:
        tree = ast.parse(open(path, encoding="utf-8").read())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                first = min([d.lineno for d in node.decorator_list] + [node.lineno])
                m = _PARAM_LINES.setdefault((path, first), {})
                for d in node.decorator_list:
                    if isinstance(d, ast.Call) and getattr(d.func, "attr", "") == "parametrize":
                        names = ast.literal_eval(d.args[0])
                        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else names
                        vals = d.args[1]
                        if isinstance(vals, (ast.List, ast.Tuple)):
                            for n in names:
                                m[n] = [e.lineno for e in vals.elts]
        _PARAM_LINES[path] = True
    return _PARAM_LINES.get((path, firstline), {})


def param_index(item):
    """{first argument name of each parametrize: index of the entry run}
    (callspec.indices numbers the combinations when they are stacked)."""
    out = {}
    for m in reversed(getattr(item.function, "pytestmark", [])):
        if m.name != "parametrize":
            continue
        names = m.args[0]
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        for i, v in enumerate(m.args[1]):
            v = tuple(v) if len(names) > 1 else (v,)
            if all(item.callspec.params[n] == x for n, x in zip(names, v)):
                out[names[0]] = i
                break
    return out


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    cs = getattr(item, "callspec", None)
    CUR.update(item=item, params=dict(cs.params) if cs else {})
    yield
    CUR.clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    rep = (yield).get_result()
    if rep.when == "call" or rep.failed:
        OUTCOME.setdefault(item.nodeid, rep.outcome)
        if rep.failed:
            OUTCOME[item.nodeid] = "failed"


def pytest_sessionfinish(session):
    out = os.environ.get("OUT", ".")
    n = {"cases.jsonl": 0, "cases-left-out.jsonl": 0}
    files = {k: open(os.path.join(out, k), "w", encoding="utf-8") for k in n}
    per_item = {}
    for c in CALLS:
        per_item.setdefault(c.item.nodeid, []).append(c)
    for c in CALLS:
        it = c.item
        calls = per_item[it.nodeid]
        cs = getattr(it, "callspec", None)
        title = it.originalname
        line = c.line
        if cs:
            idx = param_index(it)
            title += " [%s]" % ",".join("%s=%d" % (k, i) for k, i in idx.items())
            lines = param_lines(str(it.path), it.function.__code__.co_firstlineno)
            if "text" in lines and "text" in idx:
                line = lines["text"][idx["text"]]
        if len(calls) > 1:
            title += " #%d" % (calls.index(c) + 1)
        why = []
        if c.error:
            why.append("raised %s" % c.error)
        elif not c.compared:
            why.append("no expectation: the test compares no list with the result")
        other = sorted(k for k in c.options if k not in MIRRORED)
        if other:
            why.append("options urlgrep has no counterpart for: " + ", ".join(other))
        if OUTCOME.get(it.nodeid) == "failed":
            why.append("the peer's own test failed")
        want = None
        note = ""
        if c.compared:
            exp = c.expected
            if c.func == "has_urls":
                if exp:
                    note = "has_urls(...) is True: want is the library's find_urls under the same settings"
                    exp = c.result
                else:
                    note, exp = "has_urls(...) is False", []
            if isinstance(exp, (list, tuple)):
                # get_indices: (url, (start, end)) pairs
                texts = [e[0] if isinstance(e, tuple) else e for e in exp]
                want = [{"text": t, "kind": kind(t)} for t in texts]
            else:
                why.append("compared with a %s" % type(exp).__name__)
        rec = {"suite": "urlextract", "table": os.path.relpath(str(it.path), str(session.config.rootpath)),
               "title": title, "line": line, "in": c.text, "want": want or [],
               "options": c.options, "note": "; ".join([note] * bool(note) + why),
               "html_input": is_html(c.text), "func": c.func}
        name = "cases-left-out.jsonl" if why else "cases.jsonl"
        files[name].write(json.dumps(rec, ensure_ascii=False) + "\n")
        n[name] += 1
    for f in files.values():
        f.close()
    print("\nurlextract recorder: %d calls; %d cases to %s/cases.jsonl, %d to cases-left-out.jsonl"
          % (len(CALLS), n["cases.jsonl"], out, n["cases-left-out.jsonl"]))


def kind(t):
    """URLExtract returns an address as written: "email" for user@host."""
    return "email" if re.fullmatch(r"[^\s@/:]+@[^\s@/:?#]+", t) else "url"


def is_html(s):
    """A tag or a character reference: "<email@address.net>" is text."""
    return bool(re.search(r"</?[A-Za-z][A-Za-z0-9]*[\s/>]|&(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z]+);", s))
