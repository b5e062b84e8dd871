// Minimal mocha replacement: describe/it run their bodies immediately
// (so that stack traces show the spec-file line that generated each test).
import { REC, cleanTitle } from './rec';

type Hook = () => any;
const scopes: { before: Hook[]; after: Hook[] }[] = [{ before: [], after: [] }];
const ctx: any = { timeout() {}, slow() {}, skip() {} };

// Tests whose link() outputs are compared line by line with `!==` + throw
// rather than through expect(): when such a test passes, every link() call in
// it is an asserted expectation with expected === actual.
const LINE_BY_LINE_TITLES = [
    'should replace matches appropriately in a paragraph of text, using a variety of enabled matchers',
];

function describe(title: string, fn: () => void) {
    REC.titleStack.push(cleanTitle(title));
    scopes.push({ before: [], after: [] });
    try {
        fn.call(ctx);
    } finally {
        scopes.pop();
        REC.titleStack.pop();
    }
}
function it(title: string, fn?: (done?: any) => any) {
    if (!fn) return;
    const full = [...REC.titleStack, cleanTitle(title)].join(' > ');
    REC.current = { title: full, calls: [] };
    REC.stats.its++;
    let ok = true;
    try {
        for (const s of scopes) for (const h of s.before) h.call(ctx);
        const r = fn.call(ctx);
        if (r && typeof r.then === 'function') REC.log.push({ kind: 'async-it', title: full });
        for (const s of [...scopes].reverse()) for (const h of s.after) h.call(ctx);
    } catch (e: any) {
        ok = false;
        REC.stats.itErrors++;
        REC.log.push({ kind: 'it-error', title: full, error: String(e && e.message).slice(0, 500) });
    }
    if (REC.current.calls.length === 0) REC.log.push({ kind: 'it-without-link-call', title: full });
    const lineByLine = LINE_BY_LINE_TITLES.some(t => full.includes(t));
    for (const c of REC.current.calls) {
        if (c.consumed) continue;
        if (lineByLine && ok) {
            REC.records.push({
                table: REC.specFile,
                title: full,
                line: c.callLine, // line of the link() call (no expect() here)
                expect_at: '',
                input: c.input,
                cfg: c.hasFn ? null : JSON.parse(JSON.stringify(c.cfg ?? {})),
                hasFn: c.hasFn,
                expected: c.output,
                actual: c.output,
                pass: true,
                matches: c.matches,
        eff: c.eff,
                how: 'line-by-line !== comparison (test passed)',
            });
            continue;
        }
        REC.stats.unpairedCalls++;
        REC.log.push({ kind: 'unpaired-link-call', title: full, input: String(c.input).slice(0, 200), hasFn: c.hasFn });
    }
    REC.current = null;
}
(it as any).skip = () => {};
(it as any).only = it;
(describe as any).skip = () => {};
(describe as any).only = describe;
function beforeEach(fn: Hook) { scopes[scopes.length - 1].before.push(fn); }
function afterEach(fn: Hook) { scopes[scopes.length - 1].after.push(fn); }
function before(fn: Hook) { fn.call(ctx); }
function after(_fn: Hook) {}

Object.assign(globalThis as any, { describe, it, beforeEach, afterEach, before, after, xit: () => {}, xdescribe: () => {} });
