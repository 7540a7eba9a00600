// The CommonJS bundles (npm run build, after tsc): what `require('uri-grammar')`,
// `require('uri-grammar/ajv')` and the `uri-grammar` command load, files in dist/cjs/ with
// source maps, bundled by esbuild from the TypeScript sources.
//
// Why: Node loads a CommonJS module per file (resolve, read, compile, run), and the package is
// about 60 files; one file loads in well under half the time (docs/package.md, "How the build is laid out").
// From src/*.ts rather than tsc's dist/src/*.js because esbuild then joins the modules into one
// scope (no wrapper per module) and the source maps point at src/*.ts directly.
//
// - dist/cjs/index.js: src/index.ts's exports. External: parsimmon (users combine our parsimmon parsers
//   with their own, and parsimmon checks `instanceof` its own Parser class, so there must be one
//   parsimmon module; it is required on first use, see src/engine/parsimmonLib-cjs.ts), tr46
//   (required lazily, src/uri/tr46.ts), railroad-diagrams, ajv.
// - dist/cjs/ajv.js: src/ajv-cjs.ts, which reaches the library only through './index': that
//   import stays a require of dist/cjs/index.js, the main bundle, so both entries share one instance of
//   every class and cache. Any other import of a library module fails the build (it would be a
//   second copy).
// - dist/cjs/index.js is split: what the first calls need (RFC 3986's isValid, validate, parse:
//   HOT below) in it, and each other part of the library in a file of its own, dist/cjs/cold-NAME.js
//   (PARTS below: the tables, resolution and normalization, hints, trees, automata, the ABNF
//   reader, the recursive engine with JSON, RFC 5322 and ABNF's own grammar, RFC 3987 and IDNA,
//   the other shipped grammars, precompiled grammars' reader, policies, analysis, teaching) or
//   dist/cjs/cold.js (the rest: the registry, toModule), each loaded synchronously on first use
//   of one of its modules (fromParts). A module lives in one file only: the others take it from
//   there, so that there is one instance of each class and cache.
// - dist/cjs/cli.js: src/cli/index.ts and the modules only the command line uses; the library's
//   modules come from index.js and the cold parts. The commands' modules stay lazy inside it (esbuild
//   keeps a `require` of a bundled module as a call that runs the module's code on first use).
// - dist/cjs/index.mjs and ajv.mjs: Node's `import` of the package, the same bundles in ES module
//   form (scripts/node-esm.js, run at the end).
// - dist/cjs/data/: the shipped grammars' build-time data (src/generated/), a file a piece:
//   the compiled grammars of the catalog (src/builtins/catalog.ts: RFC 2396's, 2732's, 3987's and
//   6874's, NAME.json), and the tree plans of those and of RFC 3986, a file a plan
//   (NAME-plans/KEY.json), each read when first needed (src/generated/load-cjs.ts, lazyData).
// - dist/cjs/entry.js and cached.js: what `require('uri-grammar')` loads, the main bundle with the
//   V8 code cache scripts/code-cache.js writes beside it (src/node/codeCache.ts); cli.js, ajv.js
//   and the cold parts reach the main bundle through entry.js too.
// - dist/cjs/lite.js: src/lite/index.ts (`require('uri-grammar/lite')`), on its own: it shares
//   nothing with the main bundle (its RegExps are all it has), and a program that loads it
//   should not load the main bundle too.
//
// dist/cjs/ is a folder tsc never writes (tsc -p tsconfig.json, which the benchmarks and
// scripts run, rewrites dist/src/), so a benchmark never measures stale or unbundled files.
const fs = require('fs');
const path = require('path');
const esbuild = require('esbuild');

const root = path.join(__dirname, '..');
const src = path.join(root, 'src');
const outdir = path.join(root, 'dist', 'cjs');

const EXTERNAL = ['parsimmon', 'tr46', 'railroad-diagrams', 'ajv'];

