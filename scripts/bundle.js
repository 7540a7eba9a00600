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
// - dist/cjs/index.js is split: what reads URIs (HOT below) in it, the rest of the exports in
//   dist/cjs/cold.js, loaded on first use of one of them; modules the two share live in
//   index.js only (see fromBundles).
// - dist/cjs/cli.js: src/cli/index.ts and the modules only the command line uses; the library's
//   modules come from index.js and cold.js. The commands' modules stay lazy inside it (esbuild
//   keeps a `require` of a bundled module as a call that runs the module's code on first use).
// - dist/cjs/index.mjs and ajv.mjs: Node's `import` of the package, the same bundles in ES module
//   form (scripts/node-esm.js, run at the end).
// - dist/cjs/data/: the shipped grammars' build-time data (src/generated/), a file a piece:
//   the compiled grammars of the catalog (src/builtins/catalog.ts: RFC 2396's, 2732's, 3987's and
//   6874's, NAME.json), and the tree plans of those and of RFC 3986, a file a plan
//   (NAME-plans/KEY.json), each read when first needed (src/generated/load-cjs.ts, lazyData).
// - dist/cjs/entry.js and cached.js: what `require('uri-grammar')` loads, the main bundle with the
//   V8 code cache scripts/code-cache.js writes beside it (src/node/codeCache.ts); cli.js, ajv.js
//   and cold.js reach the main bundle through entry.js too.
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
 * The exports of src/index.ts that dist/cjs/index.js carries itself: what a program that reads
 * URIs or IRIs calls, the policies (config loaders and the ajv plugin use them), RFC 3986 as a
 * `Grammar`, and the catalog's other regular grammars RFC 3987, 2396, 2732 and 6874 — their code, not their data,
 * which dist/cjs/data/ holds (lazyData above): with it here, a first `isValid` of one of them
 * takes about 2 ms, where loading cold.js first would add about 1 ms. Every other export (the
 * registry, the notation hooks, the compiler's front door) is a getter that loads
 * dist/cjs/cold.js on first use: V8 parses every byte of a file it loads (docs/package.md).
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

/** `require(file)` stays as it is: another file of dist/cjs/. */
const sibling = (file) => ({
  name: `sibling-${file}`,
  setup(build) {
    build.onResolve({ filter: new RegExp(`^${file.replace(/\./g, '\\.')}$`) }, () => ({ path: file, external: true }));
  },
});

/** The names src/index.ts exports (values only: types leave nothing in JavaScript). */
async function indexExports() {
  const r = await esbuild.build({ ...common, format: 'esm', sourcemap: false, write: false, metafile: true, entryPoints: [INDEX], plugins: [lazyParsimmon], logLevel: 'silent' });
  return Object.values(r.metafile.outputs).find((o) => o.entryPoint).exports;
}

/** The source files (root-relative) that the hot exports need. */
async function hotModules() {
  const r = await esbuild.build({
    ...common, format: 'esm', sourcemap: false, write: false, metafile: true, entryPoints: ['virtual:hot-probe'], logLevel: 'silent',
    plugins: [lazyParsimmon, lazyData, virtual('hot-probe', `export { ${HOT.join(', ')} } from ${fromSrc(INDEX)};`)],
  });
  return filesOf(r);
}

/**
 * The code of an entry that fills in `module.exports` itself: `own` names as getters of this
 * bundle's bindings, `others` as getters that require `dist/cjs/cold.js` on first use, and (under a
 * symbol, not enumerable) the namespaces of the `published` modules, which the other bundles
 * take instead of copying them, so that there is one instance of each module.
 */
function entry(own, others, published) {
  const lines = [
    `import { ${own.join(', ')} } from ${fromSrc(INDEX)};`,
    ...published.map((f, i) => `import * as m${i} from ${fromSrc(path.join(root, f))};`),
    ...(others.length ? ['let cold;', `const loadCold = () => (cold ??= require('./cold.js'));`] : []),
    `Object.defineProperty(module.exports, '__esModule', { value: true });`,
    `Object.defineProperty(module.exports, Symbol.for(${JSON.stringify(INTERNAL)}), { value: Object.freeze({ ${published.map((f, i) => `${JSON.stringify(f)}: m${i}`).join(', ')} }) });`,
    // One table and a loop rather than a defineProperty a name: cjs-module-lexer (Node's
    // `import` of a CommonJS file) drops a name it sees defined with a getter it cannot read;
    // it finds them all in the footer (exportNames).
    'const getters = {',
    ...[...own, ...others].sort().map((n) => `  ${n}: () => ${own.includes(n) ? n : `loadCold().${n}`},`),
    '};',
    'for (const name of Object.keys(getters)) Object.defineProperty(module.exports, name, { enumerable: true, get: getters[name] });',
  ];
  return lines.join('\n') + '\n';
}

/**
 * Never runs: names the exports for Node's `import` of the file (cjs-module-lexer reads this
 * form, as in esbuild's own CommonJS output), which cannot see getters defined in a loop. A
 * footer, since esbuild drops the statement as dead code from an entry.
 */
const exportNames = (names) => ({ footer: { js: `0 && (module.exports = { ${[...names].sort().join(', ')} });` } });

/**
 * A module that another bundle of dist/cjs/ has is taken from it, never copied: `owner` maps a
 * source file (absolute) to that bundle ('./index.js' or './cold.js'); `used` collects, per
 * bundle, the files (root-relative) taken, which that bundle then publishes.
 */
const fromBundles = (owner, used) => ({
  name: 'from-bundles',
  setup(build) {
    // A stub reads the bundle's table, a module of its own: one require of the other bundle in
    // all (a require per stub cost about 50 µs each, 1 ms of loading cold.js).
    build.onResolve({ filter: /^table:/ }, (args) => ({ path: args.path.slice('table:'.length), namespace: 'table' }));
    build.onLoad({ filter: /.*/, namespace: 'table' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)})[Symbol.for(${JSON.stringify(INTERNAL)})];`,
      resolveDir: outdir,
      loader: 'js',
    }));
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.namespace === 'table') return { path: args.path, external: true };
      if (args.pluginData === 'from-bundles') return undefined;
      const r = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'from-bundles' });
      const bundle = r.errors.length ? undefined : owner.get(r.path);
      if (!bundle) return r;
      const file = path.relative(root, r.path).split(path.sep).join('/');
      used[bundle].add(file);
      return { path: `${bundle}#${file}`, namespace: 'shared' };
    });
    build.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => {
      const [bundle, file] = args.path.split('#');
      return {
        contents: `module.exports = require(${JSON.stringify('table:' + bundle)})[${JSON.stringify(file)}];`,
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
  const cold = names.filter((n) => !HOT.includes(n));
  const owner = new Map();
  for (const f of await hotModules()) owner.set(path.join(root, f), './index.js');
  // Which modules the cold exports add (those of the main bundle are taken from it).
  const coldProbe = await esbuild.build({
    ...common, sourcemap: false, write: false, metafile: true, entryPoints: ['virtual:cold'], logLevel: 'error',
    plugins: [fromBundles(owner, { './index.js': new Set() }), lazyParsimmon, lazyData, virtual('cold', entry(cold, [], []))],
    logOverride: { 'commonjs-variable-in-esm': 'silent' },
  });
  for (const f of filesOf(coldProbe)) owner.set(path.join(root, f), './cold.js');

  // The command line first, then cold.js, then index.js: each finds which modules of the next
  // it takes, and the next publishes them.
  const used = { './index.js': new Set(), './cold.js': new Set() };
  // The entry is an ES module that fills in `module.exports` itself.
  const esmEntry = { logOverride: { 'commonjs-variable-in-esm': 'silent' } };
  await esbuild.build({
    ...common, entryPoints: [path.join(src, 'cli', 'index.ts')], outfile: path.join(outdir, 'cli.js'),
    plugins: [fromBundles(owner, used), lazyParsimmon, lazyData],
  });
  const coldOwner = new Map([...owner].filter(([, b]) => b === './index.js'));
  await esbuild.build({
    ...common, ...esmEntry, ...exportNames(cold), entryPoints: ['virtual:cold'], outfile: path.join(outdir, 'cold.js'),
    plugins: [fromBundles(coldOwner, used), lazyParsimmon, lazyData, virtual('cold', entry(cold, [], [...used['./cold.js']].sort()))],
  });
  await Promise.all([
    esbuild.build({
      ...common, ...esmEntry, ...exportNames(names), entryPoints: ['virtual:main'], outfile: path.join(outdir, 'index.js'),
      plugins: [lazyParsimmon, lazyData, sibling('./cold.js'), virtual('main', entry(HOT, cold, [...used['./index.js']].sort()))],
    }),
    esbuild.build({ ...common, entryPoints: [path.join(src, 'ajv-cjs.ts')], outfile: path.join(outdir, 'ajv.js'), plugins: [shareMain] }),
    esbuild.build({ ...common, entryPoints: [path.join(src, 'lite', 'index.ts')], outfile: path.join(outdir, 'lite.js') }),
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
  fs.writeFileSync(path.join(outdir, 'entry.js'), [
    "'use strict';",
    '// Generated by scripts/bundle.js: what `require(\'uri-grammar\')` loads, the main bundle ./index.js',
    '// through the code cache the build wrote beside it (./cached.js: src/node/codeCache.ts).',
    '// (No __dirname where a bundler packed this file into an ES module: then the plain require.)',
    "const lib = module.exports = require('./cached.js').load(typeof __dirname === 'string' ? __dirname : '', 'index.js', () => require('./index.js'));",
    '// The CommonJS modules toModule writes take fromCompiled from here when this package is loaded',
    '// already (src/engine/grammar/fromCompiled.ts COMPILED_KEY): the first copy loaded keeps the key.',
    `const key = Symbol.for(${JSON.stringify(require(path.join(root, 'dist', 'src', 'engine', 'grammar', 'fromCompiled.js')).COMPILED_KEY)});`,
    "if (!Object.prototype.hasOwnProperty.call(globalThis, key)) Object.defineProperty(globalThis, key, { value: (data) => lib.fromCompiled(data), configurable: true });",
    '',
  ].join('\n'));
  for (const file of ['cli.js', 'ajv.js', 'cold.js']) {
    const f = path.join(outdir, file);
    const text = fs.readFileSync(f, 'utf8');
    // The same length ("index" and "entry"): the source maps' columns stay right.
    const swapped = text.split('require("./index.js")').join('require("./entry.js")');
    if (swapped === text) throw new Error(`${file} no longer requires ./index.js: the swap to ./entry.js needs a look`);
    fs.writeFileSync(f, swapped);
  }
  await require('./node-esm').writeNodeEsm();
}

main().catch((e) => {
  // esbuild has printed the errors (logLevel); one line more says which step failed.
  process.stderr.write(`bundle: ${e && e.message ? String(e.message).split('\n')[0] : e}\n`);
  process.exit(1);
});
