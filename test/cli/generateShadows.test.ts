/**
 * `uri-grammar generate` and `uri-grammar shadows` (src/cli/generate.ts, src/cli/shadows.ts), run
 * in process on a small grammar with planted shadowing: every string `generate` prints is checked
 * valid (or, as a near-miss, invalid at its offset) by the engine and by the independent reference
 * in test/oracles; the shadow report and the exit statuses are checked line for line.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { run } from '../../src/cli';
import { escapeLine } from '../../src/cli/generate';
import { compileAbnf, grammarByName } from '../../src/index';
import { referenceErrorIndex, referenceTree, toAbnf, type Rules } from '../oracles/backtrack';
import { oracleErrorIndex, oracleTest } from '../oracles/rfc3986';

async function cli(...argv: string[]): Promise<{ status: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out, err };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-generate-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => { const p = path.join(dir, name); fs.writeFileSync(p, text); return p; };

/** A line of `generate` back to its string (the escapes of src/cli/generate.ts). */
const unescape = (line: string) => line.replace(/\\(\\|t|n|r|u[0-9A-F]{4})/g, (_, e: string) =>
  e === '\\' ? '\\' : e === 't' ? '\t' : e === 'n' ? '\n' : e === 'r' ? '\r' : String.fromCharCode(parseInt(e.slice(1), 16)));

/** Planted: r's `b` overlaps `a` on digits (so b's own `1*digit` is never taken under r); c's third alternative is shadowed by its first. */
const planted: Rules = {
  r: { t: 'alt', items: [{ t: 'ref', name: 'a' }, { t: 'ref', name: 'b' }] },
  a: { t: 'rep', item: { t: 'ref', name: 'digit' }, min: 1, max: Infinity },
  b: { t: 'alt', items: [{ t: 'rep', item: { t: 'ref', name: 'digit' }, min: 1, max: Infinity }, { t: 'lit', s: 'x' }] },
  c: { t: 'alt', items: [{ t: 'lit', s: 'ab' }, { t: 'lit', s: 'a' }, { t: 'seq', items: [{ t: 'lit', s: 'a' }, { t: 'lit', s: 'b' }] }] },
  digit: { t: 'range', lo: 0x30, hi: 0x39 },
};
/** Control characters and a backslash in the language: they must come out escaped. */
const controls: Rules = {
  t: { t: 'alt', items: [{ t: 'seq', items: [{ t: 'lit', s: 'a' }, { t: 'range', lo: 9, hi: 9 }, { t: 'lit', s: 'b' }] }, { t: 'range', lo: 0x5c, hi: 0x5c }, { t: 'range', lo: 0, hi: 1 }] },
};
const plantedFile = file('planted.abnf', toAbnf(planted));
const controlsFile = file('controls.abnf', toAbnf(controls));

/** Every line checked: a valid string by engine and reference, a near-miss refused by both at the same offset. */
function checkLines(lines: readonly string[], rules: Rules, rule: string, abnf: string): { valid: string[]; misses: string[] } {
  const engine = compileAbnf(abnf);
  const valid: string[] = [];
  const misses: string[] = [];
  for (const line of lines) {
    const fields = line.split('\t');
    if (fields.length === 1) {
      const s = unescape(line);
      expect({ s, engine: engine.isValid(s, rule), reference: referenceTree(rules, rule, s) !== undefined }).toEqual({ s, engine: true, reference: true });
      valid.push(s);
    } else {
      expect(fields.length).toBe(3);
      expect(fields[0]).toBe('near-miss');
      const s = unescape(fields[2]);
      const offset = Number(/^offset (\d+)$/.exec(fields[1])![1]);
      expect({ s, engine: engine.isValid(s, rule), reference: referenceTree(rules, rule, s) !== undefined }).toEqual({ s, engine: false, reference: false });
      expect({ s, offset }).toEqual({ s, offset: referenceErrorIndex(rules, rule, s) });
      misses.push(s);
    }
  }
  return { valid, misses };
}

