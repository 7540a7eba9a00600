/**
 * `npm run bench:startup`: what a fresh process pays before its first answer (a config loader or a
 * command-line tool pays it on every start). Two measures, each the median of many fresh
 * processes, the libraries interleaved round by round so that load on the machine hits all alike:
 *
 * - whole process: wall time from spawn to exit of `node` running a script that requires the
 *   library and calls validation, parse, resolve and normalize once each on short inputs, side by
 *   side with uri-js and fast-uri doing the same (their `parse` stands in for validation), and an
 *   empty `node` for reference;
 * - first call: inside a fresh process, the time of `require` and then of one function's first
 *   call on a short input (one function a process, so no call warms another's caches).
 *
 * Writes the "Cold start" section of BENCHMARKS.md. No test asserts a timing.
 */
import { spawnSync } from 'child_process';
import * as os from 'os';
import * as path from 'path';
import { replaceSection } from './markdown';

const ROOT = path.join(__dirname, '..', '..');
// What `require('uri-grammar')` gives a user: package.json's exports, the CommonJS bundle
// dist/cjs/index.js (scripts/bundle.js). The children run in ROOT, where the package's name
// resolves to itself, so they require it by name, as uri-js and fast-uri are.
const OWN = require.resolve('uri-grammar', { paths: [ROOT] });
if (!/[\\/]dist[\\/]cjs[\\/]index\.js$/.test(OWN)) throw new Error(`bench:startup: require('uri-grammar') resolves to ${OWN}, not the bundle dist/cjs/index.js`);
const ROUNDS = Number(process.env.STARTUP_ROUNDS ?? 21);

const SCRIPTS: Record<string, string> = {
  'node (empty)': '',
  'uri-grammar': `const u = require('uri-grammar');
if (!u.isValid('https://example.com/a?b#c')) throw 1;
u.parse('https://user@example.com:8080/a/b?q=1#f');
u.resolve('http://a/b/c/d;p?q', '../g');
u.normalize('HTTP://Example.COM/a/./b/../%7e');`,
  'uri-js': `const u = require('uri-js');
if (u.parse('https://example.com/a?b#c').error) throw 1;
u.parse('https://user@example.com:8080/a/b?q=1#f');
u.resolve('http://a/b/c/d;p?q', '../g');
u.normalize('HTTP://Example.COM/a/./b/../%7e');`,
  'fast-uri': `const u = require('fast-uri');
if (u.parse('https://example.com/a?b#c').error) throw 1;
u.parse('https://user@example.com:8080/a/b?q=1#f');
u.resolve('http://a/b/c/d;p?q', '../g');
u.normalize('HTTP://Example.COM/a/./b/../%7e');`,
};

/** One function's first call after require, in its own process. */
const FIRST_CALLS: Record<string, string> = {
  isValid: `u.isValid('https://example.com/a?b#c')`,
  validate: `u.validate('http://a b')`,
  parseTree: `u.parseTree('https://example.com/a?b#c')`,
  parse: `u.parse('https://user@example.com:8080/a/b?q=1#f')`,
  recompose: `u.recompose({ scheme: 'http', host: 'h', path: '/p' })`,
  resolve: `u.resolve('http://a/b/c/d;p?q', '../g')`,
  normalize: `u.normalize('HTTP://Example.COM/a/./b/../%7e')`,
  equivalent: `u.equivalent('http://a/', 'HTTP://A:80/')`,
  percentEncode: `u.percentEncode('a b/c', 'segment')`,
  percentDecode: `u.percentDecode('a%20b')`,
  redact: `u.redact('https://u:p@h/')`,
};
const firstCallScript = (call: string) => `const t0 = process.hrtime.bigint();
const u = require('uri-grammar');
const t1 = process.hrtime.bigint();
${call};
const t2 = process.hrtime.bigint();
process.stdout.write(JSON.stringify([Number(t1 - t0) / 1e6, Number(t2 - t1) / 1e6]));`;

function wall(script: string): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`bench:startup: child failed: ${r.stderr}`);
  return ms;
}

function inside(script: string): [number, number] {
  const r = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench:startup: child failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as [number, number];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1)) + ' ms';

function main(): void {
  const load = os.loadavg();
  // Whole processes, round robin.
  const walls: Record<string, number[]> = Object.fromEntries(Object.keys(SCRIPTS).map((k) => [k, []]));
  for (const name of Object.keys(SCRIPTS)) wall(SCRIPTS[name]); // one warm-up each (file cache)
  for (let i = 0; i < ROUNDS; i++) for (const name of Object.keys(SCRIPTS)) walls[name].push(wall(SCRIPTS[name]));
  // First calls, round robin.
  const requires: number[] = [];
  const first: Record<string, number[]> = Object.fromEntries(Object.keys(FIRST_CALLS).map((k) => [k, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const name of Object.keys(FIRST_CALLS)) {
      const [req, call] = inside(firstCallScript(FIRST_CALLS[name]));
      requires.push(req);
      first[name].push(call);
    }
  }

  const empty = median(walls['node (empty)']);
  const ref = median(walls['uri-js']);
  const wallRows = Object.keys(SCRIPTS).map((name) => {
    const m = median(walls[name]);
    return `| ${name} | ${ms(m)} | ${name === 'node (empty)' ? '' : ms(m - empty)} | ${name === 'node (empty)' ? '' : (m / ref).toFixed(2) + '×'} |`;
  });
  const firstRows = Object.keys(FIRST_CALLS).map((name) => `| \`${FIRST_CALLS[name]}\` | ${ms(median(first[name]))} | ${ms(Math.max(...first[name]))} |`);
  const text = [
    '## Cold start',
    '',
    `\`npm run bench:startup\` (bench/startup.ts): fresh \`node\` processes (${process.version}), ${ROUNDS} rounds, the libraries interleaved within each round; medians. Load average at start ${load.map((x) => x.toFixed(2)).join(' ')}, at end ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}; other work on this shared 2-core machine shifts single figures, so compare within one run.`,
    '',
    'Whole process, spawn to exit: `require` the library, then validate, parse, resolve and normalize one short URI each (uri-js and fast-uri have no validator; their `parse` stands in).',
    '',
    '| library | wall time | above an empty `node` | ÷ uri-js |',
    '|---|---|---|---|',
    ...wallRows,
    '',
    `First call after \`require\` (uri-grammar's CommonJS bundle, \`${path.relative(ROOT, OWN)}\`; each line its own fresh process, so no call warms another's caches). \`require\` itself: median ${ms(median(requires))}.`,
    '',
    '| first call | median | slowest |',
    '|---|---|---|',
    ...firstRows,
  ].join('\n');
  console.log(text);
  replaceSection(path.join(ROOT, 'BENCHMARKS.md'), '## Cold start', text);
}

main();
