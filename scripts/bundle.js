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

async function main() {
  await Promise.all([
    esbuild.build({ ...common, entryPoints: [path.join(src, 'index.ts')], outfile: path.join(outdir, 'index.js'), plugins: [lazyParsimmon] }),
    esbuild.build({ ...common, entryPoints: [path.join(src, 'ajv-cjs.ts')], outfile: path.join(outdir, 'ajv.js'), plugins: [shareMain] }),
    esbuild.build({ ...common, entryPoints: [path.join(src, 'cli', 'index.ts')], outfile: path.join(outdir, 'cli.js'), plugins: [lazyParsimmon] }),
  ]);
}

main().catch((e) => {
  // esbuild has printed the errors (logLevel); one line more says which step failed.
  process.stderr.write(`bundle: ${e && e.message ? String(e.message).split('\n')[0] : e}\n`);
  process.exit(1);
});
