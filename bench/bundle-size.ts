/**
 * `npm run bench:bundle`: what a bundler puts in an application for uri-grammar and its peers.
 * Each entry is a one-line module that imports some names; esbuild bundles it for the browser
 * (ES module output, minified, tree-shaken), and the size is reported as is and gzipped (level 9).
 * uri-grammar is bundled from its ES module build (dist/esm, as a bundler resolving
 * `import … from 'uri-grammar'` would pick it), and `uri-grammar/lite` from dist/esm/src/lite. Also
 * times the first calls of `uri-grammar/lite` in Chromium (scripts/lite-browser.js), where one
 * is found. Writes the "Bundle size" section of BENCHMARKS.md.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { build } from 'esbuild';
import { replaceSection } from './markdown';

const ROOT = path.join(__dirname, '..', '..');
const ESM = path.join(ROOT, 'dist', 'esm', 'src', 'index.js');
const LITE = path.join(ROOT, 'dist', 'esm', 'src', 'lite', 'index.js');

interface Entry { library: string; imports: string; code: string }
const own = (names: string): Entry => ({ library: 'uri-grammar', imports: names, code: `export { ${names} } from ${JSON.stringify(ESM)};` });
const ENTRIES: Entry[] = [
  { library: 'uri-grammar', imports: 'everything', code: `export * from ${JSON.stringify(ESM)};` },
  own('isValid'),
  own('validate'),
  own('parse'),
  own('resolve'),
  own('normalize'),
  own('percentEncode'),
  own('percentDecode'),
  own('removeDotSegments'),
  { library: 'uri-grammar/lite', imports: 'isValid', code: `export { isValid } from ${JSON.stringify(LITE)};` },
  { library: 'uri-grammar/lite', imports: 'isValid, parse', code: `export { isValid, parse } from ${JSON.stringify(LITE)};` },
  { library: 'uri-js', imports: 'everything', code: `export * from 'uri-js';` },
  { library: 'uri-js', imports: 'parse', code: `export { parse } from 'uri-js';` },
  { library: 'fast-uri', imports: 'everything', code: `export * from 'fast-uri';` },
  { library: 'fast-uri', imports: 'parse', code: `import f from 'fast-uri'; export const parse = f.parse;` },
];

async function measure(e: Entry): Promise<{ min: number; gz: number }> {
  const r = await build({
    stdin: { contents: e.code, resolveDir: ROOT, loader: 'js' },
    bundle: true, minify: true, treeShaking: true, write: false, format: 'esm', platform: 'browser', target: 'es2020',
    logLevel: 'silent',
  });
  const bytes = r.outputFiles[0].contents;
  return { min: bytes.length, gz: zlib.gzipSync(bytes, { level: 9 }).length };
}

const kB = (n: number) => (n / 1000).toFixed(1) + ' kB';

/**
 * The first calls of `uri-grammar/lite` in Chromium, as a sentence: the median of 7 fresh pages
 * (performance.now(), which Chromium rounds to 0.1 ms), or why they were not measured.
 */
async function liteFirstCalls(): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const { chromiumForTests } = require(path.join(ROOT, 'scripts', 'test-tools.js')) as { chromiumForTests(): string | undefined };
  if (chromiumForTests() === undefined) return 'Its first calls in a browser were not measured in this run (no Chromium found; set CHROMIUM_PATH).';
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const { firstCallTimes } = require(path.join(ROOT, 'scripts', 'lite-browser.js')) as {
    firstCallTimes(pages: number): Promise<{ isValidMs: number; parseMs: number; errorMs: number; runs: Array<{ valid: boolean; host: string; index: number }> }>;
  };
  const t = await firstCallTimes(7);
  if (t.runs.some((r) => r.valid !== true || r.host !== '[2001:db8::7]' || r.index !== 8)) throw new Error('bench:bundle: uri-grammar/lite answered wrongly in Chromium');
  const ms = (x: number) => x.toFixed(1) + ' ms';
  const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'playwright-core', 'package.json'), 'utf8')) as { version: string }).version;
  return `First calls in Chromium (scripts/lite-browser.js: the bundle loaded into a fresh page, performance.now() around the call, median of 7 pages; playwright-core ${version}): \`isValid\` of a URL ${ms(t.isValidMs)}, then \`parse\` of one with an IPv6 host ${ms(t.parseMs)}, then the first \`parse\` of an invalid one (its error offset) ${ms(t.errorMs)}.`;
}

async function main(): Promise<void> {
  if (!fs.existsSync(ESM)) throw new Error('bench:bundle: run `npm run build` first (no dist/esm)');
  const esbuildVersion = (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'esbuild', 'package.json'), 'utf8')) as { version: string }).version;
  const version = (lib: string) => (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', lib, 'package.json'), 'utf8')) as { version: string }).version;
  const rows: string[] = [];
  for (const e of ENTRIES) {
    const { min, gz } = await measure(e);
    rows.push(`| ${e.library} | ${e.imports === 'everything' ? 'everything' : '`' + e.imports + '`'} | ${kB(min)} | ${kB(gz)} |`);
    console.log(`${e.library.padEnd(17)} ${e.imports.padEnd(18)} ${kB(min).padStart(9)} ${kB(gz).padStart(9)}`);
  }
  const firstCalls = await liteFirstCalls();
  console.log(firstCalls);
  const section = [
    '## Bundle size',
    '',
    `\`npm run bench:bundle\` (bench/bundle-size.ts): a one-line module importing the names below, bundled by esbuild ${esbuildVersion} for the browser (ES module output, minified, tree-shaken); gzip at level 9. uri-grammar ${(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version} from its ES module build; uri-js ${version('uri-js')}, fast-uri ${version('fast-uri')}. Sizes are deterministic for given versions. kB = 1,000 bytes.`,
    '',
    '| library | imports | minified | gzipped |',
    '|---|---|---|---|',
    ...rows,
    '',
    `\`uri-grammar/lite\` (docs/lite.md) is \`isValid\` and \`parse\` with the main package's answers on one RegExp a rule, generated at build time from grammar/rfc3986.abnf; its error gives the offset and the first line of the message only. ${firstCalls}`,
    '',
    'What a partial import costs: the percent-encoding helpers and `removeDotSegments` need no grammar and bundle alone (with the error class they throw, which keeps passwords out of its message); `isValid`, `parse`, `resolve` and `normalize` bring RFC 3986\'s verdicts, its DFA tables computed at build time (about 39 kB of the total: they are what lets a first call compile nothing, see docs/ARCHITECTURE.md "Cold start"), and the automata that make its RegExps. `validate`, `parseTree` and `walk` go through the grammar class (src/engine/grammar/grammar.ts), whose methods a bundler cannot take apart: they bring the tree builder, RFC 3986\'s tree plans (42 kB), the recursive engine and parsimmon whatever is called (before the one grammar class, `validate` took 78.5 kB; the hints of its errors are 10 kB of it). The ABNF compiler comes with `rfc3986` as a `Grammar` and `compileAbnf`. tr46 (UTS #46, for `toUri(…, { idna: true })`) is never in a bundle: it is loaded on first use through `require` (Node only). uri-js and fast-uri are single modules, so they bundle whole whatever is imported.',
  ].join('\n');
  replaceSection(path.join(ROOT, 'BENCHMARKS.md'), '## Bundle size', section);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