describe('uri-grammar generate', () => {
  it('covers r by default: the strings, one a line; the targets first match never takes, on stderr', async () => {
    const r = await cli('--grammar', plantedFile, 'generate', '--rule', 'r');
    expect(r.status).toBe(0);
    expect(r.out).toEqual(['0', 'x', '09']);
    expect(checkLines(r.out, planted, 'r', toAbnf(planted)).valid).toHaveLength(3);
    expect(r.err[0]).toBe('uri-grammar: 3 targets no string covers (first match never takes them in the strings tried up to 256 characters; uri-grammar shadows --rule r says which are shadowed):');
    expect(r.err[1]).toBe('  b: alternative 1 (1*digit)');
  });

  it('--near-misses: each refused string with its offset, as the engine and the reference give it', async () => {
    const r = await cli('--grammar', plantedFile, 'generate', '--rule', 'r', '--near-misses');
    expect(r.status).toBe(0);
    const { valid, misses } = checkLines(r.out, planted, 'r', toAbnf(planted));
    expect(valid).toEqual(['0', 'x', '09']);
    expect(misses.length).toBeGreaterThan(0);
    expect(r.out.slice(3)).toEqual(['near-miss\toffset 1\t0#', 'near-miss\toffset 1\tx.', 'near-miss\toffset 0\t"09']);
  });

  it('--count N --seed S: random strings, the same for the same seed, with near-misses', async () => {
    const a = await cli('--grammar', plantedFile, 'generate', '--rule', 'r', '--count', '5', '--seed', '3', '--near-misses');
    const b = await cli('--grammar', plantedFile, 'generate', '--rule', 'r', '--count', '5', '--seed', '3', '--near-misses');
    expect(a.status).toBe(0);
    expect(a.out).toEqual(b.out);
    const { valid, misses } = checkLines(a.out, planted, 'r', toAbnf(planted));
    expect(valid).toHaveLength(5);
    expect(misses).toHaveLength(5);
    const long = await cli('--grammar', plantedFile, 'generate', '--rule', 'a', '--count', '30', '--max-length', '2');
    expect(long.out).toHaveLength(30);
    expect(long.out.every((l) => /^[0-9]{1,2}$/.test(l))).toBe(true);
  });

  it('control characters and backslashes come out escaped, never raw', async () => {
    const r = await cli('--grammar', controlsFile, 'generate', '--rule', 't', '--near-misses');
    expect(r.status).toBe(0);
    expect(r.out.slice(0, 4).sort()).toEqual(['\\\\', '\\u0000', '\\u0001', 'a\\tb']);
    for (const line of r.out) expect(line).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/);
    checkLines(r.out, controls, 't', toAbnf(controls));
    expect(escapeLine('\r\n\u2028\ud800x\u{1F600}\u00e9')).toBe('\\r\\n\\u2028\\uD800x\u{1F600}\u00e9');
  });

  it('RFC 3986 URI-reference by default: every string valid for the engine and the RFC 3986 reference', async () => {
    const r = await cli('generate', '--near-misses');
    expect(r.status).toBe(0);
    expect(r.err).toEqual([]);
    const rfc3986 = grammarByName('rfc3986');
    let valid = 0;
    for (const line of r.out) {
      const fields = line.split('\t');
      const s = unescape(fields[fields.length - 1]);
      const ok = fields.length === 1;
      expect({ s, engine: rfc3986.isValid(s, 'URI-reference'), reference: oracleTest('URI-reference', s) }).toEqual({ s, engine: ok, reference: ok });
      if (ok) valid++;
      else expect({ s, offset: fields[1] }).toEqual({ s, offset: `offset ${oracleErrorIndex('URI-reference', s)}` });
    }
    expect(valid).toBeGreaterThan(0);
    expect(valid).toBeLessThanOrEqual(300);
  });

  it('wrong usage exits 2 with one line', async () => {
    for (const argv of [['--count', '0'], ['--count', 'x'], ['--cover', '--count', '3'], ['--seed', '-1'], ['--max-length', '1.5'], ['--rule', 'nope'], ['extra']]) {
      const r = await cli('--grammar', plantedFile, 'generate', ...argv);
      expect({ argv, status: r.status, lines: r.err.length }).toEqual({ argv, status: 2, lines: 1 });
    }
    expect((await cli('--grammar', plantedFile, 'generate', '--cover', '--count', '3')).err[0]).toBe('uri-grammar: generate: --cover and --count exclude each other (--count gives random strings)');
  });
});

