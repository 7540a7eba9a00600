#!/usr/bin/env node
/**
 * Builds the playground into dist/playground/: the first view's scripts, the parts loaded when
 * they are first asked for, the stylesheet and index.html. Prints the sizes.
 *
 *   node scripts/build-playground.js [--outdir DIR] [--benchmarks]
 *
 * The code is split by esbuild (ES modules, `splitting`): playground/main.ts is the first view
 * (RFC 3986: verdict, tree, rule, railroad diagram), and each `import()` of it (another grammar's
 * data, the other grammars, the step-through, the analysis panel) a part of its own. Each module
 * esbuild writes is then made a classic script that registers itself with the page's loader
 * (playground/pageLoader.ts), because Chromium runs no module script on a page opened from disk
 * (docs/teaching.md, "The bundle"). The first view's modules are one file, playground.js (the
 * `<script defer>` of index.html); a part's files are added as `<script>` tags when it is first
 * loaded.
 *
 * With --benchmarks (`npm run bench:playground`), the `bench:playground` section of BENCHMARKS.md
 * and the `playground-figures` block of docs/teaching.md are rewritten from the sizes;
 * test/teaching/playgroundBundle.test.ts holds the docs to them.
 */
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const esbuild = require('esbuild');

const root = path.join(__dirname, '..');
const here = (...p) => path.join(root, ...p);

/** The first view must stay within this many bytes gzipped (HTML, CSS and its scripts): issue 38. */
const FIRST_VIEW_BUDGET = 110_000;

/** What `import()` and a part's file is called when the page loads it: the parts, by entry name. */
const PARTS = {
  steps: 'playground/steps.ts',
  analysis: 'playground/analysis.ts',
  grammars: 'playground/moreGrammars.ts',
  'data-rfc2396': 'src/generated/rfc2396Compiled.ts',
  'data-rfc2732': 'src/generated/rfc2732Compiled.ts',
  'data-rfc3987': 'src/generated/rfc3987Compiled.ts',
  'data-rfc6874': 'src/generated/rfc6874Compiled.ts',
};

/**
 * The page's src/generated/load.ts is playground/shippedData.ts (its data scripts are parts), and
 * its src/engine/recursive/fast.ts is playground/noFastRunners.ts (the lists of ends alone).
 */
const pageData = {
  name: 'page-data',
  setup(build) {
    build.onResolve({ filter: /\/generated\/load$/ }, (a) => {
      if (path.resolve(a.resolveDir, a.path) !== here('src', 'generated', 'load')) return undefined;
      return { path: here('playground', 'shippedData.ts') };
    });
    build.onResolve({ filter: /\/recursive\/fast$/ }, (a) => {
      if (path.resolve(a.resolveDir, a.path) !== here('src', 'engine', 'recursive', 'fast')) return undefined;
      return { path: here('playground', 'noFastRunners.ts') };
    });
  },
};

const gz = (data) => zlib.gzipSync(data, { level: 9 }).length;

/** A file of the split ESM output made a classic script: `uriGrammarPage.define(file, factory)`. */
async function classic(file, esm) {
  // `import("./x.js")`, esbuild's own spelling, is the page loader's `load` (the factory's 4th argument).
  const dynamic = esm.replace(/\bimport\("(\.\/[\w.-]+\.js)"\)/g, '$pageImport$("$1")');
  const { code } = await esbuild.transform(dynamic, { format: 'cjs', minify: true, target: 'es2020', legalComments: 'none', charset: 'utf8' });
  return `uriGrammarPage.define(${JSON.stringify(file)},function(require,module,exports,$pageImport$){${code}});\n`;
}

