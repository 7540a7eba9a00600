/**
 * The playground's bundle (scripts/build-playground.js), built into a temporary directory: the
 * first view within its budget, counted from the files index.html names; the docs' figures the
 * build's own (docs/teaching.md, BENCHMARKS.md: `npm run bench:playground` writes them); and the
 * page's stand-in for src/generated/load.ts exporting what load.ts exports. What Chromium asks
 * for, and each part loaded in the page: playgroundBundle.browser.test.ts.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';

interface Sized { name: string; bytes: number; gzip: number }
interface Built { outdir: string; firstView: { files: Sized[]; bytes: number; gzip: number }; parts: Array<{ name: string; files: Sized[]; bytes: number; gzip: number }>; budget: number }
/* eslint-disable @typescript-eslint/no-var-requires */
const build = require('../../scripts/build-playground.js') as {
  buildPlayground(outdir: string): Promise<Built>;
  figuresBlock(b: Built): string;
  FIGURES_RE: RegExp;
  BENCH_RE: RegExp;
  FIRST_VIEW_BUDGET: number;
};

const root = path.join(__dirname, '..', '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'uri-grammar-playground-bundle-'));
let built: Built;
beforeAll(async () => {
  built = await build.buildPlayground(out);
}, 120_000);
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

const gzipOf = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(out, file)), { level: 9 }).length;

test('the first view is index.html, its stylesheet and scripts: at most 110 kB gzipped, no other grammar\'s data in it', () => {
  const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script src="([^"]+)" defer><\/script>/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
  expect(styles).toEqual(['playground.css']);
  expect(scripts[scripts.length - 1]).toBe('playground.js');
  const first = ['index.html', ...styles, ...scripts];
  expect(first.sort()).toEqual(built.firstView.files.map((f) => f.name).sort());
  const gzip = first.reduce((s, f) => s + gzipOf(f), 0);
  expect(gzip).toBe(built.firstView.gzip);
  expect(build.FIRST_VIEW_BUDGET).toBe(110_000);
  expect(gzip).toBeLessThanOrEqual(110_000);
  // The other grammars' data are parts, not in the first view: a compiled grammar's digest is
  // in its data file and in no file of the first view.
  const digest = (name: string) => /\\"digest\\":\\"([0-9a-f]+)\\"/.exec(fs.readFileSync(path.join(root, 'src', 'generated', `${name}Compiled.ts`), 'utf8'))![1];
  for (const g of ['rfc2396', 'rfc2732', 'rfc3987', 'rfc6874']) {
    expect(fs.readFileSync(path.join(out, `data-${g}.js`), 'utf8')).toContain(digest(g));
    for (const f of scripts) expect([f, fs.readFileSync(path.join(out, f), 'utf8').includes(digest(g))]).toEqual([f, false]);
  }
  // Every part is files of its own, none of them in the first view.
  for (const p of built.parts) {
    expect(p.files.length).toBeGreaterThan(0);
    for (const f of p.files) expect(first).not.toContain(f.name);
  }
  expect(built.parts.map((p) => p.name)).toEqual(expect.arrayContaining(['grammars', 'analysis', 'data-rfc3987']));
});

test('every file is a classic script that registers itself: no ES module syntax left', () => {
  for (const f of fs.readdirSync(out).filter((x) => x.endsWith('.js'))) {
    const text = fs.readFileSync(path.join(out, f), 'utf8');
    expect([f, text.includes(`uriGrammarPage.define(${JSON.stringify(f)},`)]).toEqual([f, true]);
    expect([f, /(^|[;}])\s*(import|export)\s*[{*"]/m.test(text), /\bimport\(/.test(text)]).toEqual([f, false, false]);
  }
});

test('docs/teaching.md and BENCHMARKS.md show the build\'s figures (npm run bench:playground writes them)', () => {
  const figures = build.figuresBlock(built);
  const teaching = fs.readFileSync(path.join(root, 'docs', 'teaching.md'), 'utf8');
  const shown = build.FIGURES_RE.exec(teaching)?.[0];
  expect(shown).toBe(figures);
  const bench = build.BENCH_RE.exec(fs.readFileSync(path.join(root, 'BENCHMARKS.md'), 'utf8'))?.[0] ?? '';
  // The section's summary is the same sentence as the docs' (whole kB).
  expect(bench).toContain(figures.split('\n').slice(1, 4).join('\n'));
  // What is not in the page is not said to be (issue 38: tr46 was listed as half of it).
  expect(teaching).not.toMatch(/IDNA mapping table of `tr46`, which/);
  expect(bench).not.toMatch(/\| tr46 \|/);
});

test('the page\'s stand-in for src/generated/load.ts exports what load.ts exports', () => {
  const page = require('../../playground/shippedData') as Record<string, unknown>;
  const load = require('../../src/generated/load') as Record<string, unknown>;
  expect(Object.keys(page).filter((k) => k !== 'loadShippedData').sort()).toEqual(Object.keys(load).sort());
  // Before its data is loaded, a grammar's data is an error that says so; after, the same as load.ts's.
  const plans = page.rfc3987Plans as (key: string) => unknown;
  expect(() => (page.rfc3987Compiled as () => unknown)()).toThrow(/has not loaded the data of rfc3987/);
  return (page.loadShippedData as (n: string) => Promise<void>)('rfc3987').then(() => {
    expect((page.rfc3987Compiled as () => unknown)()).toEqual((load.rfc3987Compiled as () => unknown)());
    expect(plans('IRI-reference')).not.toBeUndefined();
    expect(plans('IRI-reference')).toEqual((load.rfc3987Plans as (key: string) => unknown)('IRI-reference'));
  });
});
