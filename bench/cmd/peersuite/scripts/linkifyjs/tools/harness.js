// Runs the real linkifyjs test files (parser.test.js, linkifyjs.test.js, linkify-string.test.js)
// under a mocha-like runner with chai's eql/ok assertions wrapped to record
// (actual, expected, last linkify call), then writes cases.jsonl.
import { root } from './globals.js';
import * as chai from 'chai';
import fs from 'fs';
import path from 'path';
import * as acorn from 'acorn';
import * as realLinkify from 'REAL:linkifyjs/src/linkify.js';
import { Url, Email } from 'REAL:linkifyjs/src/multi.js';
import { reset as wrappedReset } from 'linkifyjs/src/linkify';
globalThis.expect = chai.expect; // test/index.js sets global.expect (linkify-string.test.js relies on it)

const records = [];
let ctx = null;
chai.use((_chai, utils) => {
	const rec = (kind, self, expected) => {
		const r = { kind, actual: self._obj, expected, negate: !!utils.flag(self, 'negate'), last: globalThis.__last, ctx, passed: false };
		records.push(r);
		return r;
	};
	_chai.Assertion.overwriteMethod('eql', (_super) => function (expected, ...rest) {
		const r = rec('eql', this, expected);
		const out = _super.call(this, expected, ...rest);
		r.passed = true;
		return out;
	});
	_chai.Assertion.overwriteProperty('ok', (_super) => function () {
		const r = rec('ok', this, true);
		const out = _super.call(this);
		r.passed = true;
		return out;
	});
});

// Test files (import order = run order). Imported after globals/chai setup.
const FILES = {
	'linkifyjs/parser#run()': 'test/spec/linkifyjs/parser.test.js',
	'linkifyjs': 'test/spec/linkifyjs.test.js',
	'linkify-string': 'test/spec/linkify-string.test.js',
};
await import('TESTS:test/spec/linkifyjs/parser.test.js');
await import('TESTS:test/spec/linkifyjs.test.js');
await import('TESTS:test/spec/linkify-string.test.js');

// root hook from test/index.js
root.beforeEach.push(() => wrappedReset());

const failures = [];
let testCounter = 0;
function runSuite(s, chain, file) {
	chain = [...chain, s];
	let beforeDone = false;
	const doBefore = () => { if (!beforeDone) { s.before.forEach((f) => f.call({})); beforeDone = true; } };
	for (const item of s.items) {
		doBefore();
		if (item.suite) {
			runSuite(item.suite, chain, file || FILES[item.suite.title]);
			continue;
		}
		for (const a of chain) a.beforeEach.forEach((f) => f.call({}));
		globalThis.__last = null;
		ctx = { id: ++testCounter, file, titles: chain.slice(1).map((x) => x.title).concat(item.test.title) };
		try { item.test.fn.call({}); } catch (e) { failures.push({ ctx, err: String(e && e.message) }); }
		for (const a of [...chain].reverse()) a.afterEach.forEach((f) => f.call({}));
	}
	if (beforeDone) s.after.forEach((f) => f.call({}));
}
runSuite(root, [], null);

// ---------- line numbers from the test sources ----------
const SRC = process.env.LINKIFY_SRC;
const asts = {};
function ast(file) {
	if (!asts[file]) {
		const text = fs.readFileSync(path.join(SRC, file), 'utf8');
		const tree = acorn.parse(text, { ecmaVersion: 'latest', sourceType: 'module', locations: true });
		const nodes = [];
		(function walk(n) {
			if (!n || typeof n.type !== 'string') return;
			nodes.push(n);
			for (const k of Object.keys(n)) {
				const v = n[k];
				if (Array.isArray(v)) v.forEach(walk); else if (v && typeof v.type === 'string' && k !== 'loc') walk(v);
			}
		})(tree);
		nodes.sort((a, b) => a.start - b.start);
		asts[file] = nodes;
	}
	return asts[file];
}
const strVal = (n) => n && (n.type === 'Literal' ? n.value : n.type === 'TemplateLiteral' && n.expressions.length === 0 ? n.quasis[0].value.cooked : undefined);
function lineFor(file, input, rowPred = () => true) {
	const nodes = ast(file);
	let n = nodes.find((x) => x.type === 'ArrayExpression' && strVal(x.elements[0]) === input && rowPred(x));
	if (!n) n = nodes.find((x) => x.type === 'CallExpression' && strVal(x.arguments[0]) === input);
	if (!n) n = nodes.find((x) => strVal(x) === input);
	return n ? n.loc.start.line : 0;
}
function parserTableRows() {
	const nodes = ast('test/spec/linkifyjs/parser.test.js');
	const decl = nodes.find((x) => x.type === 'VariableDeclarator' && x.id.name === 'tests');
	return decl.init.elements;
}

