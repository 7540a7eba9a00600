// The CommonJS bundles (npm run build, after tsc): what `require('uri-grammar')`,
// `require('uri-grammar/ajv')` and the `uri-grammar` command load, each one file in dist/cjs/
// with its source map, bundled by esbuild from the TypeScript sources.
//
// Why: Node loads a CommonJS module per file (resolve, read, compile, run), and the package is
// about 60 files; one file loads in about half the time (docs/ARCHITECTURE.md, "The build").
// From src/*.ts rather than tsc's dist/src/*.js because esbuild then joins the modules into one
// scope (no wrapper per module) and the source maps point at src/*.ts directly.
//
// - dist/cjs/index.js: src/index.ts. External: parsimmon (users combine our parsimmon parsers
//   with their own, and parsimmon checks `instanceof` its own Parser class, so there must be one
//   parsimmon module; it is required on first use, see src/engine/parsimmonLib-cjs.ts), tr46
//   (required lazily, src/iri/tr46.ts), railroad-diagrams, ajv.
// - dist/cjs/ajv.js: src/ajv-cjs.ts, which reaches the library only through './index': that
//   import stays a require of ./index.js, the main bundle, so both entries share one instance of
//   every class and cache. Any other import of a library module fails the build (it would be a
//   second copy).
// - dist/cjs/cli.js: src/cli/index.ts, self-contained (a process of its own); the commands'
//   modules stay lazy inside it (esbuild keeps a `require` of a bundled module as a call that
//   runs the module's code on first use).
//
// dist/cjs/ is a folder tsc never writes (tsc -p tsconfig.json, which the benchmarks and
// scripts run, rewrites dist/src/), so a benchmark never measures stale or unbundled files.
const path = require('path');
const esbuild = require('esbuild');

const root = path.join(__dirname, '..');
const src = path.join(root, 'src');
const outdir = path.join(root, 'dist', 'cjs');

const EXTERNAL = ['parsimmon', 'tr46', 'railroad-diagrams', 'ajv'];

/** The lazy parsimmon of the CommonJS bundle in place of the plain import (src/engine/parsimmonLib.ts). */
const lazyParsimmon = {
  name: 'lazy-parsimmon',
  setup(build) {
    build.onResolve({ filter: /\/parsimmonLib$/ }, (args) => {
      const target = path.resolve(args.resolveDir, args.path);
      if (target !== path.join(src, 'engine', 'parsimmonLib')) return undefined;
      return { path: target + '-cjs.ts' };
    });
  },
};

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
  // Not minified: the bundle's size hardly changes its load time (V8 parses names and
  // whitespace fast), and readable frames help whoever runs without source maps.
  minify: false,
};

/**
 * The exports of src/index.ts that dist/cjs/index.js carries itself: what a program that reads
 * URIs calls. Every other export (the ABNF compiler, the other grammars, the IRI layer, the
 * policies) is a getter that loads dist/cjs/cold.js on first use: V8 parses every byte of a
 * file it loads, and those modules are about as much code again as these (docs/ARCHITECTURE.md).
 */
const HOT = [
  'RULE_NAMES', 'CHILD_RULES', 'isValid', 'validate', 'parseTree', 'UriSyntaxError', 'GrammarSyntaxError',
  'TreeLimitError', 'parse', 'recompose', 'resolve', 'removeDotSegments', 'normalize', 'equivalent',
  'DEFAULT_PORTS', 'percentEncode', 'percentDecode', 'redact', 'walk',
];
/** The key of the main bundle's table of its modules' namespaces, which dist/cjs/cold.js reads. */
const INTERNAL = 'uri-grammar.internal';
const INDEX = path.join(src, 'index.ts');
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
    plugins: [lazyParsimmon, virtual('hot-probe', `export { ${HOT.join(', ')} } from ${JSON.stringify(INDEX)};`)],
  });
  // The output's inputs with bytes in it: the metafile's list of inputs also has the modules
  // that were read and then tree-shaken away.
  const { inputs } = Object.values(r.metafile.outputs).find((o) => o.entryPoint);
  return Object.keys(inputs).filter((f) => /^(src|grammar)\//.test(f) && inputs[f].bytesInOutput > 0).sort();
}

