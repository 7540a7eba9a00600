/**
 * Generated code holds no text from outside as code (src/engine/build/compiled.ts, src/engine/jsText.ts,
 * src/cli/compile.ts): each code point of a sample (all of ASCII, every line terminator, lone
 * surrogates, all of U+2000–U+206F, a seeded sample of the rest), followed by code that would set
 * a global and create a file, goes into a grammar's file name (`uri-grammar compile`), its name
 * (`--name`), its rule texts (comments), `toModule`'s `source` and `library`, and a rule name.
 * Every module written is then loaded by Node (CommonJS and ES): nothing ran, and each grammar
 * answers as `compileAbnf` of the same text does. A rule name holding anything but what a rule
 * name may hold is refused (compileAbnf, the command's options, fromCompiled).
 */
import { execFileSync } from 'child_process';
import fc from 'fast-check';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vm from 'vm';
import { run } from '../../../src/cli';
import { compileAbnf, fromCompiled, RuleGrammar, toModule, toTypes } from '../../../src/index';
import { compiledData } from '../../../src/engine/build/compiled';
import { digestOf } from '../../../src/engine/digest';

const root = path.join(__dirname, '..', '..', '..');
const built = fs.existsSync(path.join(root, 'dist', 'cjs', 'index.js'));

const range = (lo: number, hi: number): number[] => Array.from({ length: hi - lo + 1 }, (_, k) => lo + k);

/** The code points tried. */
const CODE_POINTS = [...new Set([
  ...range(0, 0x7f),
  // What ends a line in JavaScript (\n \r U+2028 U+2029), and what does elsewhere (NEL, VT, FF).
  0x0a, 0x0d, 0x2028, 0x2029, 0x85, 0x0b, 0x0c, 0xfeff,
  // Lone surrogates, high and low, at both ends.
  0xd800, 0xd83d, 0xdbff, 0xdc00, 0xde00, 0xdfff,
  // A whole block: General Punctuation (spaces, joiners, directional marks, U+2028, U+2029).
  ...range(0x2000, 0x206f),
  ...fc.sample(fc.integer({ min: 0x80, max: 0x10ffff }), { numRuns: 100, seed: 20261128 }),
])];

const char = (cp: number): string => (cp <= 0xffff ? String.fromCharCode(cp) : String.fromCodePoint(cp));

/** Text that is code if the character before it ends a line or a comment: it sets a global and creates a file. */
const payload = (c: string, k: number): string =>
  `${c}globalThis.INJECTED_${k}=1;require('fs').writeFileSync('PWNED_${k}','');<!--${c}-->${c}*${c}`;
/** The same, with what a comment or a string would end at, for the strings that are no file name. */
const payloadApi = (c: string, k: number): string =>
  `${payload(c, k)}*/globalThis.INJECTED_${k}b=1;/*\n"'\`\\u2028${c}</script>`;

/** A grammar whose rule texts hold the outside text (in comments). */
const grammarText = (p: string): string => `a = "x" b ; ${p.replace(/[\r\n]/g, ' ')}\nb = 1*DIGIT ; ${p.replace(/[\r\n]/g, ' ')}\n`;
const INPUTS = ['x1', 'x', '1', '', 'x12'];

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-injection-'));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync(root, path.join(dir, 'node_modules', 'uri-grammar'), 'dir');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What a grammar answers, as plain data. */
const SUMMARY = `(g) => ({ rules: g.rules, name: g.name, a: g.ruleText('a'), b: g.ruleText('b'),
  valid: ${JSON.stringify(INPUTS)}.map((s) => g.isValid(s, 'a')),
  errors: ${JSON.stringify(INPUTS)}.map((s) => { const v = g.validate(s, 'a'); return v.ok ? null : v.error.message; }),
  tree: JSON.parse(JSON.stringify(g.parseTree('x12', 'a'))) })`;
// eslint-disable-next-line no-new-func
const summary = new Function(`return ${SUMMARY}`)() as (g: unknown) => unknown;

/** Every line a JavaScript parser sees in `text` (it ends lines at \r, \n, U+2028 and U+2029). */
const jsLines = (text: string): string[] => text.split(/\r\n|[\n\r\u2028\u2029]/);

