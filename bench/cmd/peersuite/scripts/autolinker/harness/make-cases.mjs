// Usage: node harness/make-cases.mjs  (reads raw/*.json, writes cases.jsonl + counts.json)
import fs from 'node:fs';
import path from 'node:path';
import { decodeHTMLStrict } from 'entities';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SPECS = [
    'autolinker.spec.ts',
    'autolinker-email.spec.ts',
    'autolinker-url-ipv4.spec.ts',
    'autolinker-url-other.spec.ts',
    'autolinker-url-protocol-relative.spec.ts',
    'autolinker-url-scheme.spec.ts',
    'autolinker-url-tld.spec.ts',
    'autolinker-within-html.spec.ts',
    'autolinker-xss.spec.ts',
];

function canon(v) {
    if (Array.isArray(v)) return v.map(canon);
    if (v && typeof v === 'object') {
        const o = {};
        for (const k of Object.keys(v).sort()) o[k] = canon(v[k]);
        return o;
    }
    return v;
}
function urlsEnabled(u) {
    if (u == null || u === true) return true;
    if (u === false) return false;
    return ['schemeMatches', 'tldMatches', 'ipV4Matches'].some(k => u[k] !== false);
}
const HTML_RE = /<[a-zA-Z!\/?][^>]*>|&(?:[a-zA-Z][a-zA-Z0-9]*|#[0-9]+|#x[0-9a-fA-F]+);/;

const seen = new Set();
const out = [];
const counts = { per_spec: {}, totals: {} };
const T = (counts.totals = {
    recorded: 0, failing_expectation: 0, dropped_replaceFn: 0, dropped_non_string_input: 0,
    dropped_no_url_or_email: 0, dropped_duplicate: 0, kept: 0, kept_empty_want: 0,
    kept_generated: 0, kept_html_input: 0, kept_anchor_text_ne_matched: 0, decode_changed: 0,
});
const failing = [];
const effective = {};
const droppedNoUrlEmail = [];

for (const spec of SPECS) {
    const raw = JSON.parse(fs.readFileSync(path.join(root, 'raw', spec + '.json'), 'utf8'));
    const C = (counts.per_spec[spec] = {
        its_run: raw.stats.its, it_errors: raw.stats.itErrors, recorded: 0, failing: 0,
        dropped_replaceFn: 0, dropped_non_string_input: 0, dropped_no_url_or_email: 0,
        dropped_duplicate: 0, kept: 0, kept_empty_want: 0, kept_generated: 0,
    });
    for (const r of raw.records) {
        C.recorded++; T.recorded++;
        if (!r.pass) { C.failing++; T.failing_expectation++; failing.push(r); continue; }
        if (r.hasFn) { C.dropped_replaceFn++; T.dropped_replaceFn++; continue; }
        if (typeof r.input !== 'string') { C.dropped_non_string_input++; T.dropped_non_string_input++; continue; }
        const cfg = r.cfg || {};
        if (!(urlsEnabled(cfg.urls) || cfg.email !== false)) {
            C.dropped_no_url_or_email++; T.dropped_no_url_or_email++;
            droppedNoUrlEmail.push({ title: r.title, in: r.input.slice(0, 80), options: cfg });
            continue;
        }
        const options = canon(cfg);
        const key = JSON.stringify([r.input, options]);
        if (seen.has(key)) { C.dropped_duplicate++; T.dropped_duplicate++; continue; }
        seen.add(key);
        if (!r.matches) throw new Error('no match info for ' + r.title);

        const want = [];
        const kinds = [];
        for (const m of r.matches) {
            const a = /^<a\b([^>]*)>([\s\S]*)<\/a>$/.exec(m.tag);
            if (!a) throw new Error('unexpected tag ' + m.tag);
            const hrefRaw = (/\shref="([^"]*)"/.exec(a[1]) || [])[1];
            if (hrefRaw === undefined) throw new Error('no href ' + m.tag);
            const text = decodeHTMLStrict(a[2]);
            const href = decodeHTMLStrict(hrefRaw);
            if (text !== a[2] || href !== hrefRaw) T.decode_changed++;
            const w = { text, href, matched: m.matchedText, start: m.offset, kind: m.type };
            want.push(w);
            if (!kinds.includes(m.type)) kinds.push(m.type);
        }
        // the anchors must appear in the expected output in order
        let pos = 0;
        for (const m of r.matches) {
            const i = r.expected.indexOf(m.tag, pos);
            if (i < 0) throw new Error('anchor not found in expected output: ' + r.title);
            pos = i + m.tag.length;
        }
        const generated = r.expect_at.startsWith('tests/util/');
        const c = {
            suite: 'autolinker',
            table: spec,
            title: r.title,
            line: r.line,
            in: r.input,
            out: r.expected,
            want,
            options,
            html_input: HTML_RE.test(r.input),
            kinds,
            assert: r.how,
            generated_by: generated ? r.expect_at.replace(/:\d+$/, '') : null,
            expect_at: r.expect_at || null,
        };
        out.push(c);
        const ok = JSON.stringify(options);
        if (!effective[ok]) effective[ok] = r.eff;
        else if (JSON.stringify(effective[ok]) !== JSON.stringify(r.eff)) throw new Error("effective options differ for " + ok);
        C.kept++; T.kept++;
        if (!want.length) { C.kept_empty_want++; T.kept_empty_want++; }
        if (generated) { C.kept_generated++; T.kept_generated++; }
        if (c.html_input) T.kept_html_input++;
        if (want.some(w => w.text !== w.matched)) T.kept_anchor_text_ne_matched++;
    }
}
fs.writeFileSync(path.join(root, 'cases.jsonl'), out.map(c => JSON.stringify(c)).join('\n') + '\n');
fs.writeFileSync(path.join(root, "cases-core.jsonl"), out.filter(c => !c.generated_by).map(c => JSON.stringify(c)).join("\n") + "\n");
fs.writeFileSync(path.join(root, "options-effective.json"), JSON.stringify(Object.entries(effective).map(([k, v]) => ({ options: JSON.parse(k), effective: v })), null, 1));
counts.dropped_no_url_or_email_cases = droppedNoUrlEmail;
counts.failing_cases = failing.map(r => ({ table: r.table, title: r.title, in: r.input, expected: r.expected, actual: r.actual }));
fs.writeFileSync(path.join(root, 'counts.json'), JSON.stringify(counts, null, 2));
console.log(JSON.stringify(counts.per_spec, null, 1));
console.log(JSON.stringify(T, null, 1));
