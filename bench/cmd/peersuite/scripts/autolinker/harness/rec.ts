// Global recorder shared by the harness pieces (bundled once per spec file).
export interface LinkCall {
    input: any;
    output: string;
    cfg: any;
    hasFn: boolean;
    matches: any[] | null;
    eff: any;
    callLine: number;
    consumed: boolean;
}
export interface Rec {
    specFile: string;
    titleStack: string[];
    current: { title: string; calls: LinkCall[] } | null;
    records: any[];
    log: any[];
    stats: { its: number; itErrors: number; unpairedCalls: number };
}
const g: any = globalThis as any;
if (!g.__REC) {
    g.__REC = {
        specFile: '',
        titleStack: [],
        current: null,
        records: [],
        log: [],
        stats: { its: 0, itErrors: 0, unpairedCalls: 0 },
    } as Rec;
}
export const REC: Rec = g.__REC;

// Returns the positions (file:line) of the stack frames inside tests/.
export function testFrames(): { file: string; line: number }[] {
    const old = Error.stackTraceLimit;
    Error.stackTraceLimit = 200;
    const stack = new Error().stack || '';
    Error.stackTraceLimit = old;
    const out: { file: string; line: number }[] = [];
    for (const l of stack.split('\n')) {
        const m = /\(?([^\s()]*\/tests\/[^\s():]+\.ts):(\d+):\d+\)?$/.exec(l.trim());
        if (m) out.push({ file: m[1].replace(/^.*\/tests\//, 'tests/'), line: +m[2] });
    }
    return out;
}
export function cleanTitle(t: string) {
    return String(t).replace(/\s+/g, ' ').trim().replace(/\s*>$/, '').trim();
}