/** An esbuild resolver that takes `src/<dir>/<name>-cjs.ts` wherever `src/<dir>/<name>.ts` is imported. */
const cjsSwap = (dir, name) => (build) => build.onResolve({ filter: new RegExp(`/${name}$`) }, (args) => {
  const target = path.resolve(args.resolveDir, args.path);
  return target === path.join(src, dir, name) ? { path: target + '-cjs.ts' } : undefined;
});

/**
 * The lazy parsimmon of the CommonJS bundle in place of the plain import (src/engine/parsimmonLib.ts),
 * and the loader of the analyses that the Grammar's methods call, which loads cold.js
 * (src/engine/grammar/analysisLoad.ts).
 */
const lazyParsimmon = { name: 'lazy-parsimmon', setup: (build) => { cjsSwap('engine', 'parsimmonLib')(build); cjsSwap('engine/grammar', 'analysisLoad')(build); } };

/**
 * The shipped grammars' data from dist/cjs/data/ on first use, in place of the plain imports
 * (src/generated/load.ts): neither `require` of the package nor cold.js reads it.
 */
const lazyData = {
  name: 'lazy-data',
  setup(build) {
    cjsSwap('generated', 'load')(build);
    build.onResolve({ filter: /^\.\/data\/[a-z0-9-]+\.json$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/** The shipped grammars (src/builtins/catalog.ts, from tsc's build: step 2 of the build). */
const catalog = require(path.join(root, 'dist', 'src', 'builtins', 'catalog.js'));

/**
 * The files of dist/cjs/data/, from the catalog: each one constant of a generated module, as JSON
 * (Node parses a `.json` file natively on `require`; a module holding the same text costs V8 a
 * scan of it): a grammar's compiled form (NAME.json), its plans (NAME-plans/, a file a plan).
 */
const DATA = Object.fromEntries(catalog.CATALOG.filter((e) => e.data).flatMap((e) => {
  const [compiled, plans] = catalog.dataFiles(e.name);
  return [
    ...(e.data.compiled ? [[compiled.replace(/\.json$/, ''), [e.data.module, e.data.compiled]]] : []),
    [plans, [e.data.module, e.data.plans]],
  ];
}));

/** A `require` of a file of dist/cjs/ (`file`), left as it stands. */
const besideIt = (file) => ({
  name: `beside-${file}`,
  setup(build) {
    build.onResolve({ filter: new RegExp(`^\\./${file.replace(/[.-]/g, '\\$&')}$`) }, (args) => ({ path: args.path, external: true }));
  },
});

/** For dist/cjs/ajv.js: './index' is the main bundle; no other library module may be copied in. */
const shareMain = {
  name: 'share-main',
  setup(build) {
    build.onResolve({ filter: /^\./ }, (args) => {
      const target = path.resolve(args.resolveDir, args.path).replace(/\.ts$/, '');
      if (target === path.join(src, 'index')) return { path: './index.js', external: true };
      if (target === path.join(src, 'ajv')) return undefined;
      return {
        errors: [{ text: `${path.relative(root, args.importer)} imports ${args.path}: the ajv bundle would carry a second copy of it (and of its state); import it from './index' instead` }],
      };
    });
  },
};

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  tsconfig: path.join(root, 'tsconfig.build.json'),
  external: EXTERNAL,
  sourcemap: true,
  sourcesContent: true,
  logLevel: 'warning',
  // Whitespace and syntax minified (V8 parses every byte: 160 kB to 121 kB took 0.5 ms off a
  // `require` of about 6.6 ms); names kept, so a stack still names every function, and the
  // source maps give src/*.ts lines (node --enable-source-maps). Lines of at most about 120
  // characters: Node prints the line of an uncaught error, which should not be the whole file.
  minifyWhitespace: true,
  minifySyntax: true,
  lineLimit: 120,
};

/**
 * The exports of src/index.ts whose modules dist/cjs/index.js may carry: what a program that
 * reads URIs calls. A module of a cold part (PARTS) never is, whoever needs it: the modules here
 * are those these exports reach short of the parts (hotModules). Every other module is in a part
 * or in dist/cjs/cold.js, and every export is a getter of the main bundle: V8 parses every byte
 * of a file it loads (docs/package.md), and `require` loads the main bundle alone.
 */
const HOT = [
  'RULE_NAMES', 'CHILD_RULES', 'isValid', 'validate', 'parseTree', 'UriSyntaxError', 'GrammarSyntaxError',
  'TreeLimitError', 'parse', 'recompose', 'resolve', 'removeDotSegments', 'normalize', 'equivalent',
  'DEFAULT_PORTS', 'percentEncode', 'percentDecode', 'redact', 'walk', 'createValidator', 'UriPolicyError', 'policyPresets',
  // The policy options' list and schema: the ajv entry makes its keyword's schema of it on load.
  'POLICY_OPTIONS', 'POLICY_OPTION_SCHEMAS',
  'toUri', 'toIri', 'hostToAscii', 'hostToUnicode', 'IdnaError', 'RFC3987_RULES', 'IRI_COMPONENT_RULES',
  // The regular grammars of the catalog that src/index.ts exports under their name (rfc3986,
  // rfc2396, rfc2732, rfc3987, rfc6874) join in main (hotNames).
  // A precompiled grammar's module (toModule) calls it on load: its code is here for the shipped
  // grammars anyway, and cold.js would add about 1 ms to the module's first answer.
  'fromCompiled', 'COMPILED_FORMAT', 'COMPILED_VERSION',
];
/** The catalog's regular grammars that src/index.ts exports under their own name (`names`). */
const hotNames = (names) => catalog.CATALOG.filter((e) => e.kind === 'regular' && names.includes(e.name)).map((e) => e.name);

/** The key of the main bundle's table of its modules' namespaces, which dist/cjs/cold.js reads. */
const INTERNAL = 'uri-grammar.internal';
const INDEX = path.join(src, 'index.ts');
/**
 * A module of the package as a virtual module imports it: relative to src/ (the virtual modules'
 * resolveDir), so that no build path goes into the bundles' source maps.
 */
const fromSrc = (file) => JSON.stringify(`./${path.relative(src, file).split(path.sep).join('/')}`);
const virtual = (name, contents) => ({
  name: `virtual-${name}`,
  setup(build) {
    build.onResolve({ filter: new RegExp(`^virtual:${name}$`) }, () => ({ path: name, namespace: 'virtual' }));
    build.onLoad({ filter: /.*/, namespace: 'virtual' }, () => ({ contents, resolveDir: src, loader: 'js' }));
  },
});

/** The names src/index.ts exports (values only: types leave nothing in JavaScript). */
async function indexExports() {
  const r = await esbuild.build({ ...common, format: 'esm', sourcemap: false, write: false, metafile: true, entryPoints: [INDEX], plugins: [lazyParsimmon], logLevel: 'silent' });
  return Object.values(r.metafile.outputs).find((o) => o.entryPoint).exports;
}

/**
 * The cold parts of the main bundle: each a file of dist/cjs/ (partFile) holding the modules
 * named here, loaded on first use of one of them (fromParts). What a program that reads URIs
 * does not run stays out of the file `require` loads: V8 parses every byte of a file it loads.
 * Modules of neither a part nor the main bundle (what only the other exports need: the
 * registry, the compiler's output, precompiled grammars' reader) are the part 'cold'.
 */
const PARTS = [
  // Reading ABNF (and RFC 2396's notation) and the grammars' texts; with the recursion analysis
  // that the reader's checks run (a regular grammar from text then loads no recursive engine).
  ['abnf', (f) => f.startsWith('src/engine/text/') || ['src/generated/texts.ts', 'src/engine/recursive/analysis.ts'].includes(f)],
  // The recursive engine and the recursive grammars shipped (JSON, RFC 5322, ABNF's own).
  ['recursive', (f) => f.startsWith('src/engine/recursive/') || f === 'src/engine/grammar/recursiveRunner.ts' || f === 'src/builtins/recursive.ts'],
  // Trees: first-match, plans, the compact store (not the one class's front of them, made with
  // each grammar: driverTrees.ts).
  ['trees', (f) => (f.startsWith('src/engine/trees/') && !['src/engine/trees/driverTrees.ts', 'src/engine/trees/backtrack.ts'].includes(f)) || ['src/engine/build/treePlan.ts', 'src/engine/build/samples.ts'].includes(f)],
  // RFC 3986's tables (its rules' DFAs), read on the first verdict (src/uri/rules.ts).
  ['tables', (f) => f === 'src/generated/rfc3986Tables.ts'],
  // What reads a URI into another: resolution, normalization, recomposition, percent-encoding.
  ['ops', (f) => /^src\/uri\/(resolve|resolveValid|normalize|normalOf|normalTriplets|recompose|percent|removeDotSegments|chars)\.ts$/.test(f)],
  // How an error shows its input (invisible and look-alike characters, columns): a first
  // error's message. Its RegExp of Unicode properties alone costs V8 about 0.4 ms to parse.
  ['shown', (f) => f === 'src/engine/shown.ts'],
  // The hints of RFC 3986's syntax errors (a first invalid input).
  ['hints', (f) => f === 'src/uri/hints.ts' || f === 'src/uri/scheme.ts'],
  // Policies (createValidator) and what they read of hosts.
  ['policy', (f) => ['src/uri/policy.ts', 'src/uri/hostPolicy.ts', 'src/uri/specialAddresses.ts', 'src/uri/clientHost.ts', 'src/uri/whatwgReading.ts'].includes(f)],
  // RFC 3987 and IDNA.
  ['iri', (f) => f.startsWith('src/iri/') || f === 'src/uri/tr46.ts'],
  // The other regular grammars shipped: RFC 2396, 2732, 6874.
  ['grammars', (f) => /^src\/builtins\/rfc(2396|2732|6874)/.test(f)],
  // Automata built from rules: a grammar from text, and the RegExp of a rule that has run hot
  // (RFC 3986's first verdicts and errors come from its tables, made at build time).
  ['automata', (f) => /^src\/engine\/automata\/(nfa|automaton|regexp|linearRegexp|refine|stateSets|firstSets)\.ts$/.test(f)],
  // A precompiled grammar's reader (a module written by toModule, and RFC 2396, 2732, 3987 and 6874).
  // (Its front, compiledFront.ts, with what it needs, is dist/cjs/compiled.js too, on its own: FRONT below.)
  ['compiled', (f) => ['src/engine/grammar/fromCompiled.ts', 'src/engine/grammar/compiledData.ts', 'src/engine/grammar/compiledFront.ts', 'src/engine/digest.ts'].includes(f)],
  // The backtracking search: a module's first trees (with the part above), and a grammar from
  // text's first verdicts and trees (src/engine/grammar/quickRuns.ts), which need nothing else here.
  ['search', (f) => ['src/engine/trees/backtrack.ts', 'src/engine/grammar/quickRuns.ts', 'src/engine/grammar/encode.ts'].includes(f)],
  ['analysis', (f) => f.startsWith('src/engine/analysis/')],
  ['teaching', (f) => f.startsWith('src/teaching/')],
];
const partOf = (file) => PARTS.find(([, holds]) => holds(file))?.[0];
/** The file of dist/cjs/ a part is. */
const partFile = (part) => (part === 'cold' ? 'cold.js' : `cold-${part}.js`);
const relative = (file) => path.relative(root, file).split(path.sep).join('/');

/** Resolves imports as the build does, and leaves a module of a part out (external). */
const stopAtParts = {
  name: 'stop-at-parts',
  setup(build) {
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData === 'stop') return undefined;
      const r = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'stop' });
      return !r.errors.length && !r.external && partOf(relative(r.path)) ? { path: r.path, external: true } : r;
    });
  },
};

