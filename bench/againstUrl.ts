/**
 * "Against Node's URL" (`npm run bench:url`, and part of `npm run bench`): the jobs where
 * uri-grammar and Node's `URL` (C++, the ada parser) do the same work — resolving a reference
 * (RFC 3986 5.2), syntax-based normalization (6.2.2), reporting an invalid input — side by side
 * in one process, plus `parse` against uri-js and `isValid` against the Appendix B RegExp.
 *
 * Inputs: the first 20,000 lines of test/vectors/real-urls.txt that both `isValid(s, 'URI')` and
 * `URL.canParse(s)` accept (the others are left out and counted). Invalid inputs: each of those
 * with one typo inserted (a seeded choice of character and place) that both reject.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as uriJs from 'uri-js';
import * as api from '../src/index';
import { realUrls } from './inputs';
import { APPENDIX_B } from './peers';
import { canGc, roundRobin } from './harness';
import { replaceSection } from './markdown';

// Each side's functions read once, as a program holds them (`const { isValid } = require('uri-grammar')`,
// or the package's exports, plain properties once read): tsc's CommonJS output makes each of
// src/index.ts's re-exports, and each export of uri-js imported with `import * as`, a getter,
// which would add a call to every measured call of either side.
const { isValid, resolve, normalize, validate, parse } = api;
const uriJsParse = uriJs.parse;

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const LINES = Number(process.env.BENCH_LINES ?? 20_000);
const REF = '../a/./b?c#d';
/** RFC 3986 5.4.1's normal examples (the references), resolved in turn against each base. */
export const REFERENCES = [
  'g:h', 'g', './g', 'g/', '/g', '//g', '?y', 'g?y', '#s', 'g#s', 'g?y#s', ';x', 'g;x', 'g;x?y#s', '',
  '.', './', '..', '../', '../g', '../..', '../../', '../../g',
];
/** Characters no URI holds, one inserted per invalid input. */
export const TYPOS = [' ', '<', '>', '"', '{', '}', '|', '\\', '^', '`', '%', '[', ']'];

/** A small seeded generator (mulberry32), so that the invalid inputs are the same every run. */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const throws = (f: () => unknown): boolean => {
  try {
    f();
    return false;
  } catch {
    return true;
  }
};

/**
 * One job: ours against the peer's, measured as a program runs them (no forced collection); and
 * again with a `gc()` before each pass (`gcRatio`, with `--expose-gc`), to show how much that
 * method would move the ratio.
 */
export interface UrlRow { ours: string; theirs: string; goal: number; inputs: number; left: number; ns: number; peerNs: number; gcRatio?: number; note?: string }

