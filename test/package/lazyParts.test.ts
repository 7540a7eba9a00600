/**
 * What `require('uri-grammar')` loads (scripts/bundle.js, issue 37): the main bundle alone, with
 * what RFC 3986's first calls need; every other part of the library (the tables, resolution and
 * normalization, hints, trees, automata, the ABNF reader, the recursive engine with JSON and
 * RFC 5322, RFC 3987, policies, analysis, the registry) is a file of dist/cjs/ loaded on first
 * use. Each check runs in a fresh `node` on the built dist/cjs/ (as test/node/codeCache.test.ts
 * does), and reads `require.cache`, where Node lists every file a process has loaded.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { compileAbnf, toModule } from '../../src/index';

const ROOT = path.join(__dirname, '..', '..');
const CJS = path.join(ROOT, 'dist', 'cjs');
const ENTRY = JSON.stringify(path.join(CJS, 'entry.js'));

/** Runs `code` in a fresh node, with `loaded()` (the files of dist/cjs/ loaded so far, sorted); its stdout as JSON. */
const node = (code: string): unknown => {
  const prelude = `const loaded = () => Object.keys(require.cache).filter((k) => k.startsWith(${JSON.stringify(CJS + path.sep)}))
  .map((k) => k.slice(${JSON.stringify(CJS + path.sep)}.length).split(require('path').sep).join('/')).sort();\n`;
  const r = spawnSync(process.execPath, ['-e', prelude + code], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (r.status !== 0) throw new Error(`node failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
};

beforeAll(() => {
  if (!fs.existsSync(path.join(CJS, 'index.js'))) throw new Error('lazy parts test: dist/ is not built; run `npm test` (which builds first) or `npm run build`');
});

describe("require('uri-grammar') loads the main bundle alone", () => {
  it('a fresh require: entry.js alone; the first read of an export loads the main bundle through its loader, and no cold part', () => {
    expect(node(`const u = require(${ENTRY}); const before = loaded(); const f = u.isValid;
console.log(JSON.stringify([before, loaded(), typeof f]));`)).toEqual([['entry.js'], ['cached.js', 'entry.js', 'index.js'], 'function']);
  });

  it("an export read is kept as a plain property of entry.js's exports, the main bundle's very value", () => {
    expect(node(`const u = require(${ENTRY}); const main = require(${JSON.stringify(path.join(CJS, 'index.js'))});
const before = Object.getOwnPropertyDescriptor(u, 'parse'); const first = u.parse; const after = Object.getOwnPropertyDescriptor(u, 'parse');
console.log(JSON.stringify([typeof before.get, 'value' in after, after.writable, after.configurable, first === main.parse, u.UriSyntaxError === main.UriSyntaxError,
  Object.keys(u).join() === Object.keys(main).join()]));`)).toEqual(['function', true, false, false, true, true, true]);
  });

  it("RFC 3986's first calls load the part each needs, and no other", () => {
    const steps = node(`const u = require(${ENTRY}); const out = [];
const step = (what, answer) => out.push([what, answer, loaded().filter((f) => !['cached.js', 'entry.js', 'index.js'].includes(f))]);
step('isValid', u.isValid('https://example.com/a?b#c'));
step('parse', u.parse('https://user@example.com:8080/a/b?q=1#f').port);
step('validate', u.validate('http://a/b').ok);
step('validate, an error', u.validate('http://a b').error.index);
step('resolve', u.resolve('http://a/b/c/d;p?q', '../g'));
step('normalize', u.normalize('HTTP://Example.COM/a/./b/../%7e'));
step('parseTree', u.parseTree('http://a/b').rule);
console.log(JSON.stringify(out));`);
    expect(steps).toEqual([
      ['isValid', true, ['cold-tables.js']],
      ['parse', '8080', ['cold-tables.js']],
      ['validate', true, ['cold-tables.js']],
      ['validate, an error', 8, ['cold-hints.js', 'cold-tables.js']],
      ['resolve', 'http://a/b/g', ['cold-hints.js', 'cold-ops.js', 'cold-tables.js']],
      ['normalize', 'http://example.com/a/~', ['cold-hints.js', 'cold-ops.js', 'cold-tables.js']],
      ['parseTree', 'URI-reference', ['cold-automata.js', 'cold-hints.js', 'cold-ops.js', 'cold-tables.js', 'cold-trees.js']],
    ]);
  });

  // What a program has not asked for stays unloaded; each thing asked for first, in a fresh
  // process, loads its parts and answers (a part that needs another at load would fail here).
  const FEATURES: Array<[string, string, unknown, string[]]> = [
    ['the ABNF reader', `u.compileAbnf('a = "x" / "xy"\\n').isValid('xy', 'a')`, true, ['cold-abnf.js']],
    ['the recursive engine: JSON', `u.grammarByName('json').isValid('{"a":[1,{"b":null}]}', 'JSON-text')`, true, ['cold-recursive.js']],
    ['the recursive engine: RFC 5322', `u.grammarByName('rfc5322').isValid('a@example.com', 'addr-spec')`, true, ['cold-recursive.js']],
    ['the recursive engine: ABNF', `u.grammarByName('abnf').isValid('a = "x"\\r\\n', 'rulelist')`, true, ['cold-recursive.js']],
    ['its errors', `new u.NestingLimitError(3, 'how') instanceof RangeError`, true, ['cold-recursive.js']],
    ['policies', `u.createValidator({ schemes: ['https'] })('http://a/').ok`, false, ['cold-policy.js']],
    ['RFC 3987', `u.rfc3987.isValid('http://b\\u00fccher.de/', 'IRI')`, true, ['cold-iri.js']],
    ['IDNA', `u.toUri('http://b\\u00fccher.de/')`, 'http://b%C3%BCcher.de/', ['cold-iri.js']],
    ['RFC 2396', `u.rfc2396.isValid('http://a/b', 'URI-reference')`, true, ['cold-grammars.js']],
    ['analysis', `typeof u.analyze(u.compileAbnf('a = "x" / "xy"\\n')).generate`, 'function', ['cold-analysis.js']],
    // A grammar's own analysis method, with no export of the analyses read first (analysisLoad-cjs.ts).
    ['a grammar\'s analysis method', `u.rfc3986.generate('URI', { count: 3, seed: 4 }).valid.length`, 3, ['cold-analysis.js']],
    // Its front's own bundle, dist/cjs/compiled.js (src/engine/grammar/compiledFront.ts).
    ['a precompiled grammar', `u.fromCompiled(JSON.parse(/fromCompiled\\)?\\((".*")\\);\\n$/s.exec(u.toModule(u.compileAbnf('a = "x"\\n'), { format: 'cjs' }))[1])).isValid('x', 'a')`, true, ['compiled.js']],
    ['the registry', `u.GRAMMAR_NAMES.includes('json')`, true, ['cold.js']],
  ];
  it.each(FEATURES)('%s: loaded on first use, not before', (_, call, answer, parts) => {
    const [before, got, after] = node(`const u = require(${ENTRY}); u.isValid('http://a/'); u.parse('http://a/b');
const before = loaded(); const got = ${call};
console.log(JSON.stringify([before, got, loaded()]));`) as [string[], unknown, string[]];
    expect(before).toEqual(['cached.js', 'cold-tables.js', 'entry.js', 'index.js']);
    expect(got).toEqual(answer);
    for (const p of parts) expect(after).toContain(p);
  });

  // A precompiled regular grammar (a module toModule wrote) is answered by its front
  // (src/engine/grammar/compiledFront.ts), which is a file of its own, dist/cjs/compiled.js: its
  // first verdicts and trees load nothing else, not even the main bundle; the first call the
  // front hands on (an error) loads the main bundle and the grammar class's part.
  it('a precompiled regular grammar: require, isValid and parseTree load its front alone; an error loads the class', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-lazy-'));
    try {
      const text = 'tag = 1*8ALPHA *("-" 1*8alphanum)\nalphanum = ALPHA / DIGIT\n';
      const file = path.join(dir, 'tag.js');
      fs.writeFileSync(file, toModule(compileAbnf(text), { format: 'cjs', source: 'tag.abnf' }));
      const [onLoad, valid, afterValid, tree, afterTree] = node(`const u = require(${ENTRY}); u.isValid('http://a/');
const main = loaded(); const part = () => loaded().filter((f) => !main.includes(f));
const m = require(${JSON.stringify(file)}); const onLoad = part(); const valid = m.isValid('de-CH-1996', 'tag'); const afterValid = part();
const tree = m.parseTree('de-CH-1996', 'tag'); console.log(JSON.stringify([onLoad, valid, afterValid, tree, part()]));`) as [string[], boolean, string[], unknown, string[]];
      expect([onLoad, valid, afterValid, afterTree]).toEqual([['compiled.js'], true, ['compiled.js'], ['compiled.js']]);
      expect(tree).toEqual(compileAbnf(text).parseTree('de-CH-1996', 'tag'));
      // Required by a program that loaded nothing else (the module names the package's entry).
      const alone = path.join(dir, 'alone.js');
      fs.writeFileSync(alone, toModule(compileAbnf(text), { format: 'cjs', source: 'tag.abnf', library: path.join(CJS, 'entry.js') }));
      const [first, afterError, error] = node(`const m = require(${JSON.stringify(alone)}); m.isValid('de-CH-1996', 'tag'); m.parseTree('de-CH', 'tag');
const first = loaded(); const e = m.validate('de-CH-', 'tag').error; console.log(JSON.stringify([first, loaded(), e.message]));`) as [string[], string[], string];
      expect(first).toEqual(['compiled.js', 'entry.js']);
      expect(afterError).toEqual(expect.arrayContaining(['index.js', 'cold-compiled.js']));
      const expected = compileAbnf(text).validate('de-CH-', 'tag');
      expect(expected.ok ? undefined : expected.error.message).toBe(error);
      for (const never of ['cold-recursive.js', 'cold-abnf.js']) expect(afterError).not.toContain(never);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every export, read first in a fresh process, has its value (no part needs another that is still loading)', () => {
    const names = node(`console.log(JSON.stringify(Object.keys(require(${ENTRY}))))`) as string[];
    expect(names.length).toBeGreaterThan(40);
    // Three processes at a time.
    const kinds = node(`const cp = require('child_process'); const names = ${JSON.stringify(names)}; const out = {};
const one = (name) => new Promise((done) => cp.execFile(process.execPath, ['-e', 'const v = require(' + ${JSON.stringify(ENTRY)} + ')[' + JSON.stringify(name) + ']; process.stdout.write(v === undefined ? "undefined" : typeof v)'],
  (e, stdout, stderr) => { out[name] = e ? 'failed: ' + String(stderr).split('\\n').find((l) => /Error/.test(l)) : stdout; done(); }));
const worker = async () => { while (names.length) await one(names.shift()); };
Promise.all([worker(), worker(), worker()]).then(() => console.log(JSON.stringify(out)));`) as Record<string, string>;
    for (const [name, kind] of Object.entries(kinds)) expect([name, ['function', 'object', 'string', 'number'].includes(kind) ? 'ok' : kind]).toEqual([name, 'ok']);
  });
});