describe('generated code holds no outside text as code', () => {
  if (!built) throw new Error('dist/ is missing: the test command builds first (npm test)');

  it(`for each of ${CODE_POINTS.length} code points in a file name, a grammar name, rule texts, source and library: nothing runs, the grammar answers as compileAbnf`, async () => {
    const want: Record<string, unknown> = {};
    const modules: string[] = [];
    for (const [k, cp] of CODE_POINTS.entries()) {
      const c = char(cp);
      const p = payloadApi(c, k);
      const text = grammarText(p);
      const g = compileAbnf(text, { name: p });
      const expected = summary(g);
      // The API: toModule's source, both formats, and toTypes.
      for (const format of ['cjs', 'esm'] as const) {
        const file = `api-${k}.${format === 'esm' ? 'mjs' : 'js'}`;
        const module = toModule(g, { format, source: p });
        // The first line is the comment, whole, in printable ASCII.
        expect({ cp, line: jsLines(module)[0] }).toEqual({ cp, line: module.slice(0, module.indexOf('\n')) });
        expect({ cp, ok: /^[\x20-\x7e]*$/.test(jsLines(module)[0]) }).toEqual({ cp, ok: true });
        fs.writeFileSync(path.join(dir, file), module);
        modules.push(file);
        want[file] = expected;
      }
      const types = toTypes(g, { source: p });
      expect({ cp, lines: jsLines(types) }).toEqual({ cp, lines: types.split('\n') });
      expect({ cp, ok: types.split('\n').every((l) => /^[\x20-\x7e]*$/.test(l)) }).toEqual({ cp, ok: true });
      // The library's name: given to require as it is, and nothing else runs.
      const withLibrary = toModule(g, { source: p, library: p });
      const asked: string[] = [];
      const m = { exports: {} as unknown };
      const sandbox = { module: m, require: (name: string) => { asked.push(name); return { fromCompiled }; } };
      vm.runInNewContext(withLibrary, sandbox);
      expect({ cp, asked, globals: Object.keys(sandbox) }).toEqual({ cp, asked: [p], globals: ['module', 'require'] });
      expect(summary(m.exports)).toEqual(expected);
      // The command line: the grammar's file name (where a file name can hold the character) and --name.
      if (cp !== 0 && cp !== 0x2f) {
        const fp = payload(c, k);
        const source = path.join(dir, `g${fp}.abnf`);
        fs.writeFileSync(source, grammarText(fp));
        const out = path.join(dir, `cli-${k}.js`);
        const err: string[] = [];
        const status = await run(['compile', source, '--out', out, '--name', fp], { out: () => undefined, err: (l) => err.push(l) });
        expect({ cp, status, err: err.join('\n') }).toEqual({ cp, status: 0, err: expect.stringMatching(/^wrote /) });
        modules.push(path.basename(out));
        // (The file as written: a lone surrogate goes to disk, and comes back, as U+FFFD.)
        want[path.basename(out)] = summary(compileAbnf(fs.readFileSync(source, 'utf8'), { name: fp }));
      }
    }
    // Each module loaded by Node as a program loads it, in a process of its own.
    const script = `(async () => {
      const summary = ${SUMMARY};
      const got = {};
      for (const file of ${JSON.stringify(modules)}) {
        const url = require('url').pathToFileURL(require('path').join(process.cwd(), file)).href;
        const g = file.endsWith('.mjs') ? (await import(url)).default : require('./' + file);
        got[file] = summary(g);
      }
      got.globals = Object.keys(globalThis).filter((k) => k.startsWith('INJECTED'));
      process.stdout.write(JSON.stringify(got));
    })().catch((e) => { process.stderr.write(String(e && e.stack)); process.exit(1); });`;
    const got = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 }));
    expect(got.globals).toEqual([]);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('PWNED'))).toEqual([]);
    for (const file of modules) expect({ file, got: got[file] }).toEqual({ file, got: want[file] });
  });

  it('a rule name holding anything else than a rule name may hold is refused: by compileAbnf, the command, and fromCompiled', async () => {
    const source = path.join(dir, 'plain.abnf');
    fs.writeFileSync(source, 'a = "x"\n');
    const good = compiledData(compileAbnf('a = "x"\n'));
    for (const [k, cp] of CODE_POINTS.entries()) {
      const c = char(cp);
      const name = `a${c}globalThis.INJECTED_${k}=1;`;
      // compileAbnf: a rule name ends where its characters do; what follows is not "=".
      let thrown: unknown;
      try { compileAbnf(`${name} = "x"\n`); } catch (e) { thrown = e; }
      expect({ cp, error: (thrown as Error | undefined)?.name }).toEqual({ cp, error: 'AbnfSyntaxError' });
      // The command: a rule it names that the grammar does not have is wrong usage (exit 2).
      const err: string[] = [];
      const status = await run(['compile', source, '--plan', name], { out: () => undefined, err: (l) => err.push(l) });
      expect({ cp, status }).toEqual({ cp, status: 2 });
      // fromCompiled: data whose rule is so named, digest and all, is refused on load.
      const { digest: _d, ...rest } = { ...good, rules: [name], exprs: { [name]: good.exprs.a }, texts: {}, tables: undefined };
      const data = { digest: digestOf(JSON.stringify(rest)), ...rest };
      expect(() => fromCompiled(data as never)).toThrow(/not a rule name/);
      // toModule: a grammar made by hand with such a rule is not written.
      const byHand = new RuleGrammar({ [name]: { t: 'lit', text: 'x' } } as never, [name]);
      expect(() => toModule(byHand)).toThrow(/^toModule: rule name .* is not a rule name/);
    }
    expect(Object.keys(globalThis).filter((k) => k.startsWith('INJECTED'))).toEqual([]);
  });
});