/** The source files (root-relative) that the hot exports need. */
async function hotModules() {
  const r = await esbuild.build({
    ...common, format: 'esm', sourcemap: false, write: false, metafile: true, entryPoints: ['virtual:hot-probe'], logLevel: 'silent',
    plugins: [stopAtParts, lazyParsimmon, lazyData, virtual('hot-probe', `export { ${HOT.join(', ')} } from ${fromSrc(INDEX)};`)],
  });
  return filesOf(r);
}

/**
 * The code of an entry that fills in `module.exports` itself: `names` as getters of the bindings
 * src/index.ts exports (each a module of this bundle, or a stub of a cold part that loads the
 * part on first use: fromParts), and (under a symbol, not enumerable) the namespaces of the
 * `published` modules, which the other bundles take instead of copying them, so that there is
 * one instance of each module. A cold part's entry is `published` alone (no names).
 */
function entry(names, published) {
  const lines = [
    ...(names.length ? [`import { ${names.join(', ')} } from ${fromSrc(INDEX)};`] : []),
    ...published.map((f, i) => `import * as m${i} from ${fromSrc(path.join(root, f))};`),
    ...(names.length ? [`Object.defineProperty(module.exports, '__esModule', { value: true });`] : []),
    `Object.defineProperty(module.exports, Symbol.for(${JSON.stringify(INTERNAL)}), { value: Object.freeze({ ${published.map((f, i) => `${JSON.stringify(f)}: m${i}`).join(', ')} }) });`,
  ];
  if (names.length) {
    lines.push(
      // One table and a loop rather than a defineProperty a name: cjs-module-lexer (Node's
      // `import` of a CommonJS file) drops a name it sees defined with a getter it cannot read;
      // it finds them all in the footer (exportNames).
      'const getters = {',
      ...[...names].sort().map((n) => `  ${n}: () => ${n},`),
      '};',
      'for (const name of Object.keys(getters)) Object.defineProperty(module.exports, name, { enumerable: true, get: getters[name] });',
    );
  }
  return lines.join('\n') + '\n';
}

