/**
 * src/node/codeCache.ts: the bundles load with a V8 code cache, and only where it was made for
 * them (same Node, V8, architecture, the exact source); anything else loads as a plain module
 * with the same answers. The build writes a cache only where V8 gives a script from a cache the
 * name it is compiled under (else stack frames would name the build directory); these tests make
 * their own caches in copies of dist/cjs/, compiled where they load, so they run on every V8.
 * Needs the build (dist/cjs/), as the package tests do.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cacheBytes, cachedData, cacheTakesScriptName, header } from '../../src/node/codeCache';

const ROOT = path.join(__dirname, '..', '..');
const CJS = path.join(ROOT, 'dist', 'cjs');

/** Runs `code` in a fresh node (no flags: V8 refuses a cache made under others); its stdout as JSON. */
const node = (code: string, cwd = ROOT): unknown => {
  const r = spawnSync(process.execPath, ['-e', code], { cwd, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (r.status !== 0) throw new Error(`node failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
};

/** What a fresh process answers through `entry` (dist/cjs/entry.js or a copy), and the cache's status. */
const answers = (dir: string) => `const u = require(${JSON.stringify(path.join(dir, 'entry.js'))});
const v = u.validate('http://a b', 'URI');
// entry.js loads the main bundle on the first read of an export.
const m = require.cache[require('path').join(${JSON.stringify(dir)}, 'index.js')];
console.log(JSON.stringify([m.codeCache, u.isValid('http://a/', 'URI'), u.parse('http://h:1/p').port, v.error.index, v.error.message.split('\\n')[0],
  u.rfc6874.parseTree('http://[fe80::1%25eth0]/', 'URI').children.length, u.compileAbnf('a = "x" / "xy"\\n').isValid('xy', 'a')]));`;

beforeAll(() => {
  if (!fs.existsSync(path.join(CJS, 'index.js'))) throw new Error('code cache test: dist/ is not built; run `npm test` (which builds first) or `npm run build`');
});

describe('cachedData: the header and the source decide', () => {
  const source = Buffer.from('module.exports = 1;\n');
  const data = Buffer.from([1, 2, 3, 4]);
  it('gives V8 the data for this process and this source', () => {
    expect(cachedData(cacheBytes(source, data), source)).toEqual({ data, status: 'used' });
  });
  it('stale: another source, even of the same length', () => {
    expect(cachedData(cacheBytes(source, data), Buffer.from('module.exports = 2;\n')).status).toBe('stale');
    expect(cachedData(cacheBytes(source, data), Buffer.from('module.exports = 22;\n')).status).toBe('stale');
  });
  it('none: another Node, V8 or architecture, or no header', () => {
    for (const change of [{ v8: '1.0' }, { node: 'v1.0.0' }, { arch: 'mips' }, { format: 'other' }]) {
      const bytes = Buffer.concat([Buffer.from(JSON.stringify({ ...header(source.length), ...change }) + '\n'), source, data]);
      expect(cachedData(bytes, source).status).toBe('none');
    }
    expect(cachedData(Buffer.from('not a header'), source).status).toBe('none');
    expect(cachedData(Buffer.from('{broken\n'), source).status).toBe('none');
    expect(cachedData(Buffer.alloc(0), source).status).toBe('none');
  });
});

describe('the built bundles', () => {
  let tmp: string;
  let plain: unknown;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-cache-'));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  /**
   * dist/cjs copied to a folder of its own, with code caches of both bundles made there (compiled
   * under their own file names, after a few first calls, as scripts/code-cache.js does), and
   * `change` applied to it.
   */
  const copy = (name: string, change: (dir: string) => void): string => {
    const dir = path.join(tmp, name);
    fs.cpSync(CJS, dir, { recursive: true });
    for (const f of fs.readdirSync(dir)) if (f.endsWith('.cache')) fs.rmSync(path.join(dir, f));
    node(`const fs = require('fs'), path = require('path');
const cached = require(path.join(${JSON.stringify(dir)}, 'cached.js'));
const runs = ['index.js', 'cli.js'].map((b) => { const file = path.join(${JSON.stringify(dir)}, b); const source = fs.readFileSync(file); return { file, source, ...cached.run(file, source) }; });
const u = runs[0].module.exports;
u.isValid('http://a/', 'URI'); u.validate('http://a b', 'URI'); u.parse('http://h:1/p');
for (const r of runs) fs.writeFileSync(r.file + '.cache', cached.cacheBytes(r.source, r.script.createCachedData()));
console.log('[]');`);
    change(dir);
    return dir;
  };

  it('the build wrote a cache only where V8 gives a script from a cache the name it is compiled under, and under a name of no directory', () => {
    // What this V8 does, seen across two processes: a cache made under one name, used under another.
    const made = path.join(tmp, 'probe.cache');
    node(`const vm = require('vm'); const s = new vm.Script('(function f() { return new Error().stack; })', { filename: '/made/here.js' });
s.runInThisContext()(); require('fs').writeFileSync(${JSON.stringify(made)}, s.createCachedData()); console.log('[]');`);
    const [rejected, stack] = node(`const vm = require('vm'); const s = new vm.Script('(function f() { return new Error().stack; })', { filename: '/used/there.js', cachedData: require('fs').readFileSync(${JSON.stringify(made)}) });
console.log(JSON.stringify([s.cachedDataRejected, s.runInThisContext()()]));`) as [boolean, string];
    expect(rejected).toBe(false);
    const takes = stack.includes('/used/there.js');
    expect(takes || stack.includes('/made/here.js')).toBe(true);
    expect(cacheTakesScriptName()).toBe(takes);
    for (const b of ['index.js', 'cli.js']) {
      const f = path.join(CJS, `${b}.cache`);
      expect([b, fs.existsSync(f)]).toEqual([b, takes]);
      if (takes) expect(fs.readFileSync(f).includes(ROOT)).toBe(false);
    }
  });

  it('require() gets the main bundle through its cache, and the same answers as without it', () => {
    const used = node(answers(copy('cached', () => undefined))) as unknown[];
    expect(used[0]).toBe('used');
    plain = node(answers(copy('no-cache', (dir) => fs.rmSync(path.join(dir, 'index.js.cache')))));
    expect((plain as unknown[])[0]).toBe('none');
    expect(used.slice(1)).toEqual((plain as unknown[]).slice(1));
    expect(used.slice(1)).toEqual([true, '1', 8, 'not a valid URI: at offset 8, found " "', 2, true]);
  });

  it('a bundle changed after the build (same length) is not given the old cache: the change shows', () => {
    const dir = copy('edited', (d) => {
      const f = path.join(d, 'index.js');
      const text = fs.readFileSync(f, 'utf8');
      // foundAt's "found" (the headline's `found " "`) in capitals: the same length.
      const at = text.indexOf('`found', text.indexOf('function foundAt('));
      expect(at).toBeGreaterThan(0);
      const edited = text.slice(0, at) + '`FOUND' + text.slice(at + 6);
      expect(edited.length).toBe(text.length);
      fs.writeFileSync(f, edited);
    });
    const out = node(answers(dir)) as unknown[];
    expect(out[0]).toBe('stale');
    expect(out[4]).toBe('not a valid URI: at offset 8, FOUND " "');
  });

  it('a damaged cache is refused by V8 and the bundle compiles as usual', () => {
    const dir = copy('damaged', (d) => {
      const f = path.join(d, 'index.js.cache');
      const bytes = fs.readFileSync(f);
      fs.writeFileSync(f, bytes.subarray(0, bytes.length - Math.floor((bytes.length - fs.statSync(path.join(d, 'index.js')).size) / 2)));
    });
    const out = node(answers(dir)) as unknown[];
    expect(out[0]).toBe('rejected');
    expect(out.slice(1)).toEqual((plain as unknown[]).slice(1));
  });

  it('a cache made for another V8 is not read into V8 at all', () => {
    const dir = copy('other-v8', (d) => {
      const f = path.join(d, 'index.js.cache');
      const bytes = fs.readFileSync(f);
      const nl = bytes.indexOf(0x0a);
      const h = JSON.parse(bytes.subarray(0, nl).toString('utf8'));
      fs.writeFileSync(f, Buffer.concat([Buffer.from(JSON.stringify({ ...h, v8: '0.0.0' }) + '\n'), bytes.subarray(nl + 1)]));
    });
    expect((node(answers(dir)) as unknown[])[0]).toBe('none');
  });

  it('every way into the package shares one instance of the main bundle: entry, ajv, cold.js, the CLI bundle', () => {
    const CJS = copy('shared', () => undefined);
    const out = node(`const u = require(${JSON.stringify(path.join(CJS, 'entry.js'))});
const ajv = require(${JSON.stringify(path.join(CJS, 'ajv.js'))});
const cached = require(${JSON.stringify(path.join(CJS, 'cached.js'))});
const cli = cached.load(${JSON.stringify(CJS)}, 'cli.js', () => require(${JSON.stringify(path.join(CJS, 'cli.js'))}));
const index = require.cache[${JSON.stringify(path.join(CJS, 'index.js'))}];
const table = Symbol.for('uri-grammar.internal');
console.log(JSON.stringify([index.exports[table] === u[table] && index.exports.UriSyntaxError === u.UriSyntaxError && index.exports.compileAbnf === u.compileAbnf, typeof ajv, u.compileAbnf('a = "x"\\n').isValid('x', 'a'), typeof cli.run,
  require.cache[${JSON.stringify(path.join(CJS, 'cli.js'))}].codeCache, index.codeCache]));`);
    expect(out).toEqual([true, 'function', true, 'function', 'used', 'used']);
  });
});
