/**
 * `npm run bench:startup`: what a fresh process pays before its first answer (a config loader or a
 * command-line tool pays it on every start). Two measures, each the median of many fresh
 * processes, the libraries interleaved round by round so that load on the machine hits all alike:
 *
 * - whole process: wall time from spawn to exit of `node` running a script that requires the
 *   library and calls validation, parse, resolve and normalize once each on short inputs, side by
 *   side with uri-js and fast-uri doing the same (their `parse` stands in for validation), and an
 *   empty `node` for reference; and the same as ES module programs (`.mjs` files) that `import`
 *   the functions, which Node serves from its ES module loader (for uri-grammar the "node"
 *   condition of package.json's exports: dist/cjs/index.mjs, see scripts/node-esm.js);
 * - first call: inside a fresh process, the time of `require` and then of one function's first
 *   call on a short input (one function a process, so no call warms another's caches).
 *
 * Writes the "Cold start" section of BENCHMARKS.md. No test asserts a timing.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { replaceSection } from './markdown';

const ROOT = path.join(__dirname, '..', '..');
// What `require('uri-grammar')` gives a user: package.json's exports, dist/cjs/entry.js, which
// loads the CommonJS bundle dist/cjs/index.js with its code cache (scripts/bundle.js,
// scripts/code-cache.js). The children run in ROOT, where the package's name resolves to itself,
// so they require it by name, as uri-js and fast-uri are.
const OWN = require.resolve('uri-grammar', { paths: [ROOT] });
if (!/[\\/]dist[\\/]cjs[\\/]entry\.js$/.test(OWN)) throw new Error(`bench:startup: require('uri-grammar') resolves to ${OWN}, not the entry dist/cjs/entry.js`);
const ROUNDS = Number(process.env.STARTUP_ROUNDS ?? 21);
// The ES module programs are files (an `.mjs` file is what a "type": "module" program runs) in a
// folder of ROOT's package scope, so that they import the package by name, as users do.
const PROGRAMS = path.join(ROOT, 'dist', 'bench', 'startup-programs');

const SCRIPTS: Record<string, string> = {
  'node (empty)': '',
  'uri-grammar': `const u = require('uri-grammar');
if (!u.isValid('https://example.com/a?b#c')) throw 1;
u.parse('https://user@example.com:8080/a/b?q=1#f');
u.resolve('http://a/b/c/d;p?q', '../g');
u.normalize('HTTP://Example.COM/a/./b/../%7e');`,
  'uri-js': `const u = require('uri-js');
if (u.parse('https://example.com/a?b#c').error) throw 1;
u.parse('https://user@example.com:8080/a/b?q=1#f');
u.resolve('http://a/b/c/d;p?q', '../g');
u.normalize('HTTP://Example.COM/a/./b/../%7e');`,
  'fast-uri': `const u = require('fast-uri');
if (u.parse('https://example.com/a?b#c').error) throw 1;
u.parse('https://user@example.com:8080/a/b?q=1#f');
u.resolve('http://a/b/c/d;p?q', '../g');
u.normalize('HTTP://Example.COM/a/./b/../%7e');`,
};

/** The same programs as ES modules: named imports (uri-js's CommonJS file names them for Node's import; fast-uri's has a default export). */
const CALLS = `
if (!isValid('https://example.com/a?b#c')) throw 1;
parse('https://user@example.com:8080/a/b?q=1#f');
resolve('http://a/b/c/d;p?q', '../g');
normalize('HTTP://Example.COM/a/./b/../%7e');`;
const IMPORTS: Record<string, string> = {
  'node (empty)': '',
  'uri-grammar': `import { isValid, parse, resolve, normalize } from 'uri-grammar';${CALLS}`,
  // For reference: the tree-shakable build, which Node's `import` loaded before (about 60 files).
  'uri-grammar, unbundled `dist/esm`': `import { isValid, parse, resolve, normalize } from '../../esm/src/index.js';${CALLS}`,
  'uri-js': `import { parse, resolve, normalize } from 'uri-js';
const isValid = (s) => !parse(s).error;${CALLS}`,
  'fast-uri': `import fastUri from 'fast-uri';
const { parse, resolve, normalize } = fastUri;
const isValid = (s) => !parse(s).error;${CALLS}`,
};
/** `import` of the package itself, timed inside a fresh process. */
const IMPORT_ITSELF = `const t0 = performance.now();
await import('uri-grammar');
process.stdout.write(JSON.stringify([performance.now() - t0, import.meta.resolve('uri-grammar')]));`;