describe('help', () => {
  it('lists both commands, their options and the grammar\'s rules', async () => {
    const all = await cli('--help');
    expect(all.out[0]).toMatch(/\n {2}generate +strings of a rule/);
    expect(all.out[0]).toMatch(/\n {2}shadows +alternatives first match never takes/);
    const g = await cli('--grammar', plantedFile, 'generate', '--help');
    expect(g.out[0]).toMatch(/^usage: uri-grammar generate \[--rule R\] \[--cover \| --count N\]/);
    expect(g.out[0]).toMatch(/rules \(.*planted\.abnf\) \(default r\):\n {2}r a b c digit/);
    const s = await cli('--grammar', plantedFile, 'shadows', '--help');
    expect(s.out[0]).toMatch(/--max-states N/);
    expect(s.out[0]).toMatch(/rules \(.*planted\.abnf\):\n {2}r a b c digit/);
  });
});

describe('uri-grammar shadows', () => {
  it('the whole grammar: the shadowed alternative with its witness and reason, the overlaps; exit 1', async () => {
    const r = await cli('--grammar', plantedFile, 'shadows');
    expect(r.status).toBe(1);
    expect(r.out).toEqual([
      'overlap    r: 2. b  witness "0"  1. a matches it too, and is tried first (proved)',
      'shadowed   c: 3. "a" "b"  witness "ab"  1. "ab" matches every string it does, and is tried first (proved)',
      '1 alternative never taken (1 shadowed, 0 unreached), 1 overlap, in 5 rules',
    ]);
    // The witnesses are what the report says, by the reference: "0" is an a and a b; "ab" is "ab" and "a" "b".
    const only = (e: Rules[string]): Rules => ({ ...planted, x: e });
    for (const name of ['a', 'b']) expect(referenceTree(only({ t: 'ref', name }), 'x', '0')).toBeDefined();
    expect(referenceTree(only((planted.c as { items: Rules[string][] }).items[0]), 'x', 'ab')).toBeDefined();
    expect(referenceTree(only((planted.c as { items: Rules[string][] }).items[2]), 'x', 'ab')).toBeDefined();
  });

  it('--rule r: the overlap, and b\'s 1*digit unreached under r; exit 1', async () => {
    const r = await cli('--grammar', plantedFile, 'shadows', '--rule', 'r');
    expect(r.status).toBe(1);
    expect(r.out).toEqual([
      'overlap    r: 2. b  witness "0"  1. a matches it too, and is tried first (proved)',
      'unreached  b: 1. 1*digit  no string of r tried gets first match to take it: earlier choices around it take each one (bounded search)',
      '1 alternative never taken (0 shadowed, 1 unreached), 1 overlap, in the rules r reaches',
    ]);
    // On the reference's first-match tree, a digit string as r is an a, never a b.
    for (const s of ['0', '09', '123']) expect(referenceTree(planted, 'r', s)!.children.map((n) => n.rule)).toEqual(['a']);
  });

  it('no alternative never taken: exit 0', async () => {
    const r = await cli('--grammar', plantedFile, 'shadows', '--rule', 'a');
    expect(r.status).toBe(0);
    expect(r.out).toEqual(['no alternative never taken (0 shadowed, 0 unreached), 0 overlaps, in the rules a reaches']);
  });

  it('wrong usage exits 2', async () => {
    expect((await cli('--grammar', plantedFile, 'shadows', '--rule', 'nope')).status).toBe(2);
    expect((await cli('--grammar', plantedFile, 'shadows', '--max-states', '0')).status).toBe(2);
    expect((await cli('--grammar', plantedFile, 'shadows', 'extra')).status).toBe(2);
  });
});
