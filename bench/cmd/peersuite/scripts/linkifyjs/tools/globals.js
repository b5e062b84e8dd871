// Minimal mocha-like BDD globals: describe() runs its body at once to collect
// tests; the runner (runAll) then runs before/beforeEach hooks and it() bodies
// in mocha order.
const mkSuite = (title, parent) => ({ title, parent, items: [], before: [], beforeEach: [], after: [], afterEach: [] });
export const root = mkSuite('', null);
let cur = root;

globalThis.describe = (title, fn) => {
	const s = mkSuite(title, cur);
	cur.items.push({ suite: s });
	const prev = cur;
	cur = s;
	fn.call({});
	cur = prev;
};
globalThis.it = (title, fn) => { cur.items.push({ test: { title, fn } }); };
globalThis.before = (fn) => cur.before.push(fn);
globalThis.beforeEach = (fn) => cur.beforeEach.push(fn);
globalThis.after = (fn) => cur.after.push(fn);
globalThis.afterEach = (fn) => cur.afterEach.push(fn);

// Same helper as test/index.js of the repository.
String.prototype.truncate = function (limit) {
	limit = limit || Infinity;
	return this.length > limit ? this.substring(0, limit) + '…' : this;
};

// Defined before linkify-string is loaded, so that its own `if (!String.prototype.linkify)`
// definition is skipped and calls go through the recording wrapper (same behaviour).
Object.defineProperty(String.prototype, 'linkify', {
	writable: false,
	value: function linkify(options) {
		return globalThis.__linkifyStrRecorded(String(this), options, 'String.prototype.linkify');
	},
});

globalThis.__last = null; // last call of a recorded linkify entry point
