/**
 * `npm run bench`, recursive grammars: JSON texts of 10 KB, 100 KB and 1 MB through RFC 8259's
 * grammar (time per byte, which should not grow), 10,000 levels of "[" (the nesting limit, then
 * an answer with a higher one), and the ambiguous s = "a" s s / "" (the cubic case) at growing
 * lengths. Writes its block of BENCHMARKS.md (between <!-- bench:recursive --> markers).
 */
import * as fs from 'fs';
import * as path from 'path';
import { compileAbnf, grammarByName } from '../src/index';

/** A JSON text of about `bytes` bytes: an array of small objects with nested arrays and objects. */
function jsonText(bytes: number): string {
  const items: string[] = [];
  let n = 2;
  for (let i = 0; n < bytes; i++) {
    const s = JSON.stringify({ id: i, name: `item ${i}`, tags: ['a', 'b', i % 7], nested: { x: i * 1.5, ok: i % 2 === 0, v: null, s: 'caf\u00e9 \\"q\\"' } });
    items.push(s);
    n += s.length + 2;
  }
  return '[\n' + items.join(',\n') + '\n]';
}

/** The median of `runs` timings of `f`, in milliseconds. */
function time(f: () => unknown, runs: number): number {
  const t: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = process.hrtime.bigint();
    f();
    t.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return t.sort((a, b) => a - b)[Math.floor(t.length / 2)];
}

function main(): void {
  const json = grammarByName('json');
  const lines: string[] = ['<!-- bench:recursive -->', '## Recursive grammars', '',
    'RFC 8259\'s grammar (`grammar/json.abnf`) on generated JSON texts (an array of objects with nested arrays and',
    'objects and escaped strings), validated whole; medians of 3 runs in one process after a warm-up. Time per byte',
    'should not grow with the size (the engine is linear on grammars whose recursion starts with a token).', '',
    '| JSON text | ms | ns per byte | per byte, against 10 KB |', '|---|---|---|---|'];
  json.isValid(jsonText(20_000), 'JSON-text'); // warm-up
  let base = 0;
  for (const size of [10_000, 100_000, 1_000_000]) {
    const text = jsonText(size);
    const ms = time(() => {
      if (!json.isValid(text, 'JSON-text')) throw new Error('bench: the generated JSON text is not valid');
    }, 3);
    const perByte = (ms * 1e6) / text.length;
    if (!base) base = perByte;
    lines.push(`| ${(text.length / 1000).toFixed(0)} KB | ${ms.toFixed(1)} | ${perByte.toFixed(0)} | ${(perByte / base).toFixed(2)}× |`);
  }
  const deep = '['.repeat(10_000) + ']'.repeat(10_000);
  let limit = '';
  try {
    json.isValid(deep, 'JSON-text');
    limit = 'an answer';
  } catch (e) {
    limit = `${(e as Error).name}: ${(e as Error).message}`;
  }
  const roomy = compileAbnf(fs.readFileSync(path.join(__dirname, '..', '..', 'grammar', 'json.abnf'), 'utf8'), { maxNesting: 100_000 });
  const deepMs = time(() => roomy.isValid(deep, 'JSON-text'), 3);
  lines.push('', `10,000 levels of \`[\` (then as many \`]\`): with the default nesting limit, ${limit}; with`,
    `\`maxNesting: 100000\`, ${roomy.isValid(deep, 'JSON-text') ? 'valid' : 'invalid'} in ${deepMs.toFixed(0)} ms. Never a stack overflow: the work runs on an explicit stack.`, '');
  const s = compileAbnf('s = "a" s s / ""');
  const roomyS = compileAbnf('s = "a" s s / ""', { workLimit: 1e9 });
  lines.push('The ambiguous `s = "a" s s / ""` (every split of a run of `a` is a parse; first match picks one): the worst case',
    'is cubic, as for Earley or GLL parsers, and the table shows the curve with the work limit lifted (`workLimit: 1e9`);',
    'with the default (`workLimit` 2,000 steps a character) the last column says when the limit stops it.', '',
    '| characters | ms, no limit | against the length before | default limit |', '|---|---|---|---|');
  let prev = 0;
  for (const n of [50, 100, 200, 400]) {
    const input = 'a'.repeat(n);
    const ms = time(() => roomyS.isValid(input, 's'), 3);
    let limited = '';
    const t0 = process.hrtime.bigint();
    try {
      s.isValid(input, 's');
      limited = 'answers';
    } catch (e) {
      limited = `${(e as Error).name} after ${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(0)} ms`;
    }
    lines.push(`| ${n} | ${ms.toFixed(1)} | ${prev ? `${(ms / prev).toFixed(1)}×` : ''} | ${limited} |`);
    prev = ms;
  }
  // The shapes issue 35 found super-linear, at growing sizes: time per character, or the work limit.
  const rfc5322 = grammarByName('rfc5322');
  const shapes: Array<[string, (k: number) => string, (x: string) => boolean]> = [
    ['`list = item [ "," list ]` on `x,x,…`', (k) => 'x,'.repeat(k) + 'x', ((g) => (x: string) => g.isValid(x, 'list'))(compileAbnf('list = item [ "," list ]\nitem = "x" / "(" list ")"', { maxNesting: 1e7 }))],
    ['`s = "(" *(*s) ")"` on `(()()…)`', (k) => '(' + '()'.repeat(k) + ')', ((g) => (x: string) => g.isValid(x, 's'))(compileAbnf('s = "(" *(*s) ")"'))],
    ['`s = "(" *t ")"`, `t = *s` on `(()()…)`', (k) => '(' + '()'.repeat(k) + ')', ((g) => (x: string) => g.isValid(x, 's'))(compileAbnf('s = "(" *t ")"\nt = *s'))],
    ['`s = "a" *s` on `aaa…`', (k) => 'a'.repeat(2 * k), ((g) => (x: string) => g.isValid(x, 's'))(compileAbnf('s = "a" *s'))],
    ['rfc5322 `addr-spec`, `a` + `" \\r\\n "`… + `@b`', (k) => 'a' + ' \r\n '.repeat(k >> 1) + '@b', (x) => rfc5322.isValid(x, 'addr-spec')],
    ['rfc5322 `addr-spec`, `a@` + `"b . "`… + `c`', (k) => 'a@' + 'b . '.repeat(k >> 1) + 'c', (x) => rfc5322.isValid(x, 'addr-spec')],
  ];
  lines.push('', 'Shapes that were super-linear (issue 35), with the default limits: ns per character at about 1 KB, 4 KB and',
    '16 KB, or the limit that stopped the run.', '', '| shape | 1 KB | 4 KB | 16 KB |', '|---|---|---|---|');
  for (const [name, make, f] of shapes) {
    const cells: string[] = [];
    for (const k of [500, 2_000, 8_000]) {
      const input = make(k);
      try {
        const ms = time(() => f(input), 1);
        cells.push(`${((ms * 1e6) / input.length).toFixed(0)}`);
      } catch (e) {
        cells.push((e as Error).name);
      }
    }
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  lines.push('<!-- /bench:recursive -->');
  const block = lines.join('\n');
  const file = path.resolve(__dirname, '..', '..', 'BENCHMARKS.md');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const re = /<!-- bench:recursive -->[\s\S]*?<!-- \/bench:recursive -->/;
  fs.writeFileSync(file, re.test(text) ? text.replace(re, () => block) : text.trimEnd() + '\n\n' + block + '\n');
  console.log(block);
}

main();
