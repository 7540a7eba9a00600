/**
 * Precompiled data that was changed is refused, not trusted (src/engine/build/compiled.ts,
 * src/engine/digest.ts): the data carries the digest of its JSON text, checked on load, so one
 * edited digit of a table is a TypeError, not a grammar whose verdicts and trees disagree; data
 * whose digest was made again is still refused where its rule names are ill-formed or given twice,
 * or its rules are left-recursive, as compileAbnf refuses them.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { compileAbnf, fromCompiled, toModule, COMPILED_VERSION, type CompiledGrammar } from '../../../src/index';
import { compiledData } from '../../../src/engine/build/compiled';
import { digestOf } from '../../../src/engine/digest';
import { RFC2396_COMPILED } from '../../../src/generated/rfc2396Compiled';
import { RFC2732_COMPILED } from '../../../src/generated/rfc2732Compiled';
import { RFC3987_COMPILED } from '../../../src/generated/rfc3987Compiled';
import { RFC6874_COMPILED } from '../../../src/generated/rfc6874Compiled';

const root = path.join(__dirname, '..', '..', '..');

/** Data changed on purpose, its digest made again (what only someone who means it can do). */
function sealed(data: object): CompiledGrammar {
  const { digest: _old, ...rest } = data as { digest?: string };
  return { digest: digestOf(JSON.stringify(rest)), ...rest } as CompiledGrammar;
}

const g = compileAbnf('greeting = "hello" 1*SP name\nname = 1*ALPHA\n', { name: 'greeting' });
const data = compiledData(g);
const text = JSON.stringify(data);

/** The text with one character edited where `marker` ends (by default the first of the tables' `accepting`). */
function editedAccepting(t: string, marker = '"accepting":"'): string {
  const at = t.indexOf(marker) + marker.length;
  expect(at).toBeGreaterThanOrEqual(marker.length);
  return t.slice(0, at) + (t[at] === '0' ? '1' : '0') + t.slice(at + 1);
}

describe('a digest of the data, checked on load', () => {
  it('data as written loads, as text and as an object', () => {
    expect(data.digest).toMatch(/^[0-9a-f]{16}$/);
    expect(text.startsWith(`{"digest":"${data.digest}","format":"uri-grammar/compiled"`)).toBe(true);
    expect(fromCompiled(text).isValid('hello  World', 'greeting')).toBe(true);
    expect(fromCompiled(JSON.parse(text)).isValid('hello  World', 'greeting')).toBe(true);
  });

  it('one edited character of a table is refused, as text and as an object (not a grammar whose verdict and tree disagree)', () => {
    const edited = editedAccepting(text);
    expect(() => fromCompiled(edited)).toThrow(TypeError);
    expect(() => fromCompiled(edited)).toThrow(/changed after it was written .*refused, not trusted/);
    expect(() => fromCompiled(JSON.parse(edited))).toThrow(/changed after it was written/);
  });

  it('any one character changed, removed or added anywhere after the digest is refused', () => {
    const body = text.indexOf(',"format"');
    for (let k = body; k < text.length; k += 7) {
      const variants = [text.slice(0, k) + text.slice(k + 1), text.slice(0, k) + ' ' + text.slice(k), text.slice(0, k) + (text[k] === 'a' ? 'b' : 'a') + text.slice(k + 1)];
      for (const v of variants) {
        // A change that JSON.parse refuses is refused as such; every other one by the digest.
        expect(() => fromCompiled(v)).toThrow(TypeError);
      }
    }
  });

  it('a module toModule wrote, one digit edited in its text, fails when it runs', () => {
    const module = toModule(g, { library: path.join(root, 'src', 'index') });
    const at = module.indexOf('\\"accepting\\":\\"') + '\\"accepting\\":\\"'.length;
    const edited = module.slice(0, at) + (module[at] === '0' ? '1' : '0') + module.slice(at + 1);
    // The module text, run as Node runs a CommonJS file (its require resolves the library's source here).
    const run = (m: string): boolean => {
      const mod = { exports: {} as unknown };
      new Function('module', 'exports', 'require', m)(mod, mod.exports, require);
      return (mod.exports as { isValid(s: string, r: string): boolean }).isValid('hello x', 'greeting');
    };
    expect(run(module)).toBe(true);
    expect(() => run(edited)).toThrow(/changed after it was written/);
  });

  it('data with no digest, or of the version before digests, is refused with what to do', () => {
    const { digest: _d, ...rest } = data;
    expect(() => fromCompiled(rest as never)).toThrow(/no digest/);
    expect(() => fromCompiled(JSON.stringify(rest))).toThrow(/no digest/);
    expect(() => fromCompiled({ ...rest, version: 1 } as never)).toThrow(new RegExp(`version 1, this library reads ${COMPILED_VERSION}.*uri-grammar compile`));
    expect(() => fromCompiled({ ...data, digest: 'x'.repeat(16) })).toThrow(/no digest/);
  });

  it('the data this library ships carries its digest (src/generated/, written by scripts/generate-compiled.ts)', () => {
    for (const shipped of [RFC2396_COMPILED, RFC2732_COMPILED, RFC6874_COMPILED, RFC3987_COMPILED]) {
      expect(fromCompiled(shipped).rules.length).toBeGreaterThan(10);
      expect(() => fromCompiled(editedAccepting(shipped, shipped.includes('"accepting"') ? '"accepting":"' : '"name":"'))).toThrow(/changed after it was written/);
    }
  });
});