export function measureAgainstUrl(log = console.log): UrlRow[] {
  const lines = realUrls(LINES);
  const both = lines.filter((s) => isValid(s, 'URI') && URL.canParse(s));
  const onlyOne = lines.filter((s) => isValid(s, 'URI') !== URL.canParse(s)).length;
  log(`against URL: ${lines.length} lines, ${both.length} accepted by both, ${onlyOne} by one only (left out)`);

  // Pairs joined by an index into `both` (the base) and one into REFERENCES: a tab between.
  const pairs: string[] = [];
  let pairsLeft = 0;
  both.forEach((base, i) => {
    const ref = REFERENCES[i % REFERENCES.length];
    if (throws(() => resolve(base, ref)) || throws(() => new URL(ref, base))) pairsLeft++;
    else pairs.push(base + '\t' + ref);
  });
  const tab = (s: string): number => s.indexOf('\t');

  const next = random(23);
  const bad: string[] = [];
  let badLeft = 0;
  for (const s of both) {
    const at = 1 + Math.floor(next() * (s.length - 1));
    const t = s.slice(0, at) + TYPOS[Math.floor(next() * TYPOS.length)] + s.slice(at);
    if (!isValid(t, 'URI') && !URL.canParse(t)) bad.push(t);
    else badLeft++;
  }

  // URIs that need normalizing (of 20,000 real URIs, only a few do): each accepted one with one
  // seeded change that 6.2.2 undoes. The scheme and host in upper case, an unreserved letter of
  // the path percent-encoded with lowercase hex, or a "./" segment in the path.
  const rough: string[] = [];
  let roughLeft = 0;
  const change = random(29);
  for (const s of both) {
    const at = s.indexOf('/', s.indexOf('//') + 2);
    const kind = Math.floor(change() * 3);
    let t = s;
    if (kind === 0) t = s.replace(/^[^:]+:(?:\/\/[^/?#@]*@)?(?:\/\/)?[^/?#:]*/, (m) => m.toUpperCase());
    else if (at >= 0) {
      const query = s.slice(at).search(/[?#]/);
      const end = query < 0 ? s.length : at + query; // the path's end
      const letters = [...s.slice(at, end).matchAll(/[a-z]/g)].map((m) => at + m.index!);
      if (kind === 1 && letters.length) {
        const k = letters[Math.floor(change() * letters.length)];
        t = s.slice(0, k) + '%' + s.charCodeAt(k).toString(16) + s.slice(k + 1);
      } else t = s.slice(0, at) + '/.' + s.slice(at);
    }
    if (t !== s && isValid(t, 'URI') && URL.canParse(t) && normalize(t) !== t) rough.push(t);
    else roughLeft++;
  }

  const rows: UrlRow[] = [];
  const row = (ours: string, theirs: string, goal: number, inputs: string[], left: number, a: (s: string) => unknown, b: (s: string) => unknown, note?: string): void => {
    const [x, y] = roundRobin(inputs, [a, b], ROUNDS);
    const forced = canGc ? roundRobin(inputs, [a, b], ROUNDS, true) : undefined;
    const gcRatio = forced && forced[0].median / forced[1].median;
    rows.push({ ours, theirs, goal, inputs: inputs.length, left, ns: x.median, peerNs: y.median, gcRatio, note });
    log(`  ${ours.padEnd(34)} ${x.median.toFixed(0).padStart(6)} ns  ${theirs.padEnd(44)} ${y.median.toFixed(0).padStart(6)} ns  ${(x.median / y.median).toFixed(2)}× (goal ≤ ${goal})${gcRatio === undefined ? '' : `; with a gc() before each pass ${gcRatio.toFixed(2)}× (${forced![0].median.toFixed(0)} vs ${forced![1].median.toFixed(0)} ns)`}`);
  };
  row('resolve(base, ref)', 'new URL(ref, base).href', 1.0, pairs, pairsLeft,
    (p) => resolve(p.slice(0, tab(p)), p.slice(tab(p) + 1)), (p) => new URL(p.slice(tab(p) + 1), p.slice(0, tab(p))).href,
    'ref: the 23 normal examples of RFC 3986 5.4.1 in turn');
  row(`resolve(uri, '${REF}')`, `new URL('${REF}', uri).href`, 1.0, both, 0, (s) => resolve(s, REF), (s) => new URL(REF, s).href);
  row('normalize(uri)', 'new URL(uri).href', 1.0, both, onlyOne, (s) => normalize(s), (s) => new URL(s).href);
  row('normalize(rough)', 'new URL(rough).href', 1.0, rough, roughLeft, (s) => normalize(s), (s) => new URL(s).href,
    'URIs that need it: one seeded change, the scheme and host in upper case, a path letter percent-encoded, or a "./" segment');
  row('validate(bad).error.message', 'try { new URL(bad) } catch (e) { e.message }', 1.0, bad, badLeft,
    (s) => (validate(s, 'URI') as { error: Error }).error.message,
    (s) => {
      try {
        return new URL(s);
      } catch (e) {
        return (e as Error).message;
      }
    }, 'one typo inserted; both reject');
  row('parse(uri)', 'uri-js parse', 0.125, both, onlyOne, (s) => parse(s), (s) => uriJsParse(s));
  row("isValid(uri, 'URI')", 'Appendix B RegExp exec (splits only)', 0.6, both, onlyOne, (s) => isValid(s, 'URI'), (s) => APPENDIX_B.exec(s));
  return rows;
}

export function urlSection(rows: UrlRow[]): string {
  const out = [
    "## Against Node's URL",
    '',
    `Node ${process.version}. The first ${LINES.toLocaleString('en-US')} lines of test/vectors/real-urls.txt; only those both \`isValid(s, 'URI')\` and \`URL.canParse(s)\` accept (the rest are left out; "left out" counts them, or for resolve the pairs either side refused, for the invalid inputs the typos one side accepted). Invalid inputs: each such URI with one character no URI holds (space, \`<\`, \`>\`, \`"\`, \`{\`, \`}\`, \`|\`, \`\\\`, \`^\`, \`\` \` \`\`, \`%\`, \`[\`, \`]\`) inserted at a seeded place. One process, round robin, median of ${ROUNDS} passes after a warm-up, no collection forced: each side runs as in a program. Each peer is called as its users call it (\`new URL(s).href\`, \`uriJs.parse(s)\`, \`APPENDIX_B.exec(s)\`), each side's functions read once as a program holds them (tsc's CommonJS build, which this bench runs on, makes every re-export a getter, which the package's exports are not; before, the project's side paid that getter in every measured call). The column "with gc()" measures the same pair again with a \`gc()\` before every pass (the method this bench used before issue 37): where it differs from "ratio", forcing collections favours one side, and "ratio" is the one to believe. \`URL\` does more in places (IDNA, WHATWG rules) and less in others (no RFC 3986 validation); these are the jobs where the work is the same.`,
    '',
    '| ours | ns | Node / peer | ns | ratio | with gc() | goal | inputs | left out |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| \`${r.ours}\`${r.note ? ` (${r.note})` : ''} | ${r.ns.toFixed(0)} | \`${r.theirs}\` | ${r.peerNs.toFixed(0)} | **${(r.ns / r.peerNs).toFixed(2)}×** | ${r.gcRatio === undefined ? '—' : r.gcRatio.toFixed(2) + '×'} | ≤ ${r.goal}× ${r.ns / r.peerNs <= r.goal ? '(met)' : '(missed)'} | ${r.inputs.toLocaleString('en-US')} | ${r.left.toLocaleString('en-US')} |`),
  ];
  return out.join('\n') + '\n';
}

if (require.main === module) {
  const rows = measureAgainstUrl();
  if (process.env.BENCH_WRITE !== '0') {
    replaceSection(path.resolve(__dirname, '..', '..', 'BENCHMARKS.md'), "## Against Node's URL", urlSection(rows));
    console.log("BENCHMARKS.md: section \"Against Node's URL\" written");
  }
  void fs;
}