/**
 * Never runs: names the exports for Node's `import` of the file (cjs-module-lexer reads this
 * form, as in esbuild's own CommonJS output), which cannot see getters defined in a loop. A
 * footer, since esbuild drops the statement as dead code from an entry.
 */
const exportNames = (names) => ({ footer: { js: `0 && (module.exports = { ${[...names].sort().join(', ')} });` } });

/**
 * The names a source file (root-relative) exports, values only, as esbuild's build of it says
 * (re-exports included); one build a file, kept.
 */
const exportNamesOf = new Map();
const exportsOf = (file) => {
  if (!exportNamesOf.has(file)) {
    exportNamesOf.set(file, esbuild.build({
      ...common, format: 'esm', sourcemap: false, write: false, metafile: true, entryPoints: [path.join(root, file)],
      outfile: path.join(outdir, 'exports-probe.js'), plugins: [lazyParsimmon, lazyData], logLevel: 'silent',
    }).then((r) => Object.values(r.metafile.outputs).find((o) => o.entryPoint).exports.slice().sort()));
  }
  return exportNamesOf.get(file);
};

/**
 * A module that another bundle of dist/cjs/ has is taken from it, never copied: `owner(file)`
 * names the bundle of a source file (root-relative): 'index' (the main bundle), a cold part, or
 * undefined (no bundle's: copied into the bundle that imports it, the command line's own
 * modules). `used` collects, per bundle, the files taken from it, which it then publishes.
 *
 * A module of the main bundle is read from its table at once (one `require` of it in all: a
 * require per stub cost about 50 µs each), into plain constants, one an export (exportsOf): an
 * ES module to esbuild, whose bindings the importing code reads as its own variables. A
 * CommonJS module there would be read through esbuild's live-binding getters (`__toESM`:
 * `() => from[key]`) at each use, which cost the tree builder (a part) 13-35% of a `parseTree`.
 * The main bundle's modules have run when a part loads, and none exports a binding it changes.
 *
 * A module of a cold part is a stub whose exports are read through a Proxy (no names to list):
 * the first one read requires the part, so that a bundle that imports a cold module loads it only
 * when it runs code of it. Each name read is then kept as a plain property of the stub's
 * prototype, so that only its first read goes through the Proxy. esbuild reads an imported
 * binding of a CommonJS module at each use (`import_x.name`), never at import.
 */