/** One function's first call after require, in its own process. */
const FIRST_CALLS: Record<string, string> = {
  isValid: `u.isValid('https://example.com/a?b#c')`,
  validate: `u.validate('http://a b')`,
  parseTree: `u.parseTree('https://example.com/a?b#c')`,
  parse: `u.parse('https://user@example.com:8080/a/b?q=1#f')`,
  recompose: `u.recompose({ scheme: 'http', host: 'h', path: '/p' })`,
  resolve: `u.resolve('http://a/b/c/d;p?q', '../g')`,
  normalize: `u.normalize('HTTP://Example.COM/a/./b/../%7e')`,
  equivalent: `u.equivalent('http://a/', 'HTTP://A:80/')`,
  percentEncode: `u.percentEncode('a b/c', 'segment')`,
  percentDecode: `u.percentDecode('a%20b')`,
  redact: `u.redact('https://u:p@h/')`,
};
const firstCallScript = (call: string) => `const t0 = process.hrtime.bigint();
const u = require('uri-grammar');
const t1 = process.hrtime.bigint();
${call};
const t2 = process.hrtime.bigint();
process.stdout.write(JSON.stringify([Number(t1 - t0) / 1e6, Number(t2 - t1) / 1e6]));`;

/**
 * Issue 20's first answers of the other grammars, each in a fresh process after `require` (the
 * library's own start is the rows above): a shipped grammar's first `isValid` and then its first
 * `parseTree`, or its `parseTree` as the process's first call; `compileAbnf` of RFC 3986's text
 * with its first `isValid` and `parseTree`; a module written by `toModule` (a tree plan from the
 * first 300 real URIs, as `uri-grammar compile --samples` writes it), `require`d with its first
 * `isValid` and `parseTree`.
 */
const SHIPPED: Array<[string, string, string]> = [
  ['rfc2396', 'URI-reference', 'http://example.com/a/b?c#d'],
  ['rfc2732', 'URI-reference', 'http://[::1]:8080/a?b#c'],
  ['rfc6874', 'URI-reference', 'http://[fe80::1%25eth0]/a?b#c'],
  ['rfc3987', 'IRI-reference', 'http://b\u00fccher.example/stra\u00dfe?q#f'],
];
const timed = (setup: string, steps: string[]) => `const u = require('uri-grammar');
${setup}
const out = [];
let t = process.hrtime.bigint();
${steps.map((step) => `${step};
out.push(Number(process.hrtime.bigint() - t) / 1e6); t = process.hrtime.bigint();`).join('\n')}
process.stdout.write(JSON.stringify(out));`;
const MODULE = path.join(PROGRAMS, 'rfc3986-compiled.js');
/**
 * `require` alone, each library in its own fresh process, timed inside it (issue 37: uri-grammar's
 * at most uri-js's). Nothing else runs in the process, so no call's work is counted. The two
 * empty packages (FLOORS) are found through PROGRAMS/node_modules, put on the search path before
 * the clock starts, and for their rows only (a library's `require` would look there first too).
 */
const requireAlone = (statement: string, floor: boolean) => `${floor ? `module.paths.unshift(${JSON.stringify(path.join(PROGRAMS, 'node_modules'))});\n` : ''}\
const t0 = process.hrtime.bigint(); ${statement}; process.stdout.write(String(Number(process.hrtime.bigint() - t0) / 1e6));`;
/**
 * Two packages with nothing in them (an empty module), one with a one-entry `exports` map and one
 * without: what Node's `require` of any package costs, and what resolving a name through an
 * `exports` map adds (Node loads its ES module resolver and compiles the RegExps it checks an
 * export's target with, once a process). uri-grammar has an `exports` map, uri-js and fast-uri have none.
 */
const FLOORS: Record<string, Record<string, unknown>> = {
  'empty-with-exports': { name: 'empty-with-exports', version: '1.0.0', main: 'index.js', exports: { '.': { require: './index.js' } } },
  'empty-without-exports': { name: 'empty-without-exports', version: '1.0.0', main: 'index.js' },
};
/** The rows of the two empty packages (FLOORS), by package. */
const FLOOR_ROWS: Record<string, string> = {
  'an empty package with an `exports` map': 'empty-with-exports',
  'an empty package without one': 'empty-without-exports',
};
/**
 * The rows: each library's `require`, and uri-grammar's with an export read at once (a
 * destructuring `require`), which loads its main bundle (entry.js loads it on the first read);
 * then the two empty packages (FLOOR_ROWS).
 */
