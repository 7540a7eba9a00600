#!/usr/bin/env node
/**
 * Builds the playground: playground/main.ts bundled by esbuild into one classic script
 * (an IIFE, so the page works opened from disk as well as from any static host), the
 * stylesheet beside it, and index.html. Writes dist/playground/ and prints the sizes.
 *
 *   node scripts/build-playground.js [--outdir DIR] [--benchmarks]
 *
 * With --benchmarks (`npm run bench:playground`), the section between the `bench:playground`
 * markers of BENCHMARKS.md is rewritten with the sizes (appended when absent).
 */
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const esbuild = require('esbuild');

const root = path.join(__dirname, '..');

/** Builds into `outdir`; returns { files: [{ name, bytes, gzip }] }. */
async function buildPlayground(outdir = path.join(root, 'dist', 'playground')) {
  fs.mkdirSync(outdir, { recursive: true });
  const result = await esbuild.build({
    entryPoints: { playground: path.join(root, 'playground', 'main.ts'), 'playground-style': path.join(root, 'playground', 'style.css') },
    outdir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    charset: 'utf8',
    metafile: true,
    // grammarByName reads an .abnf file with fs only when given a path; the page never does.
    external: ['fs'],
  });
  // esbuild names the CSS entry's output after the entry; the page links playground.css.
  fs.renameSync(path.join(outdir, 'playground-style.css'), path.join(outdir, 'playground.css'));
  const stray = path.join(outdir, 'playground-style.js');
  if (fs.existsSync(stray)) fs.unlinkSync(stray);
  fs.copyFileSync(path.join(root, 'playground', 'index.html'), path.join(outdir, 'index.html'));
  const files = ['index.html', 'playground.js', 'playground.css'].map((name) => {
    const data = fs.readFileSync(path.join(outdir, name));
    return { name, bytes: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
  });
  // What the script is made of: bytes in the minified output per package (or `src`, `playground`).
  const parts = {};
  const js = Object.entries(result.metafile.outputs).find(([name]) => name.endsWith('playground.js'))[1];
  for (const [input, { bytesInOutput }] of Object.entries(js.inputs)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    const key = m ? m[1] : input.split('/')[0];
    parts[key] = (parts[key] || 0) + bytesInOutput;
  }
  return { outdir, files, parts };
}

/** The BENCHMARKS.md section: file sizes and what the script is made of. */
function benchmarkSection(files, parts) {
  const total = files.reduce((s, f) => s + f.bytes, 0);
  const gzip = files.reduce((s, f) => s + f.gzip, 0);
  const kb = (n) => (n / 1024).toFixed(1);
  return [
    '<!-- bench:playground -->',
    '## Playground bundle',
    '',
    'Written by `npm run bench:playground` (scripts/build-playground.js): the files of `dist/playground/`,',
    'minified by esbuild, and gzip -9 sizes (what a static host would send compressed). The page loads',
    'these three files and nothing else.',
    '',
    '| file | bytes | KiB | gzip KiB |',
    '|---|---:|---:|---:|',
    ...files.map((f) => `| ${f.name} | ${f.bytes} | ${kb(f.bytes)} | ${kb(f.gzip)} |`),
    `| **total** | ${total} | ${kb(total)} | ${kb(gzip)} |`,
    '',
    'playground.js by source (minified bytes in the bundle):',
    '',
    '| source | bytes |',
    '|---|---:|',
    ...Object.entries(parts).sort((a, b) => b[1] - a[1]).map(([k, v]) => `| ${k} | ${v} |`),
    '<!-- /bench:playground -->',
  ].join('\n');
}

function writeBenchmarks(files, parts) {
  const md = path.join(root, 'BENCHMARKS.md');
  const text = fs.readFileSync(md, 'utf8');
  const section = benchmarkSection(files, parts);
  const re = /<!-- bench:playground -->[\s\S]*<!-- \/bench:playground -->/;
  fs.writeFileSync(md, re.test(text) ? text.replace(re, section) : `${text.trimEnd()}\n\n${section}\n`);
  console.log('BENCHMARKS.md: section "Playground bundle" written');
}

module.exports = { buildPlayground };

if (require.main === module) {
  const i = process.argv.indexOf('--outdir');
  const outdir = i > 0 ? path.resolve(process.argv[i + 1]) : undefined;
  buildPlayground(outdir).then(({ outdir: out, files, parts }) => {
    console.log(`playground written to ${path.relative(process.cwd(), out) || '.'}/`);
    for (const f of files) console.log(`  ${f.name.padEnd(16)} ${String(f.bytes).padStart(8)} bytes  ${String(f.gzip).padStart(7)} gzip`);
    console.log('playground.js by source (minified bytes):');
    for (const [k, v] of Object.entries(parts).sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(20)} ${String(v).padStart(8)}`);
    if (process.argv.includes('--benchmarks')) writeBenchmarks(files, parts);
  }, (e) => {
    console.error(`build-playground: ${e.message}`);
    process.exitCode = 1;
  });
}