// ---------- build cases ----------
const fnJSON = (v) => JSON.parse(JSON.stringify(v, (k, x) => (typeof x === 'function' ? 'function: ' + x.toString().replace(/\s+/g, ' ') : x)));
const protoOpts = (st) => (st && st.protocols && st.protocols.length ? { registerCustomProtocol: st.protocols } : {});
const cases = [];
const add = (c) => cases.push({ suite: 'linkifyjs', table: c.table, title: c.title, line: c.line, in: c.in, want: c.want, options: c.options, note: c.note });
const skipped = [];

const byTest = new Map();
for (const r of records) {
	const k = r.ctx.id; // one group per it() run (two parser rows share a title)
	if (!byTest.has(k)) byTest.set(k, []);
	byTest.get(k).push(r);
}

for (const recs of byTest.values()) {
	const { file, titles } = recs[0].ctx;
	const title = titles.join(' > ');
	const failed = recs.some((r) => !r.passed);
	const failNote = failed ? '; ASSERTION FAILED when run against this snapshot' : '';

	if (file === 'test/spec/linkifyjs/parser.test.js') {
		const calls = recs.filter((r) => r.last && r.last.fn === 'parser.run');
		if (!calls.length) continue;
		const input = calls[0].last.args[0];
		const st = calls[0].last.state;
		let want;
		let tableTitle = title;
		let line;
		if (recs.length === 3 && recs[2].expected.every((t) => typeof t === 'function')) {
			const values = recs[0].expected, types = recs[2].expected;
			want = [];
			values.forEach((v, i) => {
				if (types[i] === Url) want.push({ text: v, href: '', kind: 'url' });
				else if (types[i] === Email) want.push({ text: v, href: '', kind: 'email' });
			});
			const rows = parserTableRows();
			const idx = rows.findIndex((row) => strVal(row.elements[0]) === input);
			tableTitle = 'parser table #' + (idx + 1);
			line = rows[idx].loc.start.line;
		} else {
			want = recs[0].expected.filter((o) => o.isLink).map((o) => ({ text: input.slice(o.start, o.end), href: o.href, kind: o.type }));
			line = lineFor(file, input);
		}
		// Parser test runs with scanner custom protocols (steam, view-source). Check default config.
		realLinkify.reset();
		const dflt = realLinkify.find(input).map((l) => [l.value, l.type]);
		const same = JSON.stringify(dflt) === JSON.stringify(want.map((w) => [w.text, w.kind]));
		const protoDesc = JSON.stringify(st.protocols);
		add({
			table: file, title: tableTitle, line, in: input, want,
			options: same ? {} : { registerCustomProtocol: st.protocols },
			note: (same
				? `parser.run Url/Email tokens (test scanner had custom protocols ${protoDesc}; same links with default config)`
				: `parser.run Url/Email tokens; needs custom protocols ${protoDesc} (default config gives ${JSON.stringify(dflt)})`) + failNote,
		});
		continue;
	}

	for (const r of recs) {
		const last = r.last;
		if (!last) continue;
		if (last.state && last.state.plugins && last.state.plugins.length) { skipped.push(title); continue; }
		if (file === 'test/spec/linkifyjs.test.js' && last.fn === 'find' && r.kind === 'eql') {
			const [str, a1, a2] = last.args;
			const type = typeof a1 === 'string' ? a1 : null;
			const opts = a1 && typeof a1 === 'object' ? a1 : a2 || null;
			add({
				table: file, title, line: lineFor(file, str), in: str,
				want: r.expected.map((o) => ({ text: str.slice(o.start, o.end), href: o.href, kind: o.type })),
				options: { ...protoOpts(last.state), ...(opts ? fnJSON(opts) : {}) },
				note: (type ? `find(type=${type})` : 'find()') + (opts && opts.truncate ? '; displayed value truncated by option, text here is the input span' : '') + failNote,
			});
		} else if (file === 'test/spec/linkifyjs.test.js' && last.fn === 'test') {
			const [str, type] = last.args;
			if (type === 'ticket') { skipped.push(title); continue; }
			const yes = r.kind === 'ok' ? !r.negate : r.expected === true && !r.negate;
			let kind = type;
			if (yes && !kind) { realLinkify.reset(); kind = realLinkify.find(str)[0].type; }
			let note = (type ? `test(type=${type}) whole string` : 'test() whole string');
			if (yes && !type) note += '; kind inferred with linkify.find on this snapshot';
			if (last.state.ignoredProtocols.length) note += `; registerCustomProtocol(${last.state.ignoredProtocols.map((p) => JSON.stringify(p[0])).join(', ')}) called after init, so not in effect`;
			add({
				table: file, title, line: lineFor(file, str, (row) => row.elements[1] && row.elements[1].value === r.expected && strVal(row.elements[2]) === (type || undefined)),
				in: str, want: yes ? [{ text: str, href: '', kind }] : [],
				options: protoOpts(last.state), note: note + failNote,
			});
		} else if (file === 'test/spec/linkify-string.test.js' && last.fn === 'linkifyStr' && r.kind === 'eql') {
			const [str, opts] = last.args;
			const want = htmlLinks(str, r.expected, opts || {});
			add({
				table: file, title, line: lineFor(file, str), in: str, want,
				options: { ...protoOpts(last.state), ...(opts ? fnJSON(opts) : {}) },
				note: 'linkify-string expected HTML; text = input span of each link' + (want.some((w) => w.display !== undefined) ? '; displayed text differs (format option)' : '') + failNote,
			});
			want.forEach((w) => delete w.display);
		}
	}
}