const REQUIRE_ALONE: Record<string, string> = {
  'uri-grammar': "require('uri-grammar')",
  'uri-grammar, `const { isValid } = require(…)`': "const { isValid } = require('uri-grammar')",
  'uri-js': "require('uri-js')",
  'fast-uri': "require('fast-uri')",
  ...Object.fromEntries(Object.entries(FLOOR_ROWS).map(([row, pkg]) => [row, `require(${JSON.stringify(pkg)})`])),
};
function grammarFirsts(): Record<string, [string, string]> {
  const scripts: Record<string, [string, string]> = {};
  for (const [g, rule, input] of SHIPPED) {
    const q = (x: string) => JSON.stringify(x);
    scripts[`${g}: isValid, then parseTree`] = [timed('', [`u.${g}.isValid("${input}", ${q(rule)})`, `u.${g}.parseTree("${input}", ${q(rule)})`]), 'both'];
    scripts[`${g}: parseTree first`] = [timed('', [`u.${g}.parseTree("${input}", ${q(rule)})`]), 'one'];
  }
  // Issue 37: not only an easy input. Each its own fresh process: the first tree of an IPv6
  // literal, of a dec-octet edge (256.1.1.1 is a reg-name), of a long query.
  for (const [label, input] of COLD_INPUTS) {
    scripts[`compileAbnf(rfc3986.abnf), isValid, parseTree: ${label}`] = [
      timed(`const text = require('fs').readFileSync(${JSON.stringify(path.join(ROOT, 'grammar', 'rfc3986.abnf'))}, 'utf8');`,
        [`const g = u.compileAbnf(text); g.isValid(${JSON.stringify(input)}, 'URI-reference'); g.parseTree(${JSON.stringify(input)}, 'URI-reference')`]),
      'one',
    ];
  }
  return scripts;
}

/**
 * The precompiled modules' first answers (issue 37), each its own fresh process after
 * `require('uri-grammar')`: the module's `require`, its first `isValid` and its first
 * `parseTree`, timed apart.
 */
function precompiledFirsts(): Record<string, string> {
  const scripts: Record<string, string> = {};
  const steps = (file: string, rule: string, input: string) => timed('', [
    `const m = require(${JSON.stringify(file)})`, `m.isValid(${JSON.stringify(input)}, ${JSON.stringify(rule)})`, `m.parseTree(${JSON.stringify(input)}, ${JSON.stringify(rule)})`,
  ]);
  for (const [label, input] of COLD_INPUTS) {
    scripts[`a precompiled module (--samples): ${label}`] = steps(MODULE, 'URI-reference', input);
    scripts[`a precompiled module (no --samples): ${label}`] = steps(MODULE_PLAIN, 'URI-reference', input);
  }
  for (const input of LANGTAG_INPUTS) scripts[`a precompiled language-tag grammar (no --samples): ${input}`] = steps(MODULE_LANGTAG, 'Language-Tag', input);
  return scripts;
}

