// Usage: node harness/build-and-run.mjs <spec file name> ...
// Bundles each spec with the harness (esbuild), runs it, writes raw/<spec>.json
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const testsDir = path.join(root, 'src', 'tests');
fs.mkdirSync(path.join(root, 'build'), { recursive: true });
fs.mkdirSync(path.join(root, 'raw'), { recursive: true });

const redirect = {
    name: 'redirect',
    setup(build) {
        build.onResolve({ filter: /^(\.\.\/)+src\/autolinker$/ }, args =>
            args.importer.startsWith(testsDir + path.sep)
                ? { path: path.join(root, 'harness', 'autolinker-rec.ts') }
                : undefined
        );
        build.onResolve({ filter: /^chai$/ }, args =>
            args.importer.startsWith(testsDir + path.sep)
                ? { path: path.join(root, 'harness', 'chai-rec.ts') }
                : undefined
        );
    },
};

for (const spec of process.argv.slice(2)) {
    const entry = path.join(root, 'build', spec.replace(/\.ts$/, '.entry.ts'));
    fs.writeFileSync(
        entry,
        `import '../harness/globals';\n` +
            `import { REC } from '../harness/rec';\n` +
            `REC.specFile = ${JSON.stringify(spec)};\n` +
            `require('../src/tests/${spec}');\n` +
            `require('fs').writeFileSync(${JSON.stringify(path.join(root, 'raw', spec + '.json'))}, JSON.stringify({ spec: REC.specFile, stats: REC.stats, log: REC.log, records: REC.records }));\n`
    );
    const outfile = entry.replace(/\.entry\.ts$/, '.bundle.cjs');
    await esbuild.build({
        entryPoints: [entry],
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        sourcemap: 'inline',
        outfile,
        plugins: [redirect],
        logLevel: 'warning',
    });
    execFileSync(process.execPath, ['--enable-source-maps', '--stack-size=8000', outfile], { stdio: 'inherit' });
    const raw = JSON.parse(fs.readFileSync(path.join(root, 'raw', spec + '.json'), 'utf8'));
    console.log(spec, JSON.stringify(raw.stats), 'records', raw.records.length, 'log', raw.log.length);
}
