// Sanity checks on cases.jsonl: valid JSON, schema keys, link texts occur in order in the input, unique (in, options, note).
import fs from 'fs';
const lines = fs.readFileSync(process.argv[2] || 'cases.jsonl', 'utf8').trim().split('\n');
const keys = new Set();
let bad = 0;
for (const [i, l] of lines.entries()) {
	const c = JSON.parse(l);
	const k = JSON.stringify([c.in, c.options, c.note]);
	if (keys.has(k)) { console.log('duplicate', i + 1); bad++; }
	keys.add(k);
	if (JSON.stringify(Object.keys(c)) !== JSON.stringify(['suite', 'table', 'title', 'line', 'in', 'want', 'options', 'note'])) { console.log('keys', i + 1); bad++; }
	let pos = 0;
	for (const w of c.want) {
		const j = c.in.indexOf(w.text, pos);
		if (j < 0 || !['url', 'email'].includes(w.kind) || typeof w.href !== 'string') { console.log('bad link', i + 1, w); bad++; }
		pos = j + w.text.length;
	}
}
console.log(`${lines.length} cases, ${bad} problems`);
process.exit(bad ? 1 : 0);
