/**
 * Loading a CommonJS bundle of dist/cjs/ with the V8 code cache the build wrote beside it
 * (scripts/code-cache.js): `require('uri-grammar')` (dist/cjs/entry.js) and the command line
 * load the main bundle and the command line's through `load`.
 *
 * Why: most of a first answer in a fresh process is V8 compiling code it has not run yet (the
 * bundle's source on `require`, then each function on its first call). A code cache holds the
 * bytecode of the functions the build ran (first calls of every grammar and verb), so a process
 * deserializes them instead (docs/ARCHITECTURE.md, "Cold start").
 *
 * A cache is used only where it was made: the same Node and V8 version and architecture (its
 * header says which), and the bundle exactly as it was (the cache holds a copy of the source,
 * compared byte for byte: V8 itself checks only the source's length). Anything else, a missing
 * or unreadable cache, or one V8 refuses (other flags, a corrupt file), and the bundle loads as
 * any module does: the same code, compiled on the way. `codeCache` on the bundle's entry in
 * `require.cache` says which happened.
 *
 * A cache carries no build path. V8 serializes the script's name with the code, and some V8s
 * (V8 11, Node 20's) keep that name when a script is compiled from the cache under another: the
 * stack frames of a package installed elsewhere would name the directory it was built in. So
 * the build compiles under a name of no directory (`uri-grammar/dist/cjs/index.js`), and writes a
 * cache only where this V8 gives a script from a cache the name it is compiled under
 * (`cacheTakesScriptName`): its stack frames then name the installed file. Elsewhere, no cache.
 */
// Node's modules are required when `load` runs, not at the top: a bundler that packs the package
// into an ES module (where `require` is missing) then takes the plain path instead of failing.
type Fs = typeof import('fs');
type ModuleClass = typeof import('module');
type Vm = typeof import('vm');
type Script = import('vm').Script;
type Module = import('module');

export const CACHE_FORMAT = 'uri-grammar/code-cache';

/** What became of a bundle's cache. */
export type CacheStatus =
  /** V8 took it. */
  | 'used'
  /** V8 refused it (other V8 flags, a damaged file): compiled as usual. */
  | 'rejected'
  /** Made for another version of the bundle (the source differs): not given to V8. */
  | 'stale'
  /** No cache, or one made for another Node, V8 or architecture. */
  | 'none';

/** The first line of a cache file; then `source` bytes of the bundle's source, then V8's data. */
export interface CacheHeader {
  readonly format: typeof CACHE_FORMAT;
  readonly node: string;
  readonly v8: string;
  readonly arch: string;
  /** Bytes of the bundle's source that follow the header. */
  readonly source: number;
}

/** The cache file of a bundle. */
export const cacheFile = (file: string): string => `${file}.cache`;

/** The header a cache made by this process carries. */
export function header(source: number): CacheHeader {
  return { format: CACHE_FORMAT, node: process.version, v8: process.versions.v8, arch: process.arch, source };
}

/** V8's data in `cache` for this process and `source`, or why there is none. */
export function cachedData(cache: Buffer, source: Buffer): { data?: Buffer; status: CacheStatus } {
  const nl = cache.indexOf(0x0a);
  if (nl < 0) return { status: 'none' };
  let h: Partial<CacheHeader>;
  try {
    h = JSON.parse(cache.subarray(0, nl).toString('utf8')) as Partial<CacheHeader>;
  } catch {
    return { status: 'none' };
  }
  const mine = header(source.length);
  if (h.format !== CACHE_FORMAT || h.node !== mine.node || h.v8 !== mine.v8 || h.arch !== mine.arch) return { status: 'none' };
  const from = nl + 1;
  if (h.source !== source.length || cache.length < from + source.length || !cache.subarray(from, from + source.length).equals(source)) return { status: 'stale' };
  return { data: cache.subarray(from + source.length), status: 'used' };
}

