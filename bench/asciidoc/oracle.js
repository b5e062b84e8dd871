// oracle.js DIR...: for each .adoc file, the links Asciidoctor renders
// whose target (an address, for mailto) is written as it is in the source;
// JSON lines {file, href, lit, text}. run.sh runs it.
const Asciidoctor = require('@asciidoctor/core')
const asciidoctor = Asciidoctor()
const fs = require('fs'), path = require('path')
function walk(d, out) {
  for (const e of fs.readdirSync(d, {withFileTypes: true})) {
    const p = path.join(d, e.name)
    if (e.isDirectory()) walk(p, out)
    else if (e.name.endsWith('.adoc')) out.push(p)
  }
  return out
}
const unesc = s => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#8203;/g, '').replace(/&#(\d+);/g, (m, n) => String.fromCodePoint(+n))
for (const dir of process.argv.slice(2)) {
  for (const f of walk(dir, [])) {
    const src = fs.readFileSync(f, 'utf8')
    let html
    try { html = asciidoctor.convert(src, {safe: 'secure', attributes: {'allow-uri-read': false}}) } catch (e) { continue }
    const re = /<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g
    let m
    while ((m = re.exec(html))) {
      const href = unesc(m[1])
      if (!/^(https?|ftp|mailto|irc|file):/i.test(href)) continue
      let lit = href
      if (href.startsWith('mailto:')) lit = href.slice(7).split('?')[0]
      if (!src.includes(lit)) continue
      console.log(JSON.stringify({file: f, href, lit, text: unesc(m[2].replace(/<[^>]*>/g, ''))}))
    }
  }
}