/** The inputs of the cold rows (issue 37). */
const COLD_INPUTS: Array<[string, string]> = [
  ['short', 'http://example.com/a?b#c'],
  ['IPv6 literal', 'http://u@[::1]:8/a/b?c#d'],
  ['256.1.1.1 as host', 'http://256.1.1.1/a'],
  ['long query', 'http://example.com/p?' + 'key=value&'.repeat(200)],
];
const MODULE_PLAIN = path.join(PROGRAMS, 'rfc3986-plain.js');
const MODULE_LANGTAG = path.join(PROGRAMS, 'langtag-plain.js');
/** RFC 5646 2.1's Language-Tag (less the grandfathered tags' list), as test/engine/build/treePlan.test.ts reads it. */
const LANGTAG_ABNF = fs.readFileSync(path.join(ROOT, 'test', 'vectors', 'langtag.abnf'), 'utf8');
/** The module of `grammarFirsts`, written by the library as `uri-grammar compile --samples` does. */
function writeModule(): void {
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const u = require(OWN) as typeof import('../src/index');
  const samples = fs.readFileSync(path.join(ROOT, 'test', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean).slice(0, 300);
  const g = u.compileAbnf(fs.readFileSync(path.join(ROOT, 'grammar', 'rfc3986.abnf'), 'utf8'));
  fs.writeFileSync(MODULE, u.toModule(g, { format: 'cjs', source: 'rfc3986.abnf', samples, plans: ['URI-reference'] }));
  // As `uri-grammar compile` writes them without --samples.
  fs.writeFileSync(MODULE_PLAIN, u.toModule(g, { format: 'cjs', source: 'rfc3986.abnf' }));
  fs.writeFileSync(MODULE_LANGTAG, u.toModule(u.compileAbnf(LANGTAG_ABNF), { format: 'cjs', source: 'langtag.abnf' }));
}

/** Issue 37's cold rows beyond the first input: the language-tag module's first answers on several tags, so that "any input" is measured on more than one. */
const LANGTAG_INPUTS = ['de-CH-1996', 'zh-Hant-CN', 'sr-Latn-RS', 'en-a-bbb-x-a-ccc', 'x-whatever', 'de-CH-x-phonebk', 'az-Arab-x-AZE-derbend'];

/**
 * The goals of issue 37's cold rows, each against its median: `compileAbnf` of RFC 3986's text
 * with its first `isValid` and `parseTree` at most 10 ms; a precompiled module's first
 * `parseTree` at most 3 ms (issue 37), and its `require` with its first `isValid` and
 * `parseTree` at most 3 ms (issue 20's stricter reading); whatever the input.
 */
function coldGoals(compiles: Record<string, number>, precompiled: Record<string, number[]>): string[] {
  const out = ['', 'Issue 37\'s goals for these first answers, row by row (the same medians):', '', '| what | median | goal | met? |', '|---|---|---|---|'];
  const row = (what: string, m: number, goal: number) => out.push(`| ${what} | ${ms(m)} | ≤ ${goal} ms | ${m <= goal ? 'met' : 'missed'} |`);
  for (const [name, m] of Object.entries(compiles)) if (name.startsWith('compileAbnf(')) row(name, m, 10);
  for (const [name, [, , tree]] of Object.entries(precompiled)) row(`${name}: first \`parseTree\``, tree, 3);
  for (const [name, [, , , all]] of Object.entries(precompiled)) row(`${name}: \`require\`, \`isValid\` and \`parseTree\``, all, 3);
  return out;
}

/** Wall time of a `node -e script` (CommonJS) or `node file.mjs` process. */
function wall(script: string, file?: string): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, file ? [file] : ['-e', script], { cwd: ROOT, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`bench:startup: child failed: ${r.stderr}`);
  return ms;
}

function inside<T = [number, number]>(script: string, file?: string): T {
  const r = spawnSync(process.execPath, file ? [file] : ['-e', script], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench:startup: child failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

/** Writes the ES module programs; their files by name. */
function writePrograms(): Record<string, string> {
  fs.mkdirSync(PROGRAMS, { recursive: true });
  for (const [name, pkg] of Object.entries(FLOORS)) {
    const dir = path.join(PROGRAMS, 'node_modules', name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg) + '\n');
    fs.writeFileSync(path.join(dir, 'index.js'), "'use strict';\nmodule.exports = {};\n");
  }
  const files: Record<string, string> = {};
  for (const [name, code] of Object.entries({ ...IMPORTS, 'import itself': IMPORT_ITSELF })) {
    files[name] = path.join(PROGRAMS, name.replace(/\W+/g, '-') + '.mjs');
    fs.writeFileSync(files[name], code + '\n');
  }
  return files;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1)) + ' ms';