const fromParts = (me, owner, used) => ({
  name: 'from-parts',
  setup(build) {
    build.onResolve({ filter: /^(table|lazy):/ }, (args) => ({ path: args.path, namespace: 'part-helpers' }));
    build.onLoad({ filter: /.*/, namespace: 'part-helpers' }, (args) => ({
      contents: args.path === 'lazy:'
        // A stub: an object with no property of its own, whose prototype `kept` holds each name
        // read so far, and whose prototype in turn (a Proxy) reads a name from the part's
        // namespace of the module, loaded on the first read, and keeps it in `kept`. esbuild
        // copies a CommonJS module's own properties for an import (__toESM) and keeps its
        // prototype, so the copy reads through `kept` too, and costs nothing at load.
        // `__esModule` is its own property, so that __toESM does not read it through the Proxy.
        ? 'module.exports = (load) => { let ns; const kept = Object.create(new Proxy({}, { get: (_, n) => { ns ??= load(); ' +
          'if (!(n in ns)) return undefined; const v = ns[n]; Object.defineProperty(kept, n, { value: v, enumerable: true }); return v; } })); ' +
          "const o = Object.create(kept); Object.defineProperty(o, '__esModule', { value: true }); return o; };"
        : `module.exports = require(${JSON.stringify(`./${args.path.slice('table:'.length)}.js`)})[Symbol.for(${JSON.stringify(INTERNAL)})];`,
      resolveDir: outdir,
      loader: 'js',
    }));
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.namespace === 'part-helpers' || args.namespace === 'shared') return { path: args.path, external: true };
      if (args.pluginData === 'from-parts') return undefined;
      const r = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'from-parts' });
      if (r.errors.length || r.external) return r;
      const file = path.relative(root, r.path).split(path.sep).join('/');
      const bundle = owner(file);
      if (!bundle || bundle === me) return r;
      used[bundle].add(file);
      return { path: `${bundle}#${file}`, namespace: 'shared' };
    });
    build.onLoad({ filter: /.*/, namespace: 'shared' }, async (args) => {
      const [bundle, file] = args.path.split('#');
      if (bundle === 'index') {
        const names = await exportsOf(file);
        return {
          contents: `const ns = require("table:index")[${JSON.stringify(file)}];\n` +
            names.map((n, i) => `const x${i} = ns[${JSON.stringify(n)}];\n`).join('') +
            `export { ${names.map((n, i) => `x${i} as ${JSON.stringify(n)}`).join(', ')} };\n`,
          resolveDir: outdir,
          loader: 'js',
        };
      }
      return {
        contents: `module.exports = require("lazy:")(() => require(${JSON.stringify(`./${partFile(bundle)}`)})[Symbol.for(${JSON.stringify(INTERNAL)})][${JSON.stringify(file)}]);`,
        resolveDir: outdir,
        loader: 'js',
      };
    });
  },
});