/** A cache file for `source` and V8's data. */
export function cacheBytes(source: Buffer, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(JSON.stringify(header(source.length)) + '\n'), source, data]);
}

type Cached = Module & { codeCache?: CacheStatus };

/** The name the build compiles a bundle under for its cache: the package's own path, no directory. */
export const scriptNameOf = (name: string): string => `uri-grammar/dist/cjs/${name}`;

/**
 * Whether this V8 gives a script compiled with a code cache the name it is compiled under (a
 * cache then shows no build path), rather than the name the cache was made under. Asked of V8
 * itself, with a script of its own: false where it cannot tell.
 */
export function cacheTakesScriptName(): boolean {
  const vm = require('vm') as Vm;
  const source = `(function uriGrammarNameProbe() { return new Error('probe').stack; })/* ${process.pid} ${Date.now()} */`;
  const made = new vm.Script(source, { filename: 'uri-grammar-probe:made' });
  (made.runInThisContext() as () => string)();
  const used = new vm.Script(source, { filename: 'uri-grammar-probe:used', cachedData: made.createCachedData() });
  if (used.cachedDataRejected) return false;
  return String((used.runInThisContext() as () => string)()).includes('uri-grammar-probe:used');
}

/**
 * Compiles and runs the CommonJS module `file` (its source `source`) as Node's loader would
 * (the same wrapper, `this`, `exports`, `require`, `module`, `__filename`, `__dirname`),
 * through a `vm.Script` given `data` as its code cache; registered in `require.cache` first, as
 * Node does (a cycle gets the exports so far).
 */
export function run(file: string, source: Buffer, data?: Buffer, scriptName = file): { module: Cached; script: Script } {
  const Module = require('module') as ModuleClass;
  const vm = require('vm') as Vm;
  const path = require('path') as typeof import('path');
  const m = new Module(file, module) as Cached;
  m.filename = file;
  require.cache[file] = m;
  try {
    // Module.wrap(source) as one string, decoded once: Module.wrap of a decoded source makes a
    // second copy of it when V8 flattens the concatenation (hundreds of kB of young memory,
    // which a process's first calls would then pay for in a garbage collection).
    const wrap = Module.wrap('\u0000');
    const at = wrap.indexOf('\u0000');
    const wrapped = Buffer.concat([Buffer.from(wrap.slice(0, at)), source, Buffer.from(wrap.slice(at + 1))]).toString('utf8');
    const script = new vm.Script(wrapped, { filename: scriptName, cachedData: data });
    m.codeCache = data === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used';
    const fn = script.runInThisContext() as (this: unknown, ...a: unknown[]) => void;
    fn.call(m.exports, m.exports, Module.createRequire(file), m, file, path.dirname(file));
    m.loaded = true;
    return { module: m, script };
  } catch (e) {
    delete require.cache[file];
    throw e;
  }
}

/**
 * The exports of the bundle `name` in the folder `dir`, with its code cache where it applies;
 * else `plain()`, the bundle's own `require` (written beside the call, so that a bundler that
 * packs the package follows it).
 */
export function load(dir: string, name: string, plain: () => unknown): unknown {
  let file: string;
  let source: Buffer;
  if (!dir) return plain();
  let fs: Fs;
  try {
    file = (require('path') as typeof import('path')).join(dir, name);
    const loaded = require.cache[file];
    if (loaded) return loaded.exports;
    fs = require('fs') as Fs;
    source = fs.readFileSync(file);
  } catch {
    // No bundle beside this file (a bundler packed it), or no `require`.
    return plain();
  }
  let found: { data?: Buffer; status: CacheStatus } = { status: 'none' };
  try {
    found = cachedData(fs.readFileSync(cacheFile(file)), source);
  } catch {
    // No cache.
  }
  if (found.data === undefined) {
    const exports = plain();
    const m = require.cache[file] as Cached | undefined;
    if (m) m.codeCache = found.status;
    return exports;
  }
  return run(file, source, found.data).module.exports;
}