// Parse linkify-string expected HTML into links, aligning the non-link text with the input.
function htmlLinks(input, html, opts) {
	const unesc = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
	const tag = opts.tagName || 'a';
	const re = new RegExp(`<${tag} ([^>]*)>([\\s\\S]*?)</${tag}>`, 'g');
	const parts = [];
	let pos = 0, m;
	while ((m = re.exec(html))) {
		parts.push({ text: html.slice(pos, m.index) });
		const href = /(?:^| )href="([^"]*)"/.exec(m[1]);
		parts.push({ link: true, href: href ? unesc(href[1]) : '', shown: unesc(m[2]) });
		pos = re.lastIndex;
	}
	parts.push({ text: html.slice(pos) });
	for (const p of parts) if (!p.link) p.text = unesc(opts.nl2br ? p.text.replace(/<br>\n/g, '\n') : p.text);
	const out = [];
	let ip = 0;
	for (let i = 0; i < parts.length; i++) {
		const p = parts[i];
		if (!p.link) {
			if (input.slice(ip, ip + p.text.length) !== p.text) throw new Error(`alignment failed for ${JSON.stringify(input)}`);
			ip += p.text.length;
			continue;
		}
		const next = parts[i + 1].text;
		const end = next === '' ? input.length : input.indexOf(next, ip);
		if (end < 0) throw new Error('alignment failed (link) for ' + JSON.stringify(input));
		const text = input.slice(ip, end);
		ip = end;
		const shownPrefix = p.shown.replace(/…$/, '');
		if (!text.startsWith(shownPrefix)) throw new Error(`shown text ${p.shown} is not a prefix of ${text}`);
		const w = { text, href: p.href, kind: /^mailto:/.test(p.href) && !/^mailto:/i.test(text) ? 'email' : 'url' };
		if (p.shown !== text) w.display = p.shown;
		out.push(w);
	}
	return out;
}

// ---------- dedupe and write ----------
const seen = new Set();
const uniq = cases.filter((c) => {
	const k = JSON.stringify([c.in, c.options, c.note]);
	if (seen.has(k)) return false;
	seen.add(k);
	return true;
});
const OUT = process.env.OUT || 'cases.jsonl';
fs.writeFileSync(OUT, uniq.map((c) => JSON.stringify(c)).join('\n') + '\n');

const counts = {};
for (const c of uniq) {
	counts[c.table] ??= { cases: 0, emptyWant: 0 };
	counts[c.table].cases++;
	if (!c.want.length) counts[c.table].emptyWant++;
}
console.log(JSON.stringify({ records: records.length, tests: byTest.size, casesBeforeDedupe: cases.length, cases: uniq.length, counts, failures, skippedPluginAssertions: skipped }, null, 1));
if (failures.length) process.exitCode = 1;