function main(): void {
  const load = os.loadavg();
  const files = writePrograms();
  const [, ownImport] = inside<[number, string]>('', files['import itself']);
  if (!/[\\/]dist[\\/]cjs[\\/]index\.mjs$/.test(ownImport)) throw new Error(`bench:startup: import 'uri-grammar' resolves to ${ownImport}, not dist/cjs/index.mjs`);
  // Whole processes, round robin: the require programs and the import programs alike.
  const walls: Record<string, number[]> = Object.fromEntries(Object.keys(SCRIPTS).map((k) => [k, []]));
  const importWalls: Record<string, number[]> = Object.fromEntries(Object.keys(IMPORTS).map((k) => [k, []]));
  for (const name of Object.keys(SCRIPTS)) wall(SCRIPTS[name]); // one warm-up each (file cache)
  for (const name of Object.keys(IMPORTS)) wall('', files[name]);
  for (let i = 0; i < ROUNDS; i++) {
    for (const name of Object.keys(SCRIPTS)) walls[name].push(wall(SCRIPTS[name]));
    for (const name of Object.keys(IMPORTS)) importWalls[name].push(wall('', files[name]));
  }
  // First calls, round robin.
  const requires: number[] = [];
  const importsItself: number[] = [];
  const alone: Record<string, number[]> = Object.fromEntries(Object.keys(REQUIRE_ALONE).map((k) => [k, []]));
  const first: Record<string, number[]> = Object.fromEntries(Object.keys(FIRST_CALLS).map((k) => [k, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const name of Object.keys(FIRST_CALLS)) {
      const [req, call] = inside(firstCallScript(FIRST_CALLS[name]));
      requires.push(req);
      first[name].push(call);
    }
    importsItself.push(inside<[number, string]>('', files['import itself'])[0]);
    for (const [name, statement] of Object.entries(REQUIRE_ALONE)) alone[name].push(inside<number>(requireAlone(statement, name in FLOOR_ROWS)));
  }

  // Other grammars' first answers, and the precompiled modules', round robin.
  writeModule();
  const firsts = grammarFirsts();
  const modules = precompiledFirsts();
  const grammarTimes: Record<string, number[][]> = Object.fromEntries(Object.keys(firsts).map((k) => [k, []]));
  const moduleTimes: Record<string, number[][]> = Object.fromEntries(Object.keys(modules).map((k) => [k, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, [script]] of Object.entries(firsts)) grammarTimes[name].push(inside<number[]>(script));
    for (const [name, script] of Object.entries(modules)) moduleTimes[name].push(inside<number[]>(script));
  }
  // Each module row's medians: require, isValid, parseTree, and the three together.
  const moduleMedians: Record<string, number[]> = Object.fromEntries(Object.entries(moduleTimes).map(([name, runs]) =>
    [name, [0, 1, 2].map((k) => median(runs.map((r) => r[k]))).concat(median(runs.map((r) => r[0] + r[1] + r[2])))]));
  const moduleRows = Object.entries(moduleMedians).map(([name, m]) => `| ${name} | ${m.map(ms).join(' | ')} |`);
  const grammarRows = Object.entries(firsts).map(([name, [, kind]]) => {
    const runs = grammarTimes[name];
    const col = (k: number) => median(runs.map((r) => r[k]));
    return kind === 'both' ? `| ${name} | ${ms(col(0))} | ${ms(col(1))} |` : `| ${name} | | ${ms(col(0))} |`;
  });

  const rowsOf = (times: Record<string, number[]>) => {
    const empty = median(times['node (empty)']);
    const ref = median(times['uri-js']);
    return Object.keys(times).map((name) => {
      const m = median(times[name]);
      return `| ${name} | ${ms(m)} | ${name === 'node (empty)' ? '' : ms(m - empty)} | ${name === 'node (empty)' ? '' : (m / ref).toFixed(2) + '×'} |`;
    });
  };
  const wallRows = rowsOf(walls);
  const importRows = rowsOf(importWalls);
  const aloneRef = median(alone['uri-js']);
  const aloneRows = Object.keys(REQUIRE_ALONE).map((name) => `| ${name} | ${ms(median(alone[name]))} | ${(median(alone[name]) / aloneRef).toFixed(2)}× |`);
  const processRatio = median(walls['uri-grammar']) / median(walls['uri-js']);
  const firstRows = Object.keys(FIRST_CALLS).map((name) => `| \`${FIRST_CALLS[name]}\` | ${ms(median(first[name]))} | ${ms(Math.max(...first[name]))} |`);
  const text = [
    '## Cold start',
    '',
    `\`npm run bench:startup\` (bench/startup.ts): fresh \`node\` processes (${process.version}), ${ROUNDS} rounds, the libraries interleaved within each round; medians. Load average at start ${load.map((x) => x.toFixed(2)).join(' ')}, at end ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}; other work on this shared 2-core machine shifts single figures, so compare within one run.${load[0] > os.cpus().length ? ` **This run shared the machine** (load average above the ${os.cpus().length} cores): every process waited for a core, an empty \`node\` included, so the times are many times those of an idle machine; only the ratios within a table say anything.` : ''}`,
    '',
    'Whole process, spawn to exit: `require` the library, then validate, parse, resolve and normalize one short URI each (uri-js and fast-uri have no validator; their `parse` stands in).',
    '',
    '| library | wall time | above an empty `node` | ÷ uri-js |',
    '|---|---|---|---|',
    ...wallRows,
    '',
    `The same as an ES module program (an \`.mjs\` file, as in a \`"type": "module"\` project): \`import { isValid, parse, resolve, normalize } from 'uri-grammar'\`, named imports from uri-js, fast-uri's default export. Under Node, \`import\` of uri-grammar loads \`${path.relative(ROOT, ownImport.replace(/^file:\/\//, ''))}\` (package.json's "node" condition), which hands over the same CommonJS bundle (one instance for \`import\` and \`require\`); bundlers still read the tree-shakable \`dist/esm\`, whose 60-odd files Node's \`import\` loaded before (the row "unbundled", for reference). \`import('uri-grammar')\` itself: median ${ms(median(importsItself))}.`,
    '',
    '| library | wall time | above an empty `node` | ÷ uri-js |',
    '|---|---|---|---|',
    ...importRows,
    '',
    `\`require\` alone (issue 37: uri-grammar's at most uri-js's), each library in its own fresh process, timed inside it, ${ROUNDS} processes each, interleaved; medians. uri-grammar's \`require\` loads \`${path.relative(ROOT, OWN)}\` alone, which names the exports; the first read of one (the second row) loads the main bundle, which holds what RFC 3986's first calls need; every other part of the library is a file loaded on first use (docs/package.md, "What loads when"). Node resolves uri-grammar's name through its \`exports\` map, which uri-js 4.4.1 and fast-uri have none of: the last two rows are packages with nothing in them, one with a one-entry \`exports\` map and one without, so that what any package with such a map pays in Node (its ES module resolver loaded, and the RegExps it checks a target with compiled, once a process) is told apart from what uri-grammar's own files cost (the first row less the first of them). The whole process of the first table (\`require\` and four first calls) is ${processRatio.toFixed(2)}× uri-js's (issue 37: at most 0.9×).`,
    '',
    '| library | `require` | ÷ uri-js |',
    '|---|---|---|',
    ...aloneRows,
    '',
    `First call after \`require\` (uri-grammar's CommonJS bundle through \`${path.relative(ROOT, OWN)}\` and its code cache where there is one; each line its own fresh process, so no call warms another's caches). \`require\` itself in these processes: median ${ms(median(requires))}. A first call that needs a part of the library loads it (\`normalize\` and \`resolve\` the URI operations, \`validate\` of an invalid input the hints, \`parseTree\` the trees): its time is in the call.`,
    '',
    '| first call | median | slowest |',
    '|---|---|---|',
    ...firstRows,
    '',
    `The other grammars' first answers (issue 20: each at most 3 ms; \`compileAbnf\` of a grammar of RFC 3986's size with its first verdict and tree at most 10 ms), after \`require('uri-grammar')\`, each line its own fresh process, medians. Issue 37 asks for these first answers whatever the input: each row names its input (an IPv6 literal, \`256.1.1.1\` as a host, a query of 2,000 characters).`,
    '',
    '| what | first `isValid` | then (or alone) |',
    '|---|---|---|',
    ...grammarRows,
    '',
    `A precompiled module's first answers (issue 37: its first \`parseTree\` at most 3 ms for any input, with or without --samples; issue 20 read it as the module's \`require\` with its first verdict and tree), after \`require('uri-grammar')\`, each line its own fresh process, medians. The module "(--samples)" is what \`uri-grammar compile grammar/rfc3986.abnf --samples\` writes with the first 300 real URIs; "(no --samples)" what it writes without; the language-tag grammar is RFC 5646 2.1's \`Language-Tag\`, compiled without --samples. A module's \`require\` loads its front (dist/cjs/compiled.js, docs/package.md) and checks its data; its first verdict comes from its tables, its first tree from the program it carries (src/engine/trees/backtrack.ts).`,
    '',
    '| module: input | `require` | first `isValid` | first `parseTree` | the three |',
    '|---|---|---|---|---|',
    ...moduleRows,
    ...coldGoals(Object.fromEntries(Object.keys(firsts).map((name) => [name, median(grammarTimes[name].map((r) => r[r.length - 1]))])), moduleMedians),
  ].join('\n');
  console.log(text);
  replaceSection(path.join(ROOT, 'BENCHMARKS.md'), '## Cold start', text);
}

main();
