#!/usr/bin/env node
/**
 * Builds the playground: playground/main.ts bundled by esbuild into one classic script
 * (an IIFE, so the page works opened from disk as well as from any static host), the
 * stylesheet beside it, and index.html. Writes dist/playground/ and prints the sizes.
 *
 *   node scripts/build-playground.js [--outdir DIR]
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

module.exports = { buildPlayground };

if (require.main === module) {
  const i = process.argv.indexOf('--outdir');
  const outdir = i > 0 ? path.resolve(process.argv[i + 1]) : undefined;
  buildPlayground(outdir).then(({ outdir: out, files, parts }) => {
    console.log(`playground written to ${path.relative(process.cwd(), out) || '.'}/`);
    for (const f of files) console.log(`  ${f.name.padEnd(16)} ${String(f.bytes).padStart(8)} bytes  ${String(f.gzip).padStart(7)} gzip`);
    console.log('playground.js by source (minified bytes):');
    for (const [k, v] of Object.entries(parts).sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(20)} ${String(v).padStart(8)}`);
  }, (e) => {
    console.error(`build-playground: ${e.message}`);
    process.exitCode = 1;
  });
}
