/**
 * The house's measures, as docs/ARCHITECTURE.md states them, held on the sources
 * (test/support/layout.ts reads them; each reader is tried first on a small fixture, so that a
 * check that passes is one that could fail):
 *
 * - src/engine/ has at most 12 files directly in it (the shared vocabulary; the stages are folders);
 * - no import cycles among the modules of src/ (type-only imports counted too);
 * - layers one way: src/engine/ imports nothing outside itself, and each folder imports only the
 *   folders below it (LAYERS);
 * - test/ mirrors src/: every folder of src/ has a test folder at the same path;
 * - each grammar text of grammar/ is stored once: no other committed file holds a copy;
 * - one class implements `Grammar`, and no object literal is typed as one.
 *
 * A breach is printed as the list the check expected to be empty.
 */
import * as fs from 'fs';
import * as path from 'path';
import { execFileSync } from 'child_process';
import {
  cycles, filesDirectlyIn, grammarCopies, grammarMakers, importsOf, layerBreaches, unitOf, unmirrored, type Import,
} from '../support/layout';

const ROOT = path.join(__dirname, '..', '..');

/** The files under `top` (repository-relative, `/`-separated), as they are on disk. */
function walk(top: string): string[] {
  const out: string[] = [];
  const go = (dir: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) go(p);
      else out.push(p);
    }
  };
  go(top);
  return out.sort();
}

/**
 * The layers of src/, from the bottom up; units on one line sit side by side (neither imports
 * the other). A unit is a folder of src/, or a file at its root.
 */
const LAYERS: ReadonlyArray<readonly string[]> = [
  // the grammar engine; node/: the V8 code-cache loader of the bundles (imports nothing of src/)
  ['engine', 'node'],
  // data made at build time from grammar/ (the engine's types and expression constructors)
  ['generated'],
  // RFC 3986
  ['uri'],
  // RFC 3987; lite/: the RegExp-only entry uri-grammar/lite (uri's Appendix B split, generated RegExps)
  ['iri', 'lite'],
  // the shipped grammars and their registry
  ['builtins'],
  // explanations, trees as text, railroads; index.ts: the package's entry
  ['teaching', 'index.ts'],
  // the command line; ajv.ts: the plugin, through the package's entry
  ['cli', 'ajv.ts'],
  // the CommonJS face of uri-grammar/ajv
  ['ajv-cjs.ts'],
];

/** Folders of src/ without a test folder of the same path, and why. */
const UNMIRRORED: Readonly<Record<string, string>> = {};

