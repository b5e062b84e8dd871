// Stand-in for '../src/autolinker' as imported by the specs: the real class,
// subclassed so that every link() call (instance or static) is recorded.
import RealAutolinker from '../src/src/autolinker';
import { REC, testFrames } from './rec';
export * from '../src/src/autolinker';

function hasFunction(o: any, depth = 0): boolean {
    if (typeof o === 'function') return true;
    if (o && typeof o === 'object' && depth < 5)
        return Object.keys(o).some(k => hasFunction(o[k], depth + 1));
    return false;
}

function effective(a: any) {
    const keys = ["urls", "email", "phone", "hashtag", "mention", "newWindow", "stripPrefix", "stripTrailingSlash", "decodePercentEncoding", "truncate", "className", "sanitizeHtml"];
    const o: any = {};
    for (const k of keys) o[k] = a[k];
    return JSON.parse(JSON.stringify(o));
}

export default class Autolinker extends RealAutolinker {
    __cfg: any;
    constructor(cfg: any = {}) {
        super(cfg);
        this.__cfg = cfg;
    }
    static link(textOrHtml: string, options?: any) {
        return new Autolinker(options).link(textOrHtml);
    }
    link(textOrHtml: string) {
        const output = super.link(textOrHtml);
        const cfg = this.__cfg;
        const hasFn = hasFunction(cfg);
        let matches: any[] | null = null;
        if (!hasFn && typeof textOrHtml === 'string' && textOrHtml) {
            // replicate link(): sanitize, parse, build tags (no replaceFn here)
            const sanitize = !!(cfg && cfg.sanitizeHtml);
            const text = sanitize
                ? textOrHtml.replace(/</g, '&lt;').replace(/>/g, '&gt;')
                : textOrHtml;
            matches = this.parse(text).map((m: any) => ({
                type: m.getType(),
                offset: m.getOffset(),
                matchedText: m.getMatchedText(),
                tag: m.buildTag().toAnchorString(),
            }));
            // sanity check: re-assemble the output
            let last = 0;
            const parts: string[] = [];
            for (const m of matches) {
                parts.push(text.substring(last, m.offset), m.tag);
                last = m.offset + m.matchedText.length;
            }
            parts.push(text.substring(last));
            if (parts.join('') !== output) {
                REC.log.push({ kind: 'reassembly-mismatch', input: textOrHtml });
                matches = null;
            }
        }
        if (REC.current) {
            REC.current.calls.push({
                input: textOrHtml,
                output,
                cfg,
                hasFn,
                matches,
                eff: effective(this),
                callLine: (testFrames().find(f => f.file === 'tests/' + REC.specFile) || { line: 0 }).line,
                consumed: false,
            });
        } else {
            REC.log.push({ kind: 'link-outside-it', input: textOrHtml, at: testFrames()[0] });
        }
        return output;
    }
}