/** Builds into `outdir`; returns the files with their sizes, the first view's and each part's. */
async function buildPlayground(outdir = here('dist', 'playground')) {
  fs.mkdirSync(outdir, { recursive: true });
  for (const f of fs.readdirSync(outdir)) if (/\.(js|css|html)$/.test(f)) fs.unlinkSync(path.join(outdir, f));
  const entryPoints = { playground: here('playground', 'main.ts') };
  for (const [name, file] of Object.entries(PARTS)) entryPoints[name] = here(file);
  const result = await esbuild.build({
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    charset: 'utf8',
    metafile: true,
    write: false,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    // grammarByName reads an .abnf file with fs only when given a path; the page never does.
    external: ['fs'],
    plugins: [pageData],
  });
  const base = (p) => path.basename(p);
  const outputs = Object.fromEntries(Object.entries(result.metafile.outputs).map(([p, o]) => [base(p), o]));
  // The files a file needs before it runs (static imports, transitively), in an order that runs.
  const needs = (file, seen = new Set()) => {
    if (seen.has(file)) return [];
    seen.add(file);
    const deps = outputs[file].imports.filter((i) => i.kind === 'import-statement').map((i) => base(i.path));
    return [...deps.flatMap((d) => needs(d, seen)), file];
  };
  const firstScripts = needs('playground.js');
  const parts = Object.keys(PARTS).map((name) => ({ name, files: needs(`${name}.js`).filter((f) => !firstScripts.includes(f)) }));
  const partFiles = Object.fromEntries(parts.map((p) => [`${p.name}.js`, p.files]));
  const loader = (await esbuild.build({
    entryPoints: [here('playground', 'pageLoader.ts')], bundle: true, format: 'iife', minify: true, write: false, target: 'es2020', logLevel: 'warning',
  })).outputFiles[0].text;
  // The first view's modules are one file, playground.js (loaded together anyway: one request,
  // and gzip sees them whole); each part's are files of their own.
  const texts = new Map();
  for (const out of result.outputFiles) texts.set(base(out.path), await classic(base(out.path), out.text));
  fs.writeFileSync(path.join(outdir, 'playground.js'), [
    loader,
    ...firstScripts.map((f) => texts.get(f)),
    `uriGrammarPage.parts(${JSON.stringify(partFiles)});uriGrammarPage.require("playground.js");\n`,
  ].join(''));
  for (const [file, text] of texts) if (!firstScripts.includes(file)) fs.writeFileSync(path.join(outdir, file), text);
  const css = await esbuild.build({ entryPoints: [here('playground', 'style.css')], bundle: true, minify: true, write: false, logLevel: 'warning', charset: 'utf8', outfile: path.join(outdir, 'playground.css') });
  fs.writeFileSync(path.join(outdir, 'playground.css'), css.outputFiles[0].contents);
  fs.copyFileSync(here('playground', 'index.html'), path.join(outdir, 'index.html'));

  const size = (name) => {
    const data = fs.readFileSync(path.join(outdir, name));
    return { name, bytes: data.length, gzip: gz(data) };
  };
  const first = ['index.html', 'playground.css', 'playground.js'].map(size);
  const sum = (files) => ({ bytes: files.reduce((s, f) => s + f.bytes, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) });
  const partSizes = parts.map((p) => ({ name: p.name, files: p.files.map(size), ...sum(p.files.map(size)) }));
  // What the first view's scripts are made of: bytes in the minified output per package (or `src/...` folder, `playground`).
  const madeOf = {};
  for (const file of firstScripts) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[file].inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      const key = m ? m[1] : input.split('/').slice(0, input.startsWith('src/') ? 2 : 1).join('/');
      madeOf[key] = (madeOf[key] || 0) + bytesInOutput;
    }
  }
  const firstView = { files: first, ...sum(first) };
  if (firstView.gzip > FIRST_VIEW_BUDGET) {
    throw new Error(`the playground's first view is ${firstView.gzip} bytes gzipped, over its budget of ${FIRST_VIEW_BUDGET} (issue 38): load more of it when asked for (PARTS)`);
  }
  return { outdir, firstView, parts: partSizes, madeOf, budget: FIRST_VIEW_BUDGET };
}

const kb = (n) => (n / 1024).toFixed(1);

/**
 * The figures docs/teaching.md shows (between its `playground-figures` markers): whole kB (1,000
 * bytes, as the budget), so that they change only when the sizes do by a kB.
 */
function figuresBlock({ firstView, parts }) {
  const k = (n) => `${Math.round(n / 1000)} kB`;
  const whole = (n) => (n < 500 ? '< 1' : String(Math.round(n / 1000)));
  // Every file of the parts once (two parts may share a file).
  const files = new Map(parts.flatMap((p) => p.files.map((f) => [f.name, f])));
  const rest = [...files.values()].reduce((s, f) => ({ bytes: s.bytes + f.bytes, gzip: s.gzip + f.gzip }), { bytes: 0, gzip: 0 });
  return [
    '<!-- playground-figures: written by npm run bench:playground -->',
    `The first view (RFC 3986's verdict, tree, rule and railroad diagram) loads ${k(firstView.bytes)}, ${k(firstView.gzip)} gzipped`,
    `(HTML, CSS and ${firstView.files.length - 2} script${firstView.files.length === 3 ? '' : 's'}; its budget is ${FIRST_VIEW_BUDGET / 1000} kB gzipped). What it does not need is loaded when it is`,
    `first asked for, ${k(rest.bytes)} in all (${k(rest.gzip)} gzipped):`,
    '',
    '| part | loaded when | kB | gzip kB |',
    '|---|---|---:|---:|',
    ...parts.map((p) => `| ${p.name} | ${WHEN[p.name] ?? 'asked for'} | ${whole(p.bytes)} | ${whole(p.gzip)} |`),
    '<!-- /playground-figures -->',
  ].join('\n');
}

