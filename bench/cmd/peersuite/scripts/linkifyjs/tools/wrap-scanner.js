// Wraps linkifyjs/src/scanner so the parser test's input string and scanner protocols are recorded.
import * as real from 'REAL:linkifyjs/src/scanner.js';
export * from 'REAL:linkifyjs/src/scanner.js';
export let lastInitProtocols = [];
export function init(customSchemes = []) {
	lastInitProtocols = customSchemes;
	return real.init(customSchemes);
}
export function run(start, str) {
	globalThis.__last = { fn: 'parser.run', args: [str], state: { protocols: lastInitProtocols, plugins: [] } };
	return real.run(start, str);
}
