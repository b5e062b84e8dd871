// Bundle tools/harness.js + the real test files + real linkifyjs sources into build/harness.cjs
import * as esbuild from 'esbuild';
import path from 'path';
const HERE = path.dirname(new URL(import.meta.url).pathname);
const SRC = path.resolve(HERE, '../src');
const PKG = path.join(SRC, 'packages');
const wrappers = {
	'linkifyjs/src/linkify': path.join(HERE, 'wrap-linkify.js'),
	'linkifyjs/src/scanner': path.join(HERE, 'wrap-scanner.js'),
	'linkify-string/src/linkify-string': path.join(HERE, 'wrap-string.js'),
};
const plugin = {
	name: 'linkify-resolve',
	setup(b) {
		b.onResolve({ filter: /^REAL:/ }, (a) => ({ path: path.join(PKG, a.path.slice(5).replace('/src/', '/src/')) }));
		b.onResolve({ filter: /^TESTS:/ }, (a) => ({ path: path.join(SRC, a.path.slice(6)) }));
		b.onResolve({ filter: /^linkify/ }, (a) => {
			if (wrappers[a.path]) return { path: wrappers[a.path] };
			if (a.path === 'linkifyjs') return { path: path.join(PKG, 'linkifyjs/src/linkify.js') };
			const m = /^(linkify[\w-]*)\/src\/(.*)$/.exec(a.path);
			if (m) return { path: path.join(PKG, m[1], 'src', m[2].endsWith('.js') ? m[2] : m[2] + '.js') };
			return undefined;
		});
	},
};
await esbuild.build({
	entryPoints: [path.join(HERE, 'harness.js')],
	bundle: true, platform: 'node', format: 'esm', target: 'node20',
	outfile: path.join(HERE, '../build/harness.mjs'),
	plugins: [plugin], logLevel: 'warning',
	banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
});
