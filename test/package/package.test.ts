/**
 * The package as a user gets it: `npm pack`, install the tarball into a temporary consumer project,
 * then `require` it, `import` it, run the bin through `npx`, and compile strict TypeScript against
 * its types (node16, nodenext and bundler resolution, no skipLibCheck). Also checks what ships
 * (`npm pack --dry-run`). No network: the tarball's runtime dependencies are packed from this
 * repository's node_modules and installed with `--offline`.
 *
 * It packs the build that `npm test` made just before (with --ignore-scripts, so that packing does
 * not rebuild dist/ under the other test files' feet); `npm pack` itself builds through `prepack`.
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';

const ROOT = path.join(__dirname, '..', '..');
const PKG = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  name: string; version: string; dependencies?: Record<string, string>; bin?: Record<string, string>; exports: Record<string, unknown>;
};
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
// Nested npm runs read no npm_* settings of the `npm test` that started jest.
const ENV: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
const run = (cmd: string, args: string[], cwd: string): string =>
  execFileSync(cmd, args, { cwd, env: ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The folders of the installed runtime dependencies and ajv, transitively (Node's lookup: nested node_modules, then up). */
function runtimeClosure(): string[] {
  const found = new Map<string, string>();
  const visit = (fromDir: string, deps: Record<string, string> | undefined): void => {
    for (const name of Object.keys(deps ?? {})) {
      let dir = fromDir;
      let at: string | undefined;
      for (;;) {
        const candidate = path.join(dir, 'node_modules', name);
        if (fs.existsSync(path.join(candidate, 'package.json'))) { at = candidate; break; }
        if (dir === ROOT || path.dirname(dir) === dir) break;
        dir = path.dirname(dir);
      }
      if (!at) throw new Error(`package test: runtime dependency ${name} is not installed (npm ci first)`);
      if (found.has(at)) continue;
      found.set(at, name);
      visit(at, (JSON.parse(fs.readFileSync(path.join(at, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies);
    }
  };
  // And ajv, the optional peer dependency that uri-grammar/ajv works with, as a user of it installs it.
  visit(ROOT, { ...PKG.dependencies, ajv: '*' });
  return [...found.keys()];
}

let tmp = '';
let consumer = '';
let files: string[] = [];
/** The installed package's tree-shakable ES module build (what bundlers read), as a file URL. */
const ESM_URL = () => pathToFileURL(path.join(consumer, 'node_modules', PKG.name, 'dist', 'esm', 'src', 'index.js')).href;

beforeAll(() => {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'cjs', 'index.js')) || !fs.existsSync(path.join(ROOT, 'dist', 'esm', 'src', 'index.js'))) {
    throw new Error('package test: dist/ is not built; run `npm test` (which builds first) or `npm run build`');
  }
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-pack-'));
  const dry = JSON.parse(run(NPM, ['pack', '--dry-run', '--json', '--ignore-scripts'], ROOT)) as Array<{ files: Array<{ path: string }> }>;
  files = dry[0].files.map((f) => f.path).sort();

  const tarball = path.join(tmp, run(NPM, ['pack', '--ignore-scripts', '--pack-destination', tmp], ROOT).trim().split('\n').pop()!);
  // The runtime dependencies and theirs, packed from the installed copies (the registry is never asked).
  // zod too, for the docs' zod example that the type tests compile (packed from the installed copy).
  const deps = [...runtimeClosure(), path.join(ROOT, 'node_modules', 'zod')].map((dir) => {
    const out = run(NPM, ['pack', '--ignore-scripts', '--pack-destination', tmp, dir], ROOT);
    return path.join(tmp, out.trim().split('\n').pop()!);
  });
  consumer = path.join(tmp, 'consumer');
  fs.mkdirSync(consumer);
  fs.writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  run(NPM, ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball, ...deps], consumer);
}, 180_000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('what ships (npm pack --dry-run)', () => {
  it('has the runtime: the CommonJS bundles with maps, the types, the ES module build, the bin, README, LICENSE', () => {
    for (const f of [
      'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', ...Object.values(PKG.bin ?? {}).map((b) => b.replace(/^\.\//, '')),
      'dist/cjs/index.js', 'dist/cjs/index.js.map', 'dist/cjs/cold.js', 'dist/cjs/cold.js.map',
      'dist/cjs/ajv.js', 'dist/cjs/ajv.js.map', 'dist/cjs/cli.js', 'dist/cjs/cli.js.map', 'dist/cjs/lite.js', 'dist/cjs/lite.js.map',
      'dist/cjs/index.mjs', 'dist/cjs/index.bridge.cjs', 'dist/cjs/ajv.mjs', 'dist/cjs/ajv.bridge.cjs',
      'dist/cjs/entry.js', 'dist/cjs/cached.js',
      'dist/src/lite/index.d.ts', 'dist/esm/src/lite/index.js', 'dist/esm/src/lite/index.d.ts',
      'dist/src/index.d.ts', 'dist/src/index.d.ts.map', 'dist/src/ajv-cjs.d.ts',
      'dist/esm/package.json', 'dist/esm/src/index.js', 'dist/esm/src/index.d.ts', 'dist/esm/src/index.js.map',
    ]) expect(files).toContain(f);
  });

  it('has the code caches exactly where this V8 gives a script from a cache the name it is compiled under (src/node/codeCache.ts)', () => {
    const takes = JSON.parse(execFileSync(process.execPath, ['-e', `console.log(require(${JSON.stringify(path.join(ROOT, 'dist', 'cjs', 'cached.js'))}).cacheTakesScriptName())`],
      { encoding: 'utf8', env: { ...ENV, NODE_OPTIONS: '' } }));
    const caches = files.filter((f) => f.endsWith('.cache'));
    expect(caches).toEqual(takes ? ['dist/cjs/cli.js.cache', 'dist/cjs/index.js.cache'] : []);
  });

  it('has nothing else: no benchmarks, tests, TypeScript sources, vectors, scripts, or the unbundled CommonJS modules', () => {
    const allowed = /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|bin\/[^/]+\.js|dist\/cjs\/(index|cold|cold-[a-z]+|ajv|cli|lite|cached|compiled)\.js(\.map)?|dist\/cjs\/entry\.js|dist\/cjs\/(index|cli)\.js\.cache|dist\/cjs\/data\/[a-z0-9-]+\.json|dist\/cjs\/data\/[a-z0-9]+-plans\/[A-Za-z0-9%-]+\.json|dist\/cjs\/(index|ajv)\.(mjs|bridge\.cjs)|dist\/(src|grammar)\/.+\.d\.ts(\.map)?|dist\/esm\/.+\.(js|d\.ts|js\.map|d\.ts\.map)|dist\/esm\/package\.json)$/;
    expect(files.filter((f) => !allowed.test(f))).toEqual([]);
    expect(files.filter((f) => /^(dist\/bench|test|bench|scripts|src|grammar)\//.test(f))).toEqual([]);
  });

  it('every module with CommonJS types is an ES module too (but what tsconfig.esm.json leaves out: the CLI)', () => {
    const esmExcluded = (JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.esm.json'), 'utf8')) as { exclude?: string[] }).exclude ?? [];
    const left = (f: string) => esmExcluded.some((e) => { const d = 'dist/' + e.replace(/\.ts$/, ''); return f === d + '.d.ts' || f.startsWith(d + '/'); });
    const cjs = files.filter((f) => /^dist\/(src|grammar)\/.+\.d\.ts$/.test(f) && !left(f));
    expect(cjs.length).toBeGreaterThan(10);
    expect(cjs.filter((f) => !files.includes('dist/esm/' + f.slice('dist/'.length).replace(/\.d\.ts$/, '.js')))).toEqual([]);
  });
});

describe('installed from the tarball', () => {
  const node = (args: string[]) => run(process.execPath, args, consumer);

  it('an error thrown inside the package names the installed files in its stack, never the directory it was built in', () => {
    const script = `const u = require('uri-grammar');
const stacks = [];
for (const call of [() => u.parse(42), () => u.isValid('x', 'NoSuchRule'), () => u.compileAbnf('a = ').isValid('x', 'a'), () => require('uri-grammar/ajv')({})]) {
  try { call(); } catch (e) { stacks.push(e.name + ' ' + e.stack); }
}
import('uri-grammar').then((m) => { try { m.parse(42); } catch (e) { stacks.push(e.name + ' ' + e.stack); } console.log(JSON.stringify(stacks)); });`;
    const stacks = JSON.parse(node(['-e', script])) as string[];
    expect(stacks.length).toBe(5);
    const installed = path.join(consumer, 'node_modules', PKG.name, 'dist', 'cjs') + path.sep;
    for (const stack of stacks) {
      expect(stack).toMatch(/^(TypeError|AbnfSyntaxError) /);
      expect(stack).toContain(installed);
      expect(stack).not.toContain(ROOT + path.sep);
    }
  });

  it('no installed file carries the path of the directory it was built in (code caches, source maps, bundles)', () => {
    const dir = path.join(consumer, 'node_modules', PKG.name);
    const carrying: string[] = [];
    const walk = (d: string): void => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const f = path.join(d, e.name);
        if (e.isDirectory()) walk(f);
        else if (fs.readFileSync(f).includes(ROOT)) carrying.push(path.relative(dir, f));
      }
    };
    walk(dir);
    expect(carrying).toEqual([]);
  });

  it('require() loads the CommonJS bundle', () => {
    const out = node(['-e', `const u = require('uri-grammar');
console.log(JSON.stringify([u.isValid('http://a/', 'URI'), u.isValid('http://a b', 'URI'), u.parse('http://h:1/p').port,
  u.percentEncode('a b', 'segment'), require.resolve('uri-grammar'), require('uri-grammar/package.json').version]));`]);
    const [ok, bad, port, enc, resolved, version] = JSON.parse(out);
    expect([ok, bad, port, enc, version]).toEqual([true, false, '1', 'a%20b', PKG.version]);
    // The entry loads the main bundle (dist/cjs/index.js), through its code cache where there is one.
    expect(resolved).toMatch(/node_modules[\\/]uri-grammar[\\/]dist[\\/]cjs[\\/]entry\.js$/);
  });

  it('the bundle has the ES module build\'s exports; the rarely used ones load dist/cjs/cold.js on first use, sharing the main bundle\'s classes', () => {
    // The tree-shakable build by its path (Node's \`import 'uri-grammar'\` is the bundle itself, and loads cold.js at once).
    const out = node(['--input-type=module', '-e', `import * as esm from ${JSON.stringify(ESM_URL())};
import { createRequire } from 'module';
const require = createRequire(import.meta.url);
const u = require('uri-grammar');
const cold = () => Object.keys(require.cache).some((k) => /[\\\\/]dist[\\\\/]cjs[\\\\/]cold\\.js$/.test(k));
const keys = JSON.stringify(Object.keys(u)) === JSON.stringify(Object.keys(esm).sort());
u.isValid('http://a/'); u.parse('http://a/b'); u.resolve('http://a/b', 'c'); u.normalize('HTTP://A/'); u.validate('a b'); u.redact('http://u:p@h/');
const iri = u.rfc3987.validate('http://a b', 'IRI');
const viaGrammar = u.rfc3986.validate('http://a b', 'URI');
const policy = u.createValidator({ schemes: ['https'] })('http://a/');
u.toIri('http://a/%C3%BC');
const before = cold();
const registry = u.grammarByName('rfc3986') === u.rfc3986;
console.log(JSON.stringify([keys, Object.keys(u).length, before, cold(), iri.error instanceof u.GrammarSyntaxError,
  viaGrammar.error instanceof u.UriSyntaxError, policy.error instanceof u.UriPolicyError, u.createValidator({ schemes: ['https'] })('https://a b').error instanceof u.UriSyntaxError,
  registry, u.toUri('http://b\\u00fccher.de/')]));`]);
    const [keys, count, before, after, ...shared] = JSON.parse(out);
    expect([keys, count > 40]).toEqual([true, true]);
    expect([before, after]).toEqual([false, true]);
    expect(shared).toEqual([true, true, true, true, true, 'http://b%C3%BCcher.de/']);
  });

  it('a grammar\'s analysis methods load dist/cjs/cold-analysis.js on their first call (the main bundle does not carry the analyses)', () => {
    const out = node(['-e', `const u = require('uri-grammar');
const cold = () => Object.keys(require.cache).some((k) => /[\\\\/]dist[\\\\/]cjs[\\\\/]cold-analysis\\.js$/.test(k));
u.isValid('http://a/'); const before = cold();
const strings = u.rfc3986.generate('URI', { count: 5, seed: 4 }).valid;
const g = u.compileAbnf('atom = symbol / number\\nsymbol = 1*( ALPHA / DIGIT / "-" )\\nnumber = [ "-" ] 1*DIGIT\\n');
const shadow = g.shadows('atom').find((e) => e.kind === 'shadowed');
const cmp = u.rfc3986.compare('URI-reference', { grammar: u.rfc2396, rule: 'URI-reference' });
console.log(JSON.stringify([before, cold(), strings.every((s) => u.isValid(s, 'URI')), shadow.witness, cmp.onlyA, cmp.onlyB]));`]);
    expect(JSON.parse(out)).toEqual([false, true, true, '0', '?', '//:!']);
  });

  it('loads each piece of the shipped grammars\' data (dist/cjs/data/) when first needed, and never cold.js for them', () => {
    // Every file read is seen (require of a .json reads through fs.readFileSync too).
    const out = node(['-e', `const fs = require('fs'); const read = fs.readFileSync; const files = new Set();
fs.readFileSync = function (f, ...rest) { if (typeof f === 'string') files.add(f); return read.call(this, f, ...rest); };
const u = require('uri-grammar');
const loaded = () => [...new Set([...files, ...Object.keys(require.cache)])].filter((k) => /[\\\\/]dist[\\\\/]cjs[\\\\/](data[\\\\/][a-zA-Z0-9%/-]+\\.json|cold\\.js)$/.test(k))
  .map((k) => k.replace(/^.*[\\\\/]cjs[\\\\/]/, '').replace(/\\\\/g, '/')).sort();
const steps = [];
u.isValid('http://a/'); u.validate('a b'); u.parse('http://a/b'); steps.push(loaded());
const t = u.parseTree('http://a.example/b?c#d'); steps.push(loaded());
u.rfc2396.isValid('http://a/', 'URI-reference'); steps.push(loaded());
const t2 = u.rfc2396.parseTree('http://a/b', 'URI-reference'); steps.push(loaded());
const iri = u.rfc3987.parseTree('http://\u00e9.example/', 'IRI'); steps.push(loaded());
console.log(JSON.stringify([steps, t.rule, t.children.map((c) => c.rule), t2.rule, iri.rule]));`]);
    const [steps, ...trees] = JSON.parse(out);
    // A tree reads its rule's plan alone (a file a plan).
    expect(steps).toEqual([
      [],
      ['data/rfc3986-plans/URI-reference.json'],
      ['data/rfc2396.json', 'data/rfc3986-plans/URI-reference.json'],
      ['data/rfc2396-plans/URI-reference.json', 'data/rfc2396.json', 'data/rfc3986-plans/URI-reference.json'],
      ['data/rfc2396-plans/URI-reference.json', 'data/rfc2396.json', 'data/rfc3986-plans/URI-reference.json', 'data/rfc3987-plans/IRI.json', 'data/rfc3987.json'],
    ]);
    expect(trees).toEqual(['URI-reference', ['URI'], 'URI-reference', 'IRI']);
  });

  it("require('uri-grammar/ajv') shares the main bundle: one module, one UriPolicyError class", () => {
    const out = node(['-e', `const plugin = require('uri-grammar/ajv');
const Ajv = require('ajv');
const mine = Object.keys(require.cache).filter((k) => /node_modules[\\\\/]uri-grammar[\\\\/]/.test(k)).map((k) => k.replace(/^.*node_modules[\\\\/]uri-grammar[\\\\/]/, '').replace(/\\\\/g, '/')).sort();
const main = require.cache[require.resolve('uri-grammar')];
const ajv = plugin(new Ajv());
const v = ajv.compile({ type: 'string', uriPolicy: { schemes: ['https'] } });
v('http://a/');
console.log(JSON.stringify([mine, main.exports === require('uri-grammar'), v.errors[0].params.component]));`]);
    const [mine, same, component] = JSON.parse(out);
    // The ajv entry loaded the main bundle and its policies (a cold part, dist/cjs/cold-policy.js),
    // and it is the module require('uri-grammar') returns; the plugin recognised the policy's
    // error as a UriPolicyError ('syntax' otherwise), so the class it imports is the one the policy throws.
    expect(mine).toEqual(['dist/cjs/ajv.js', 'dist/cjs/cached.js', 'dist/cjs/cold-policy.js', 'dist/cjs/entry.js', 'dist/cjs/index.js']);
    expect(same).toBe(true);
    expect(component).toBe('scheme');
  });

  it("require('uri-grammar/lite') loads dist/cjs/lite.js alone (not the main bundle) and answers as the main package", () => {
    const out = node(['-e', `const lite = require('uri-grammar/lite');
const mine = () => Object.keys(require.cache).filter((k) => /node_modules[\\\\/]uri-grammar[\\\\/]/.test(k)).map((k) => k.replace(/^.*node_modules[\\\\/]uri-grammar[\\\\/]/, '').replace(/\\\\/g, '/')).sort();
let e; try { lite.parse('http://a b', 'URI'); } catch (x) { e = x; }
const answers = [lite.isValid('http://a/', 'URI'), lite.isValid('http://a b'), lite.isValid('::1', 'ipv6address'), lite.parse('http://[::1]:8/p').hostKind, e.name, e.index, e instanceof SyntaxError];
const alone = mine();
const u = require('uri-grammar');
console.log(JSON.stringify([Object.keys(lite).sort(), answers, alone, [u.isValid('http://a/', 'URI'), u.isValid('http://a b'), u.isValid('::1', 'ipv6address'), u.parse('http://[::1]:8/p').hostKind]]));`]);
    const [keys, answers, alone, fromMain] = JSON.parse(out);
    expect(keys).toEqual(['UriSyntaxError', 'isValid', 'parse']);
    expect(answers).toEqual([true, false, true, 'IPv6address', 'UriSyntaxError', 8, true]);
    expect(alone).toEqual(['dist/cjs/lite.js']);
    expect(answers.slice(0, 4)).toEqual(fromMain);
  });

  it("import 'uri-grammar/lite' loads its ES module build", () => {
    const out = node(['--input-type=module', '-e', `import { isValid, parse, UriSyntaxError } from 'uri-grammar/lite';
let e; try { parse('http://[::1', 'URI'); } catch (x) { e = x; }
console.log(JSON.stringify([isValid('http://a/', 'URI'), isValid('a b'), parse('//h:1/p').port, e instanceof UriSyntaxError, e.index, import.meta.resolve('uri-grammar/lite')]));`]);
    const [ok, bad, port, isError, index, resolved] = JSON.parse(out);
    expect([ok, bad, port, isError, index]).toEqual([true, false, '1', true, 11]);
    expect(resolved).toMatch(/node_modules\/uri-grammar\/dist\/esm\/src\/lite\/index\.js$/);
  });

  it('loads parsimmon on first use only, and it is the user\'s parsimmon: our parsers combine with theirs', () => {
    const out = node(['-e', `const u = require('uri-grammar');
const loaded = () => Object.keys(require.cache).some((k) => /node_modules[\\\\/]parsimmon[\\\\/]/.test(k));
u.isValid('http://a/'); u.parse('http://a/b'); u.resolve('http://a/b', 'c'); u.normalize('HTTP://A/'); u.validate('a b');
// The ABNF compiler and the IRI grammar too (dist/cjs/cold.js, where the parsimmon parsers are built).
u.compileAbnf('b = "y"\\r\\n').validate('z', 'b'); u.rfc3987.parseTree('http://\\u00fc/', 'IRI');
const before = loaded();
const P = require('parsimmon');
const p = u.rfc3986.parser('scheme');
const both = P.seq(p, P.string('!'));
console.log(JSON.stringify([before, P.isParser(p), p instanceof P, both.parse('http!').status, both.parse('1!').status, u.compileAbnf('a = "x"\\r\\n').parser('a') instanceof P]));`]);
    expect(JSON.parse(out)).toEqual([false, true, true, true, false, true]);
  });

  it("import under Node loads the bundle (dist/cjs/index.mjs): every export of the tree-shakable build, and the same answers", () => {
    const out = node(['--input-type=module', '-e', `import * as bundled from 'uri-grammar';
import * as esm from ${JSON.stringify(ESM_URL())};
import { createRequire } from 'module';
const require = createRequire(import.meta.url);
const inputs = ['http://a/b?c#d', 'http://a b', '//[::1]:80', 'x:%zz', '../g', 'HTTP://A:80/./b', 'http://b\\u00fccher.de/'];
const ask = (u) => [u.RULE_NAMES, u.DEFAULT_PORTS, Object.keys(u.policyPresets), u.GRAMMAR_NAMES, u.percentEncode('a b/c', 'segment'), u.redact('https://u:p@h/'),
  ...inputs.map((s) => [u.isValid(s), u.validate(s).ok || [u.validate(s).error.name, u.validate(s).error.index, u.validate(s).error.message],
    u.isValid(s) ? u.parse(s) : null, u.isValid(s, 'URI') ? u.normalize(s, { scheme: true }) : null, u.isValid(s) ? u.resolve('http://a/b/c', s) : null,
    u.rfc3987.isValid(s, 'IRI-reference'), u.rfc2396.isValid(s, 'URI-reference'), u.compileAbnf('a = "x"\\r\\n').isValid(s, 'a')])];
const types = (u) => Object.keys(u).map((k) => k + ':' + typeof u[k]);
const mine = Object.keys(require.cache).filter((k) => /node_modules[\\\\/]uri-grammar[\\\\/]/.test(k)).map((k) => k.replace(/^.*node_modules[\\\\/]uri-grammar[\\\\/]/, '').replace(/\\\\/g, '/')).sort();
console.log(JSON.stringify([import.meta.resolve('uri-grammar'), mine, types(bundled), types(esm), ask(bundled), ask(esm)]));`]);
    const [resolved, mine, bundledKeys, esmKeys, a, b] = JSON.parse(out);
    expect(resolved).toMatch(/node_modules\/uri-grammar\/dist\/cjs\/index\.mjs$/);
    // The CommonJS files it loaded: the bridge, the entry and its loader, the main bundle and (every
    // export has a value at import) cold.js, the cold parts the exports are in, and the
    // precompiled modules' front (`fromCompiled`, dist/cjs/compiled.js).
    expect(mine.filter((f: string) => !/^dist\/cjs\/cold-[a-z]+\.js$/.test(f))).toEqual(['dist/cjs/cached.js', 'dist/cjs/cold.js', 'dist/cjs/compiled.js', 'dist/cjs/entry.js', 'dist/cjs/index.bridge.cjs', 'dist/cjs/index.js']);
    expect(esmKeys.length).toBeGreaterThan(40);
    expect(bundledKeys).toEqual(esmKeys); // same names, same kinds (function, object, string…)
    expect(a).toEqual(b);
    expect(a[7][1]).toEqual(['UriSyntaxError', 8, expect.stringContaining('http://a b')]);
  });

  it('import and require in one process share one instance: the same functions, grammars and error classes (instanceof across them), and uri-grammar/ajv too', () => {
    const out = node(['--input-type=module', '-e', `import { isValid, validate, UriSyntaxError, UriPolicyError, AbnfSyntaxError, compileAbnf, rfc2396, createValidator } from 'uri-grammar';
import plugin, { uriGrammarAjv } from 'uri-grammar/ajv';
import Ajv from 'ajv';
import { createRequire } from 'module';
const require = createRequire(import.meta.url);
const cjs = require('uri-grammar');
const abnf = (compile) => { try { compile('a = \\r\\n'); return 'no error'; } catch (e) { return e; } };
const ajv = plugin(new Ajv.default());
const v = ajv.compile({ type: 'string', uriPolicy: { schemes: ['https'] } });
v('http://a/');
console.log(JSON.stringify([isValid === cjs.isValid, rfc2396 === cjs.rfc2396, UriSyntaxError === cjs.UriSyntaxError,
  validate('http://a b').error instanceof cjs.UriSyntaxError, cjs.validate('http://a b').error instanceof UriSyntaxError,
  abnf(compileAbnf) instanceof cjs.AbnfSyntaxError, abnf(cjs.compileAbnf) instanceof AbnfSyntaxError,
  cjs.createValidator({ schemes: ['https'] })('http://a/').error instanceof UriPolicyError,
  plugin === require('uri-grammar/ajv'), uriGrammarAjv === plugin, import.meta.resolve('uri-grammar/ajv'), v.errors[0].params.component]));`]);
    const [resolvedAjv, component] = JSON.parse(out).slice(-2);
    expect(JSON.parse(out).slice(0, -2)).toEqual([true, true, true, true, true, true, true, true, true, true]);
    expect(resolvedAjv).toMatch(/node_modules\/uri-grammar\/dist\/cjs\/ajv\.mjs$/);
    // 'scheme': the plugin recognised the policy's error as its UriPolicyError ('syntax' otherwise).
    expect(component).toBe('scheme');
  });

  it('the tree-shakable build (dist/esm, what bundlers read) is real ESM: it runs, no require, explicit .js paths', () => {
    const out = node(['--input-type=module', '-e', `import { isValid, validate, UriSyntaxError, normalize, compileAbnf } from ${JSON.stringify(ESM_URL())};
const r = validate('http://a b', 'URI');
const g = compileAbnf('greeting = "hi" 1*"!"\\r\\n');
console.log(JSON.stringify([isValid('http://a/', 'URI'), r.error instanceof UriSyntaxError, r.error.index, normalize('HTTP://A/%7e'), g.isValid('hi!!', 'greeting'), g.isValid('hi', 'greeting')]));`]);
    expect(JSON.parse(out)).toEqual([true, true, 8, 'http://a/~', true, false]);

    const esm = path.join(consumer, 'node_modules', 'uri-grammar', 'dist', 'esm');
    const walk = (d: string): string[] => fs.readdirSync(d, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
    const js = walk(esm).filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(10);
    for (const f of js) {
      const text = fs.readFileSync(f, 'utf8');
      // No CommonJS in it: no exports object, no require() call.
      expect([f, /module\.exports|\bexports\./.test(text)]).toEqual([f, false]);
      expect([f, /\brequire\s*\(/.test(text)]).toEqual([f, false]);
      for (const m of text.matchAll(/\bfrom\s*['"]([^'"]+)['"]/g)) {
        // A relative path with its file, or a runtime dependency.
        const ok = /^\.\.?\/.*\.js$/.test(m[1]) || Object.keys(PKG.dependencies ?? {}).includes(m[1].replace(/^((?:@[^/]+\/)?[^/]+).*$/, '$1'));
        expect([f, m[1], ok]).toEqual([f, m[1], true]);
      }
    }
  });

  describe('a bundler (esbuild) resolving the package by name', () => {
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const esbuild = require('esbuild') as typeof import('esbuild');
    type esbuildResult = Awaited<ReturnType<typeof esbuild.build>>;
    const bundle = (code: string, platform: 'browser' | 'node', outfile?: string) => esbuild.build({
      stdin: { contents: code, resolveDir: consumer, loader: 'js' }, absWorkingDir: consumer, bundle: true, format: 'esm', platform,
      metafile: true, write: Boolean(outfile), outfile, minify: true, logLevel: 'silent',
    });
    // The package's files with code in the output (the metafile's inputs also list files read, then tree-shaken away).
    const inputs = (r: esbuildResult) => Object.entries(Object.values(r.metafile!.outputs)[0].inputs)
      .filter(([f, i]) => f.includes('node_modules/uri-grammar/') && i.bytesInOutput > 0).map(([f]) => f.replace(/^.*node_modules\/uri-grammar\//, ''));

    it('for the browser it takes the tree-shakable build: importing isValid leaves out what isValid does not need', async () => {
      const one = await bundle(`import { isValid } from 'uri-grammar'; console.log(isValid('http://a/'));`, 'browser');
      const all = await bundle(`import * as u from 'uri-grammar'; console.log(u);`, 'browser');
      const used = inputs(one);
      expect(used.length).toBeGreaterThan(5);
      expect(used.filter((f) => !f.startsWith('dist/esm/'))).toEqual([]); // not the Node bundle
      // Tree-shaken: modules of the full import (the ABNF compiler's, the registry's) are missing.
      const size = (r: typeof one) => Object.values(r.metafile!.outputs)[0].bytes;
      expect(size(one)).toBeLessThan(size(all) * 0.8);
      expect(inputs(all).length).toBeGreaterThan(used.length);
      // isValid is RFC 3986's verdict tables and RegExps: not the grammar class with its trees,
      // recursive engine and parser, and not the data of another grammar or of tree plans (each
      // was in it once, 461 kB of 712: the plans' loaders ran at a module's top level, and
      // isValid went through the grammar class).
      const heavy = used.filter((f) => /\/(trees|recursive)\/|grammar\/grammar\.js$|parsimmonLib|generated\/(rfc2396|rfc2732|rfc3987|rfc6874)Compiled|Plans\.js$/.test(f));
      expect(heavy).toEqual([]);
      expect(used).toContain('dist/esm/src/generated/rfc3986Tables.js');
      expect(size(one)).toBeLessThan(size(all) * 0.2);
    });

    it('for Node it follows the bridge into the bundle, and what it builds runs', async () => {
      const out = path.join(consumer, 'bundled-for-node.mjs');
      const r = await bundle(`import { isValid, validate, UriSyntaxError } from 'uri-grammar';
console.log(JSON.stringify([isValid('http://a/'), validate('http://a b').error instanceof UriSyntaxError]));`, 'node', out);
      expect(inputs(r)).toEqual(expect.arrayContaining(['dist/cjs/index.mjs', 'dist/cjs/index.bridge.cjs', 'dist/cjs/index.js']));
      expect(inputs(r).filter((f) => f.startsWith('dist/esm/'))).toEqual([]);
      expect(JSON.parse(run(process.execPath, [out], tmp))).toEqual([true, true]);
    });
  });

  it('runs the bin through npx', () => {
    const ok = spawnSync(NPX, ['--no-install', 'uri-grammar', 'validate', 'http://example.com/a', '--rule', 'URI'], { cwd: consumer, env: ENV, encoding: 'utf8' });
    expect([ok.status, ok.stderr.replace(/^npm warn.*\n/gim, '')]).toEqual([0, '']);
    const bad = spawnSync(NPX, ['--no-install', 'uri-grammar', 'validate', 'http://a b', '--rule', 'URI'], { cwd: consumer, env: ENV, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('UriSyntaxError');
    expect(bad.stderr).toMatch(/\n\s+http:\/\/a b\n\s+\^/);
  });

  const CONSUMER_TS = `import { isValid, validate, parse, parseTree, resolve, normalize, percentEncode, RULE_NAMES, UriSyntaxError } from 'uri-grammar';
import type { UriComponents, TreeNode, RuleName, ValidationResult } from 'uri-grammar';

const ok: boolean = isValid('http://a/', 'URI');
const r: ValidationResult = validate('http://a b');
if (!r.ok) { const e: UriSyntaxError = r.error; const i: number = e.index; void i; }
const c: UriComponents = parse('http://h/p');
const host: string | undefined = c.host;
const t: TreeNode<RuleName> = parseTree('x:y', 'URI');
const s: string = resolve('http://a/b', '../c') + normalize('HTTP://A/') + percentEncode('a b', 'segment');
const rules: readonly RuleName[] = RULE_NAMES;
// @ts-expect-error a number is not an input: the types are real, not any
isValid(42);
export { ok, host, t, s, rules };
`;
  /** uri-grammar/lite's types, under the same modes. */
  const LITE_TS = `import { isValid, parse, UriSyntaxError } from 'uri-grammar/lite';
import type { UriComponents, RuleName, HostKind } from 'uri-grammar/lite';

const ok: boolean = isValid('http://a/', 'URI') && isValid('::1', 'IPv6address');
const c: UriComponents = parse('http://h/p', 'URI');
const kind: HostKind | undefined = c.hostKind;
const rule: RuleName = 'host';
try { parse('a b'); } catch (e) { if (e instanceof UriSyntaxError) { const i: number = e.index; const r: string = e.rule; void i; void r; } }
// @ts-expect-error parse reads the four component rules only
parse('h', 'host');
// @ts-expect-error a number is not an input
isValid(42);
export { ok, kind, rule };
`;
  /**
   * uri-grammar/ajv's types, under the same modes: its default import (the plugin), its option
   * and error types, with ajv's own class (its default export is a namespace to node16 and
   * nodenext ES modules: the plugin's declarations must not use it as a type).
   */
  const AJV_TS = `import { Ajv } from 'ajv';
import uriGrammar from 'uri-grammar/ajv';
import type { UriGrammarAjvOptions, UriPolicyErrorParams } from 'uri-grammar/ajv';

const options: UriGrammarAjvOptions = { formats: ['uri', 'uri-reference'], keyword: 'uriPolicy' };
const ajv: Ajv = uriGrammar(new Ajv({ strict: true }), options);
const validate = ajv.compile({ type: 'string', format: 'uri', uriPolicy: { schemes: ['https'], hostSyntax: 'dns', privateHosts: false } });
if (!validate('http://a b') && validate.errors) {
  const p = validate.errors[0].params as unknown as UriPolicyErrorParams;
  const at: number = p.offset;
  const hint: string | undefined = p.hint;
  void at; void hint;
}
// @ts-expect-error the plugin takes an Ajv instance
uriGrammar({});
// @ts-expect-error formats are the four it defines
uriGrammar(new Ajv(), { formats: ['email'] });
export { ajv };
`;
  /** A consumer of each entry of package.json's \`exports\` (file name, source): every one is type-checked. */
  const ENTRY_CONSUMERS: Record<string, [string, string]> = {
    '.': ['consumer', CONSUMER_TS],
    './ajv': ['ajv', AJV_TS],
    './lite': ['lite', LITE_TS],
  };
  it('has a TypeScript consumer for every entry of exports (but package.json)', () => {
    expect(Object.keys(ENTRY_CONSUMERS).sort()).toEqual(Object.keys(PKG.exports).filter((k) => k !== './package.json').sort());
  });
  const MODES: Array<[string, string, Record<string, unknown>]> = [
    ['node16, CommonJS file', 'consumer.cts', { module: 'node16', moduleResolution: 'node16' }],
    ['node16, ES module file', 'consumer.mts', { module: 'node16', moduleResolution: 'node16' }],
    ['nodenext, ES module file', 'consumer.mts', { module: 'nodenext', moduleResolution: 'nodenext' }],
    ['nodenext, CommonJS file', 'consumer.cts', { module: 'nodenext', moduleResolution: 'nodenext' }],
    ['bundler', 'consumer.ts', { module: 'esnext', moduleResolution: 'bundler' }],
  ];
  /** The TypeScript examples of README.md and docs/api.md, each as a module of its own. */
  const DOC_EXAMPLES = ['README.md', path.join('docs', 'api.md')].flatMap((doc) => {
    const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
    return [...text.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m, i) => [`${path.basename(doc, '.md')}-${i}`, m[1]] as const);
  }).filter(([, code]) => /from 'uri-grammar'/.test(code));
  it('the docs have TypeScript examples to compile (the zod one among them)', () => {
    expect(DOC_EXAMPLES.length).toBeGreaterThan(5);
    expect(DOC_EXAMPLES.some(([, code]) => code.includes("from 'zod'") && code.includes('e.hint'))).toBe(true);
  });
  it.each(MODES)('compiles the README and docs/api.md TypeScript examples with --strict: %s', (name, file, options) => {
    const dir = path.join(consumer, 'docs-' + name.replace(/\W+/g, '-'));
    fs.mkdirSync(dir);
    const ext = path.extname(file);
    const names = DOC_EXAMPLES.map(([n, code]) => {
      fs.writeFileSync(path.join(dir, n + ext), `${code}\nexport {};\n`);
      return n + ext;
    });
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
      // The examples show values without using them: unused locals are allowed, nothing else is relaxed.
      compilerOptions: { ...options, target: 'ES2020', lib: ['ES2020'], strict: true, skipLibCheck: false, noEmit: true, types: [] },
      files: names,
    }));
    const res = spawnSync(process.execPath, [TSC, '-p', dir], { cwd: dir, env: ENV, encoding: 'utf8' });
    expect(res.stdout + res.stderr).toBe('');
    expect(res.status).toBe(0);
  });
  it.each(MODES)('compiles a strict TypeScript consumer of every exports entry (., ./ajv, ./lite) without skipLibCheck: %s', (name, file, options) => {
    const dir = path.join(consumer, 'ts-' + name.replace(/\W+/g, '-'));
    fs.mkdirSync(dir);
    const names = Object.values(ENTRY_CONSUMERS).map(([base, code]) => {
      fs.writeFileSync(path.join(dir, base + path.extname(file)), code);
      return base + path.extname(file);
    });
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { ...options, target: 'ES2020', lib: ['ES2020'], strict: true, skipLibCheck: false, noEmit: true, types: [] },
      files: names,
    }));
    const res = spawnSync(process.execPath, [TSC, '-p', dir], { cwd: dir, env: ENV, encoding: 'utf8' });
    expect(res.stdout + res.stderr).toBe('');
    expect(res.status).toBe(0);
  });
});
