// Wraps linkifyjs/src/linkify so test(), find() and protocol/plugin registration are recorded.
import * as real from 'REAL:linkifyjs/src/linkify.js';
export * from 'REAL:linkifyjs/src/linkify.js';

export const state = { protocols: [], ignoredProtocols: [], plugins: [], initialized: false };

export function reset() {
	state.protocols = []; state.ignoredProtocols = []; state.plugins = []; state.initialized = false;
	return real.reset();
}
export function init() { state.initialized = true; return real.init(); }
export function registerCustomProtocol(scheme, optionalSlashSlash = false) {
	const r = real.registerCustomProtocol(scheme, optionalSlashSlash); // may throw
	(state.initialized ? state.ignoredProtocols : state.protocols).push([scheme, optionalSlashSlash]);
	return r;
}
export function registerPlugin(name, plugin) {
	if (!state.initialized) state.plugins.push(name);
	return real.registerPlugin(name, plugin);
}
const snap = () => JSON.parse(JSON.stringify(state));
// recorded is fn, the real function named name, that leaves its call and
// the registrations it ran under in globalThis.__last.
const recorded = (name, fn) => (...args) => {
	state.initialized = true;
	const s = snap();
	const r = fn(...args);
	globalThis.__last = { fn: name, args, state: s };
	return r;
};
export const find = recorded('find', real.find);
export const test = recorded('test', real.test);
export function tokenize(str) { state.initialized = true; return real.tokenize(str); }