/** The source files (root-relative) with code in a build's output (its metafile also lists files read and then tree-shaken away). */
const filesOf = (result) => {
  const { inputs } = Object.values(result.metafile.outputs).find((o) => o.entryPoint);
  return Object.keys(inputs).filter((f) => /^(src|grammar)\//.test(f) && inputs[f].bytesInOutput > 0).sort();
};

async function main() {
  const names = await indexExports();
  HOT.push(...hotNames(names));
  const missing = HOT.filter((n) => !names.includes(n));
  if (missing.length) throw new Error(`HOT names what src/index.ts does not export: ${missing.join(', ')}`);
  const hot = new Set(await hotModules());
  /** The bundle of a source file (see fromParts). */
  const owner = (file) => {
    if (!/^(src|grammar)\//.test(file)) return undefined;
    // src/index.ts: the names; limits.ts: constants the hot probe's build inlined (no bytes of
    // it there), which a grammar reads when it is made.
    if (file === 'src/index.ts' || file === 'src/engine/limits.ts') return 'index';
    return partOf(file) ?? (hot.has(file) ? 'index' : file.startsWith('src/cli/') ? undefined : 'cold');
  };
  const bundles = ['index', ...new Set([...PARTS.map(([p]) => p), 'cold'])];
  const none = () => Object.fromEntries(bundles.map((b) => [b, new Set()]));
  // The entry is an ES module that fills in `module.exports` itself.
  const esmEntry = { logOverride: { 'commonjs-variable-in-esm': 'silent' } };
  const build = (published, used, write) => [
    esbuild.build({
      ...common, write, entryPoints: [path.join(src, 'cli', 'index.ts')], outfile: path.join(outdir, 'cli.js'),
      plugins: [fromParts('cli', owner, used), lazyParsimmon, lazyData],
    }),
    ...bundles.filter((b) => b !== 'index' && published[b].size).map((b) => esbuild.build({
      ...common, ...esmEntry, write, entryPoints: [`virtual:part-${b}`], outfile: path.join(outdir, partFile(b)),
      plugins: [fromParts(b, owner, used), lazyParsimmon, lazyData, virtual(`part-${b}`, entry([], [...published[b]].sort()))],
    })),
    esbuild.build({
      ...common, ...esmEntry, ...exportNames(names), write, entryPoints: ['virtual:main'], outfile: path.join(outdir, 'index.js'),
      plugins: [fromParts('index', owner, used), lazyParsimmon, lazyData, virtual('main', entry(names, [...published.index].sort()))],
    }),
  ];
  // Which modules each bundle takes from the others, until no build takes more: a bundle
  // publishes what the others take from it (publishing a module keeps all its exports, which
  // may take more of another bundle).
  let published = none();
  for (let pass = 0; ; pass++) {
    const used = none();
    await Promise.all(build(published, used, false));
    if (bundles.every((b) => used[b].size === published[b].size && [...used[b]].every((f) => published[b].has(f)))) break;
    if (pass > 8) throw new Error('bundle: the parts did not settle on what each publishes');
    published = used;
  }
  await Promise.all([
    ...build(published, none(), true),
    esbuild.build({ ...common, entryPoints: [path.join(src, 'ajv-cjs.ts')], outfile: path.join(outdir, 'ajv.js'), plugins: [shareMain] }),
    esbuild.build({ ...common, entryPoints: [path.join(src, 'lite', 'index.ts')], outfile: path.join(outdir, 'lite.js') }),
    // dist/cjs/compiled.js: the `fromCompiled` of the modules toModule writes, on its own
    // (src/engine/grammar/compiledFront.ts, with the data's checks, the tables' walk and the
    // backtracking search), and not the main bundle: the grammar class of the data (`grammarOfRead`)
    // comes from the part that holds it, dist/cjs/cold-compiled.js, on the first call the front hands on.
    esbuild.build({
      ...common, entryPoints: ['virtual:compiled-front'], outfile: path.join(outdir, 'compiled.js'),
      plugins: [besideIt('cold-compiled.js'), virtual('compiled-front', [
        `import { loadCompiled } from ${fromSrc(path.join(src, 'engine', 'grammar', 'compiledFront.ts'))};`,
        'const classOf = (given, read) =>',
        `  require('./cold-compiled.js')[Symbol.for(${JSON.stringify(INTERNAL)})]['src/engine/grammar/fromCompiled.ts'].grammarOfRead(given, read);`,
        'export function fromCompiled(data) {',
        '  return loadCompiled(data, classOf);',
        '}',
      ].join('\n'))],
    }),
  ]);
  // The data, a JSON file a piece (lazyData above), from tsc's build of the generated modules
  // (step 2 of the build): a compiled grammar's text as it is, a plan table as an object.
  fs.mkdirSync(path.join(outdir, 'data'), { recursive: true });
  for (const [file, [module, constant]] of Object.entries(DATA)) {
    const value = require(path.join(root, 'dist', 'src', 'generated', `${module}.js`))[constant];
    if (value === undefined) throw new Error(`no ${constant} in src/generated/${module}.ts`);
    if (file.endsWith('-plans')) {
      // A file a plan (its JSON text as generated), named by its key: a first tree reads one plan.
      fs.mkdirSync(path.join(outdir, 'data', file), { recursive: true });
      for (const [key, text] of Object.entries(value)) fs.writeFileSync(path.join(outdir, 'data', file, `${encodeURIComponent(key)}.json`), text);
    } else fs.writeFileSync(path.join(outdir, 'data', `${file}.json`), typeof value === 'string' ? value : JSON.stringify(value));
  }
  // What `require('uri-grammar')` loads: the main bundle through its code cache, which
  // scripts/code-cache.js writes after this (src/node/codeCache.ts). The other bundles reach the
  // main one through it too, so whichever a program loads first, the cache serves it.
  await esbuild.build({ ...common, entryPoints: [path.join(src, 'node', 'codeCache.ts')], outfile: path.join(outdir, 'cached.js') });
  // entry.js names the main bundle's exports and loads it on the first read of one of them (or
  // of its table, which the other bundles read): a program that requires the package and has not
  // called it yet has loaded this file alone. Each export read becomes a plain property of the
  // bundle's value (an export's binding never changes), so that later reads cost what a
  // property does, and the same names as the main bundle's, in the same order, for Node's
  // `import` (cjs-module-lexer reads the footer: exportNames).
  fs.writeFileSync(path.join(outdir, 'entry.js'), [
    "'use strict';",
    '// Generated by scripts/bundle.js: what `require(\'uri-grammar\')` loads. Its exports are the main bundle\'s,',
    '// ./index.js, loaded on the first read of one through the code cache the build wrote beside it',
    '// (./cached.js: src/node/codeCache.ts). (No __dirname where a bundler packed this file into an ES',
    '// module: then the plain require.)',
    'let lib;',
    "const load = () => (lib ??= require('./cached.js').load(typeof __dirname === 'string' ? __dirname : '', 'index.js', () => require('./index.js')));",
    `const names = ${JSON.stringify([...names].sort())};`,
    "Object.defineProperty(module.exports, '__esModule', { value: true });",
    `const table = Symbol.for(${JSON.stringify(INTERNAL)});`,
    'Object.defineProperty(module.exports, table, { get: () => load()[table] });',
    'const kept = (name, from = load) => ({ enumerable: true, configurable: true, get() {',
    '  const value = from()[name];',
    '  Object.defineProperty(module.exports, name, { value, enumerable: true, configurable: false });',
    '  return value;',
    '} });',
    'for (const name of names) Object.defineProperty(module.exports, name, kept(name));',
    '// The CommonJS modules toModule writes take fromCompiled from here when this package is loaded',
    '// already (src/engine/grammar/fromCompiled.ts COMPILED_KEY): the first copy loaded keeps the key.',
    `const key = Symbol.for(${JSON.stringify(require(path.join(root, 'dist', 'src', 'engine', 'grammar', 'fromCompiled.js')).COMPILED_KEY)});`,
    '// Their `fromCompiled` (and this bundle\'s) is the front\'s own bundle, ./compiled.js (src/engine/grammar/compiledFront.ts):',
    '// a module\'s first answers load it alone, and the main bundle on the first call the front hands on.',
    "const front = () => require('./compiled.js');",
    "Object.defineProperty(module.exports, 'fromCompiled', kept('fromCompiled', front));",
    "if (!Object.prototype.hasOwnProperty.call(globalThis, key)) Object.defineProperty(globalThis, key, { value: (data) => front().fromCompiled(data), configurable: true });",
    exportNames(names).footer.js,
    '',
  ].join('\n'));
  const parts = bundles.filter((b) => b !== 'index' && published[b].size).map(partFile);
  for (const file of ['cli.js', 'ajv.js', ...parts]) {
    const f = path.join(outdir, file);
    const text = fs.readFileSync(f, 'utf8');
    // The same length ("index" and "entry"): the source maps' columns stay right.
    const swapped = text.split('require("./index.js")').join('require("./entry.js")');
    if (swapped === text && !parts.includes(file)) throw new Error(`${file} no longer requires ./index.js: the swap to ./entry.js needs a look`);
    fs.writeFileSync(f, swapped);
  }
  await require('./node-esm').writeNodeEsm();
}

main().catch((e) => {
  // esbuild has printed the errors (logLevel); one line more says which step failed.
  process.stderr.write(`bundle: ${e && e.message ? String(e.message).split('\n')[0] : e}\n`);
  process.exit(1);
});