/** Files that may hold a grammar's text besides grammar/ itself, and why. */
const GRAMMAR_TEXT_ELSEWHERE: ReadonlyArray<[RegExp, string]> = [
  [/^test\/spec\//, 'the RFCs as published: the grammar files are checked against them, and the oracles read them'],
  [/^test\/oracles\//, 'independent readings written by hand on purpose: a reference that read grammar/ would share the mistakes it must find'],
];

describe('the readers, on fixtures', () => {
  const files = new Set(['src/a/x.ts', 'src/a/index.ts', 'src/b/y.ts', 'src/b/z.ts', 'src/c.ts', 'src/d/data.json']);

  it('importsOf: relative imports, re-exports, require and import() resolved; type-only told apart; packages left out', () => {
    const code = [
      "import { y } from '../b/y';",
      "import type { Z } from '../b/z';",
      "import { type A, type B } from '../a';",
      "import { type C, c } from '../c';",
      "export { q } from './x';",
      "export type { T } from '../b/z';",
      "import P from 'parsimmon';",
      "const d = require('../d/data.json');",
      "async function f() { return import('../b/y'); }",
      "let t: import('../c').T;",
      '// import { not } from "./comment";',
    ].join('\n');
    const got = importsOf('src/a/x.ts', code, files).map((i: Import) => `${i.to}${i.typeOnly ? ' type' : ''}${i.dynamic ? ' dynamic' : ''}`);
    expect(got).toEqual([
      'src/b/y.ts', 'src/b/z.ts type', 'src/a/index.ts type', 'src/c.ts', 'src/a/x.ts', 'src/b/z.ts type',
      'src/d/data.json dynamic', 'src/b/y.ts dynamic', 'src/c.ts type',
    ]);
  });

  it('cycles: each strongly connected set, and a module importing itself', () => {
    const edge = (from: string, to: string): Import => ({ from, to, typeOnly: false, dynamic: false });
    expect(cycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd'), edge('e', 'e'), edge('f', 'a')]))
      .toEqual([['a', 'b', 'c'], ['e']]);
    expect(cycles([edge('a', 'b'), edge('b', 'c')])).toEqual([]);
  });

  it('layerBreaches: upward, side by side and unplaced imports; downward ones pass', () => {
    const edge = (from: string, to: string, typeOnly = false): Import => ({ from, to, typeOnly, dynamic: false });
    expect(layerBreaches([
      edge('src/uri/a.ts', 'src/engine/e.ts'),
      edge('src/engine/e.ts', 'src/uri/a.ts', true),
      edge('src/iri/i.ts', 'src/lite/l.ts'),
      edge('src/index.ts', 'src/uri/a.ts'),
      edge('src/uri/a.ts', 'src/attic/old.ts'),
      edge('src/uri/a.ts', 'src/uri/b.ts'),
    ], LAYERS)).toEqual([
      'src/engine/e.ts -> src/uri/a.ts (type only): engine may not import uri (a higher layer)',
      'src/iri/i.ts -> src/lite/l.ts: iri may not import lite (side by side)',
      'src/uri/a.ts -> src/attic/old.ts: attic is on no layer',
    ]);
  });

  it('filesDirectlyIn and unmirrored', () => {
    expect(filesDirectlyIn('src/engine', ['src/engine/a.ts', 'src/engine/t/b.ts', 'src/engineX.ts'])).toEqual(['src/engine/a.ts']);
    const src = ['src/engine/a.ts', 'src/engine/t/b.ts', 'src/engine/u/c.ts', 'src/uri/d.ts', 'src/root.ts'];
    const test = ['test/engine/t/b.test.ts', 'test/uri/d.test.ts', 'test/docs/x.test.ts'];
    expect(unmirrored(src, test, {})).toEqual(['engine/u']);
    expect(unmirrored(src, test, { 'src/engine/u': 'why' })).toEqual([]);
  });

  it('grammarCopies: half the rule lines (five or more), whatever the spacing; a quoted rule is no copy', () => {
    const grammar = [
      'alpha   = "a" / beta', '        / gamma-rule', 'beta    = 1*DIGIT "." 1*DIGIT', '; a comment line here',
      'gamma-rule = "[" alpha "]"', 'delta   = *( alpha / beta )', 'epsilon = delta delta', 'zeta    = 2epsilon', 'eta     = "x"',
    ].join('\r\n');
    const others = new Map([
      ['copy.ts', `// alpha = "a" / beta\n//   / gamma-rule\n// beta = 1*DIGIT "." 1*DIGIT\n// gamma-rule = "[" alpha "]"\n// delta = *( alpha / beta )`],
      ['quote.md', 'The rule `delta = *( alpha / beta )` and `epsilon = delta delta`.'],
    ]);
    expect(grammarCopies(grammar, others)).toEqual([{ file: 'copy.ts', lines: 5, of: 7 }]);
  });

  it('grammarMakers: a class implementing Grammar; literals annotated, returned, cast or checked as one', () => {
    const code = [
      "import type { Grammar } from './types';",
      'export class One<R extends string> implements Grammar<R> {}',
      'export class Other implements Iterable<number> {}',
      'export const a: Grammar = Object.freeze({ name: "a" });',
      'export const b = ({ name: "b" }) satisfies Grammar<"x">;',
      'export function c<R extends string>(): Grammar<R> & { x: 1 } {',
      '  const g = { name: "c" };',
      '  return Object.freeze(g) as unknown as Grammar<R> & { x: 1 };',
      '}',
      'export function d(): Grammar { return { name: "d" } as never; }',
      'export const e: Grammar = new One();',
      'export const f = (g: Grammar): Grammar => g;',
      'export const h = make() as unknown as Grammar;',
      'export function k(): Grammar { const g = make(); return g; }',
      'export const m: Readonly<Record<string, () => Grammar>> = { a: () => make() };',
      'export const n: Readonly<Grammar> = { name: "n" };',
    ].join('\n');
    expect(grammarMakers('m.ts', code)).toEqual({
      classes: ['One (m.ts:2)'],
      literals: ['m.ts:4 annotated', 'm.ts:5 satisfies', 'm.ts:8 as', 'm.ts:8 returned', 'm.ts:10 returned', 'm.ts:16 annotated'],
    });
  });
});

describe('the house', () => {
  const srcFiles = walk('src');
  const fileSet = new Set(srcFiles);
  const sources = srcFiles.filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts'));
  const imports = sources.flatMap((f) => importsOf(f, fs.readFileSync(path.join(ROOT, f), 'utf8'), fileSet));

  it('reads the imports of every module of src/ (the readers see the whole tree)', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(imports.length).toBeGreaterThan(400);
    // every relative import resolves to a file (a misread would point at nothing)
    expect(imports.filter((i) => !fileSet.has(i.to) && !/\/data\/[\w-]+\.json$/.test(i.to)).map((i) => `${i.from} -> ${i.to}`)).toEqual([]);
  });

  it('src/engine/ has at most 12 files directly in it', () => {
    const root = filesDirectlyIn('src/engine', srcFiles);
    if (root.length > 12) expect(root).toHaveLength(12);
    expect(root.length).toBeGreaterThan(0);
  });

  it('no import cycles among the modules of src/, type-only imports counted', () => {
    expect(cycles(imports)).toEqual([]);
  });

  it('src/engine/ imports nothing outside src/engine/ (src/generated/ included)', () => {
    expect(imports.filter((i) => i.from.startsWith('src/engine/') && !i.to.startsWith('src/engine/')).map((i) => `${i.from} -> ${i.to}`)).toEqual([]);
  });

  it('the layers go one way: engine → generated → uri → iri → builtins → teaching → cli', () => {
    expect(layerBreaches(imports, LAYERS)).toEqual([]);
    // every unit of src/ is placed
    const units = new Set(sources.map(unitOf));
    expect([...units].filter((u) => !LAYERS.some((l) => l.includes(u)))).toEqual([]);
  });

  it('test/ mirrors src/: every folder of src/ has a test folder of the same path', () => {
    expect(unmirrored(srcFiles, walk('test'), UNMIRRORED)).toEqual([]);
  });

  it('each grammar text is stored once: no other committed file holds a copy of one', () => {
    const committed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0').filter((f) => f && fs.existsSync(path.join(ROOT, f)) && !f.startsWith('node_modules/'));
    const grammars = committed.filter((f) => /^grammar\/[^/]+\.a?bnf$/.test(f));
    expect(grammars.length).toBeGreaterThan(5);
    expect(committed).not.toContain('src/generated/texts.ts'); // generated, not committed
    const others = new Map(committed
      .filter((f) => !/^grammar\/[^/]+\.a?bnf$/.test(f) && !GRAMMAR_TEXT_ELSEWHERE.some(([re]) => re.test(f)))
      .filter((f) => /\.(ts|js|mjs|cjs|md|json|txt|html|abnf|bnf)$/.test(f) && f !== 'package-lock.json')
      .map((f) => [f, fs.readFileSync(path.join(ROOT, f), 'utf8')] as const));
    const copies = grammars.flatMap((g) => grammarCopies(fs.readFileSync(path.join(ROOT, g), 'utf8'), others)
      .map((c) => `${c.file} holds ${c.lines} of the ${c.of} rule lines of ${g}`));
    expect(copies).toEqual([]);
  });

  const makers = sources.map((f) => grammarMakers(f, fs.readFileSync(path.join(ROOT, f), 'utf8')));
  const classes = makers.flatMap((m) => m.classes);
  const literals = makers.flatMap((m) => m.literals);

  it('a class implements Grammar', () => {
    expect(classes.length).toBeGreaterThan(0);
  });

  it('exactly one class implements Grammar, and no object literal is typed as one', () => {
    expect({ classes, literals }).toEqual({ classes: [expect.any(String)], literals: [] });
  });
});
