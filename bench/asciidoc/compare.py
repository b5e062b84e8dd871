"""compare.py URLGREP ORACLE.jsonl [N]: urlgrep --raw --email on each file
of oracle.js's lines, against the links Asciidoctor rendered there."""
import collections
import json
import subprocess
import sys

ug, oracle = sys.argv[1], sys.argv[2]
show = int(sys.argv[3]) if len(sys.argv) > 3 else 10
cases = [json.loads(l) for l in open(oracle, encoding='utf8')]
found = {}
for f in sorted({c['file'] for c in cases}):
    out = subprocess.run([ug, '--raw', '--email', '--no-filename', f], capture_output=True)
    found[f] = {x for x in out.stdout.decode('utf8', 'replace').split('\n') if x}
agree, missed = 0, collections.defaultdict(list)
for c in cases:
    got = found[c['file']]
    if c['href'] in got or c['lit'] in got:
        agree += 1
        continue
    near = [g for g in got if g.startswith(c['lit']) or c['lit'].startswith(g)]
    cls = 'urlgrep longer' if any(g.startswith(c['lit']) for g in near) else 'urlgrep shorter' if near else 'none'
    missed[cls].append((c['file'], c['lit'], near[:2]))
print(f"links {len(cases)}  found as written {agree}")
for cls, v in sorted(missed.items()):
    print(f"== {cls}: {len(v)}")
    for x in v[:show]:
        print('  ', *x)
