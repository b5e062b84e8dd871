// Stand-in for 'chai': expect(x) where x is the output of a recorded link()
// call records (input, expected, actual) instead of asserting; everything
// else goes to the real chai.
import * as realChai from '../node_modules/chai/index.js';
import { REC, testFrames } from './rec';
export * from '../node_modules/chai/index.js';

function record(call: any, actual: string, expected: any, how: string) {
    const frames = testFrames();
    const specFrame = frames.find(f => f.file === 'tests/' + REC.specFile);
    const top = frames[0];
    REC.records.push({
        table: REC.specFile,
        title: REC.current!.title,
        line: specFrame ? specFrame.line : 0,
        expect_at: top ? `${top.file}:${top.line}` : '',
        input: call.input,
        cfg: call.hasFn ? null : JSON.parse(JSON.stringify(call.cfg ?? {})),
        hasFn: call.hasFn,
        expected,
        actual,
        pass: actual === expected,
        matches: call.matches,
        eff: call.eff,
        how,
    });
}

export function expect(value: any, msg?: string): any {
    const cur = REC.current;
    if (cur && typeof value === 'string') {
        let call = cur.calls.find(c => !c.consumed && c.output === value);
        if (!call) call = [...cur.calls].reverse().find(c => c.output === value);
        if (call) {
            call.consumed = true;
            const c = call;
            const real = realChai.expect(value, msg);
            return {
                to: {
                    equal: (y: any) => record(c, value, y, 'expect.to.equal'),
                    eq: (y: any) => record(c, value, y, 'expect.to.equal'),
                    deep: { equal: (y: any) => record(c, value, y, 'expect.to.deep.equal') },
                    be: (real as any).to.be,
                    not: (real as any).to.not,
                },
            };
        }
    }
    return realChai.expect(value, msg);
}