describe('what the digest cannot vouch for is checked on load', () => {
  const base = compiledData(compileAbnf('s = "(" s ")" / t\nt = 1*"a"\n'));

  it.each([
    ['an empty name', ''],
    ['a name that begins with a digit', '1a'],
    ['a name with a space', 'a b'],
    ['a name with a dot', 'a.b'],
    ['a name with a line terminator', 'a\u2028b'],
  ])('an ill-formed rule name (%s) is refused', (_what, name) => {
    const bad = sealed({ ...base, rules: [...base.rules, name], exprs: { ...base.exprs, [name]: ['l', 'x'] } });
    expect(() => fromCompiled(bad)).toThrow(/is not a rule name/);
  });

  it('a rule given twice, in any case, is refused', () => {
    expect(() => fromCompiled(sealed({ ...base, rules: [...base.rules, 't'] }))).toThrow(/rule "t" is defined twice/);
    expect(() => fromCompiled(sealed({ ...base, rules: [...base.rules, 'T'], exprs: { ...base.exprs, T: ['l', 'x'] } }))).toThrow(/rule "T" is defined twice/);
  });

  it.each([
    ['direct', 's = s "x" / "y"\n', { s: ['a', ['s', ['f', 's'], ['l', 'x']], ['l', 'y']] }],
    ['through another rule', 'a = b "x" / "z"\nb = a "y" / "w"\n', { a: ['a', ['s', ['f', 'b'], ['l', 'x']], ['l', 'z']], b: ['a', ['s', ['f', 'a'], ['l', 'y']], ['l', 'w']] }],
    ['after a prefix that can be empty', 'a = *"x" a "y" / "z"\n', { a: ['a', ['s', ['r', ['l', 'x'], 0, null], ['f', 'a'], ['l', 'y']], ['l', 'z']] }],
  ])('left recursion (%s) is refused with the error compileAbnf gives', (_what, grammar, exprs) => {
    let reason = '';
    try {
      compileAbnf(grammar);
    } catch (e) {
      reason = (e as { reason: string }).reason;
    }
    expect(reason).toMatch(/^left recursion: /);
    const rules = Object.keys(exprs);
    const bad = sealed({ ...base, rules, exprs, texts: {}, tables: undefined, recursive: [] });
    expect(() => fromCompiled(bad)).toThrow(new TypeError(`fromCompiled: ${reason}`));
    expect(() => fromCompiled(JSON.stringify(bad))).toThrow(new TypeError(`fromCompiled: ${reason}`));
  });

  it('recursion that is not left recursion still loads', () => {
    expect(fromCompiled(sealed(base)).isValid('((aa))', 's')).toBe(true);
  });
});

// The module's loader, as a program runs it: a separate process, the built package.
describe('a tampered module in a program', () => {
  const built = fs.existsSync(path.join(root, 'dist', 'cjs', 'index.js'));
  if (!built) throw new Error('dist/ is missing: the test command builds first (npm test)');
  it('fails to load with the digest error, where before it gave isValid false and a tree', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-tamper-'));
    try {
      fs.mkdirSync(path.join(dir, 'node_modules'));
      fs.symlinkSync(root, path.join(dir, 'node_modules', 'uri-grammar'), 'dir');
      const module = toModule(g);
      const at = module.indexOf('\\"accepting\\":\\"') + '\\"accepting\\":\\"'.length;
      fs.writeFileSync(path.join(dir, 'g.js'), module.slice(0, at) + (module[at] === '0' ? '1' : '0') + module.slice(at + 1));
      const out = execFileSync(process.execPath, ['-e', `try { const g = require('./g.js'); console.log('loaded', g.isValid('hello x', 'greeting'), !!g.parseTree('hello x', 'greeting')); } catch (e) { console.log(e.name, e.message); }`],
        { cwd: dir, encoding: 'utf8' });
      expect(out).toMatch(/^TypeError fromCompiled: the compiled grammar was changed after it was written/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