/** When the page loads each part (docs/teaching.md's table). */
const WHEN = {
  steps: 'a step button is pressed, or a node hovered or focused (the "why" lines)',
  analysis: 'the "Grammar analysis" panel is opened',
  grammars: 'another grammar is chosen, or ABNF is pasted',
  'data-rfc2396': 'RFC 2396 is chosen',
  'data-rfc2732': 'RFC 2732 is chosen',
  'data-rfc3987': 'RFC 3987 (IRIs) is chosen',
  'data-rfc6874': 'RFC 6874 is chosen',
};

/** The BENCHMARKS.md section: the first view's files, each part's, and what the first view is made of. */
function benchmarkSection(built) {
  const { firstView, parts, madeOf } = built;
  return [
    '<!-- bench:playground -->',
    '## Playground bundle',
    '',
    'Written by `npm run bench:playground` (scripts/build-playground.js): the files of `dist/playground/`,',
    'minified by esbuild, and gzip -9 sizes (what a static host would send compressed). The first view',
    'is what the page loads to show RFC 3986 (test/teaching/playgroundBundle.browser.test.ts counts what',
    'Chromium asks for); the parts are loaded when first asked for (docs/teaching.md, "The bundle").',
    '',
    '| first view | bytes | KiB | gzip KiB |',
    '|---|---:|---:|---:|',
    ...firstView.files.map((f) => `| ${f.name} | ${f.bytes} | ${kb(f.bytes)} | ${kb(f.gzip)} |`),
    `| **total** | ${firstView.bytes} | ${kb(firstView.bytes)} | ${kb(firstView.gzip)} |`,
    '',
    '| part (loaded when asked for) | files | bytes | KiB | gzip KiB |',
    '|---|---:|---:|---:|---:|',
    ...parts.map((p) => `| ${p.name} | ${p.files.length} | ${p.bytes} | ${kb(p.bytes)} | ${kb(p.gzip)} |`),
    '',
    "The first view's scripts by source (minified bytes):",
    '',
    '| source | bytes |',
    '|---|---:|',
    ...Object.entries(madeOf).sort((a, b) => b[1] - a[1]).map(([k, v]) => `| ${k} | ${v} |`),
    '',
    figuresBlock(built).split('\n').slice(1, 4).join('\n'),
    '<!-- /bench:playground -->',
  ].join('\n');
}

/** Replaces the text between `open` and `close` in `file` by `section` (appended when absent, if `append`). */
function writeBetween(file, re, section, append) {
  const text = fs.readFileSync(file, 'utf8');
  if (!re.test(text) && !append) throw new Error(`${path.relative(root, file)} has no ${re} block`);
  fs.writeFileSync(file, re.test(text) ? text.replace(re, () => section) : `${text.trimEnd()}\n\n${section}\n`);
}

const BENCH_RE = /<!-- bench:playground -->[\s\S]*<!-- \/bench:playground -->/;
const FIGURES_RE = /<!-- playground-figures[\s\S]*?<!-- \/playground-figures -->/;

function writeDocs(built) {
  writeBetween(here('BENCHMARKS.md'), BENCH_RE, benchmarkSection(built), true);
  writeBetween(here('docs', 'teaching.md'), FIGURES_RE, figuresBlock(built), false);
  console.log('BENCHMARKS.md ("Playground bundle") and docs/teaching.md (the bundle\'s figures) written');
}

module.exports = { buildPlayground, figuresBlock, benchmarkSection, FIGURES_RE, BENCH_RE, FIRST_VIEW_BUDGET, PARTS };

if (require.main === module) {
  const i = process.argv.indexOf('--outdir');
  const outdir = i > 0 ? path.resolve(process.argv[i + 1]) : undefined;
  buildPlayground(outdir).then((built) => {
    const { outdir: out, firstView, parts, madeOf } = built;
    const line = (name, bytes, gzip) => console.log(`  ${name.padEnd(22)} ${String(bytes).padStart(8)} bytes  ${String(gzip).padStart(7)} gzip`);
    console.log(`playground written to ${path.relative(process.cwd(), out) || '.'}/`);
    console.log('first view:');
    for (const f of firstView.files) line(f.name, f.bytes, f.gzip);
    line('total', firstView.bytes, firstView.gzip);
    console.log('parts, loaded when asked for:');
    for (const p of parts) line(`${p.name} (${p.files.length} file${p.files.length === 1 ? '' : 's'})`, p.bytes, p.gzip);
    console.log('the first view by source (minified bytes):');
    for (const [k, v] of Object.entries(madeOf).sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${k.padEnd(24)} ${String(v).padStart(8)}`);
    if (process.argv.includes('--benchmarks')) writeDocs(built);
  }, (e) => {
    console.error(`build-playground: ${e.message}`);
    process.exitCode = 1;
  });
}