/**
 * dist/cjs/index.js: the hot exports, the cold ones as getters that load ./cold.js, and (under a
 * symbol, not enumerable) the namespaces of all its modules, through which ./cold.js reaches the
 * modules the two share, so that there is one instance of each.
 */
function mainEntry(names, sharedFiles) {
  const lines = [
    `import { ${HOT.join(', ')} } from ${JSON.stringify(INDEX)};`,
    ...sharedFiles.map((f, i) => `import * as m${i} from ${JSON.stringify(path.join(root, f))};`),
    'let cold;',
    `const loadCold = () => (cold ??= require('./cold.js'));`,
    `Object.defineProperty(module.exports, '__esModule', { value: true });`,
    `Object.defineProperty(module.exports, Symbol.for(${JSON.stringify(INTERNAL)}), { value: Object.freeze({ ${sharedFiles.map((f, i) => `${JSON.stringify(f)}: m${i}`).join(', ')} }) });`,
    ...[...names].sort().map((n) => HOT.includes(n)
      ? `Object.defineProperty(module.exports, ${JSON.stringify(n)}, { enumerable: true, get: () => ${n} });`
      : `Object.defineProperty(module.exports, ${JSON.stringify(n)}, { enumerable: true, get: () => loadCold().${n} });`),
  ];
  return { contents: lines.join('\n') + '\n' };
}

/**
 * For dist/cjs/cold.js: a module the main bundle has is taken from it, never copied. `shared`
 * collects those modules (root-relative): the main bundle publishes their namespaces.
 */
const fromMain = (hotFiles, shared) => ({
  name: 'from-main',
  setup(build) {
    const hot = new Set(hotFiles.map((f) => path.join(root, f)));
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.namespace === 'main') return { path: './index.js', external: true };
      if (args.pluginData === 'from-main') return undefined;
      const r = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'from-main' });
      if (r.errors.length || !hot.has(r.path)) return r;
      const file = path.relative(root, r.path).split(path.sep).join('/');
      shared.add(file);
      return { path: file, namespace: 'main' };
    });
    build.onLoad({ filter: /.*/, namespace: 'main' }, (args) => ({
      contents: `module.exports = require('./index.js')[Symbol.for(${JSON.stringify(INTERNAL)})][${JSON.stringify(args.path)}];`,
      resolveDir: outdir,
      loader: 'js',
    }));
  },
});

async function main() {
  const names = await indexExports();
  const missing = HOT.filter((n) => !names.includes(n));
  if (missing.length) throw new Error(`HOT names exports src/index.ts does not have: ${missing.join(', ')}`);
  const hotFiles = await hotModules();
  const cold = names.filter((n) => !HOT.includes(n));
  // The cold bundle first: it finds which of the main bundle's modules it needs.
  const shared = new Set();
  await esbuild.build({
    ...common, entryPoints: ['virtual:cold'], outfile: path.join(outdir, 'cold.js'),
    plugins: [fromMain(hotFiles, shared), lazyParsimmon, virtual('cold', `export { ${cold.join(', ')} } from ${JSON.stringify(INDEX)};`)],
  });
  const entry = mainEntry(names, [...shared].sort());
  await Promise.all([
    esbuild.build({
      ...common, entryPoints: ['virtual:main'], outfile: path.join(outdir, 'index.js'),
      plugins: [lazyParsimmon, sibling('./cold.js'), virtual('main', entry.contents)],
      // The entry is an ES module that fills in `module.exports` itself.
      logOverride: { 'commonjs-variable-in-esm': 'silent' },
    }),
    esbuild.build({ ...common, entryPoints: [path.join(src, 'ajv-cjs.ts')], outfile: path.join(outdir, 'ajv.js'), plugins: [shareMain] }),
    esbuild.build({ ...common, entryPoints: [path.join(src, 'cli', 'index.ts')], outfile: path.join(outdir, 'cli.js'), plugins: [lazyParsimmon] }),
  ]);
}

main().catch((e) => {
  // esbuild has printed the errors (logLevel); one line more says which step failed.
  process.stderr.write(`bundle: ${e && e.message ? String(e.message).split('\n')[0] : e}\n`);
  process.exit(1);
});
