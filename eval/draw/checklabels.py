# Checks a new query file before any search runs on it (eval/README.md, "Writing a drawn set"):
# every want names an operation of the spec, and every syntax query's want is exactly the set its
# +/- path, method and tag filters select, computed here from the documented semantics. It runs no
# search and imports none of the repository's code, so a query writer can use it without learning
# how search ranks. The want check repeats `go run . -check` (queryset.CheckLabels) only so that
# the writer needs one command; the Go check stays the one every eval run and `make test` apply.
# Usage: python3 eval/draw/checklabels.py eval/queries/NAME.yaml (or draw/checklabels.py
# queries/NAME.yaml in eval/).
import json, os, re, sys, yaml, shlex
qf = sys.argv[1]
d = yaml.safe_load(open(qf))
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
spec = json.load(open(os.path.join(root, '.cache', 'specs', d['spec']['path'])))
ops = []
for p, item in spec['paths'].items():
    for m, op in item.items():
        if m in ('get','put','post','delete','patch','head','options','trace'):
            ops.append((m.upper(), p, [t.lower() for t in op.get('tags', [])]))
print(qf, 'operations', len(ops), 'declared', d['spec']['operations'])
allops = {f'{m} {p}' for m, p, _ in ops}
def glob(pat):
    rx = ''.join('.*' if c == '*' else '.' if c == '?' else re.escape(c) for c in pat)
    return re.compile('^' + rx + '$', re.I)
bad = 0
diff = {}
for q in d['queries']:
    for w in q['want']:
        if w not in allops:
            print('  not an operation:', w, 'in', q['q']); bad += 1
    diff[q['difficulty']] = diff.get(q['difficulty'], 0) + 1
    if 'syntax' not in (q.get('kind') or []):
        continue
    got = set()
    toks = shlex.split(q['q'])
    for m, p, tags in ops:
        ok = True
        for t in toks:
            sign = t[0]; body = t[1:]
            field, val = body.split(':', 1)
            if field == 'path': hit = bool(glob(val).match(p))
            elif field == 'method': hit = m == val.upper()
            elif field == 'tag': hit = val.lower() in tags
            else: raise SystemExit('field ' + field)
            if (sign == '+' and not hit) or (sign == '-' and hit): ok = False
        if ok: got.add(f'{m} {p}')
    if got != set(q['want']):
        print('  syntax mismatch:', q['q'], 'extra', sorted(got - set(q['want'])), 'missing', sorted(set(q['want']) - got)); bad += 1
print('  difficulties', diff, 'problems', bad)
