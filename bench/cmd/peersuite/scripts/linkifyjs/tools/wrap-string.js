// Wraps linkify-string so its input and options are recorded.
import realLinkifyStr from 'REAL:linkify-string/src/linkify-string.js';
import { state } from 'linkifyjs/src/linkify';
globalThis.__linkifyStrRecorded = (str, opts, via) => {
	const r = realLinkifyStr(str, opts);
	globalThis.__last = { fn: 'linkifyStr', args: opts === undefined ? [str] : [str, opts], via, state: JSON.parse(JSON.stringify(state)) };
	return r;
};
export default function linkifyStr(str, opts) { return globalThis.__linkifyStrRecorded(str, opts, 'linkifyStr'); }
