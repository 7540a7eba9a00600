/**
 * `npm run bench:batch`: whole-process wall time of `uri-grammar validate --file F` (bin/, which
 * runs the CLI's bundle dist/cjs/cli.js) against a Node script that calls `URL.canParse` on each
 * line of the same file (bench/canparse-lines.ts). Startup, reading and error formatting count.
 * Rounds alternate the processes; the median is shown.
 *
 *   node dist/bench/batch.js [FILE] [ROUNDS]
 *
 * Without FILE: the first 30,000 lines of test/vectors/real-urls.txt with a typo inserted in 15%
 * of them (seeded), and the section between the `bench:batch` markers of BENCHMARKS.md is
 * rewritten (appended when absent).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { random, TYPOS } from './againstUrl';

const root = path.join(__dirname, '..', '..');
// bin/uri-grammar.js runs the CLI's bundle (scripts/bundle.js), which `npm run build` writes.
if (!fs.existsSync(path.join(root, 'dist', 'cjs', 'cli.js'))) throw new Error('bench:batch: no dist/cjs/cli.js; run `npm run build` first');
const defaultFile = process.argv[2] === undefined;
const rounds = Number(process.argv[3] ?? 9);
const tmp = (name: string) => path.join(os.tmpdir(), `uri-grammar-bench-${name}-${process.pid}.txt`);

// By default (issue 23's measure): the first 30,000 lines of test/vectors/real-urls.txt, 15% of
// them with one typo inserted (a character no URI holds, at a seeded place): real mixed input.
const LINES = 30_000;
const TYPO_SHARE = 0.15;
let file: string;
if (defaultFile) {
  const next = random(30);
  const lines = fs.readFileSync(path.join(root, 'test', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter((l) => l !== '').slice(0, LINES);
  const mixed = lines.map((l) => {
    if (next() >= TYPO_SHARE) return l;
    const at = 1 + Math.floor(next() * (l.length - 1));
    return l.slice(0, at) + TYPOS[Math.floor(next() * TYPOS.length)] + l.slice(at);
  });
  fs.writeFileSync((file = tmp('mixed')), mixed.join('\n') + '\n');
} else file = process.argv[2];

// The same file without its invalid lines: the steady per-line work, without the error path.
const validOnly = tmp('valid');
let invalidCount = 0;
let lineCount = 0;
{
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const { isValid } = require(path.join(root, 'dist', 'src', 'index.js')) as typeof import('../src/index');
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const kept = lines.filter((l) => isValid(l.endsWith('\r') ? l.slice(0, -1) : l));
  lineCount = lines.length;
  invalidCount = lines.length - kept.length;
  fs.writeFileSync(validOnly, kept.join('\n') + '\n');
}
process.on('exit', () => {
  fs.rmSync(validOnly, { force: true });
  if (defaultFile) fs.rmSync(file, { force: true });
});

const runs: Record<string, { argv: string[]; times: number[]; cpu: number[] }> = {
  'uri-grammar validate --file': { argv: [path.join(root, 'bin', 'uri-grammar.js'), 'validate', '--file', file], times: [], cpu: [] },
  'URL.canParse per line': { argv: [path.join(__dirname, 'canparse-lines.js'), file], times: [], cpu: [] },
  'uri-grammar, valid lines only': { argv: [path.join(root, 'bin', 'uri-grammar.js'), 'validate', '--file', validOnly], times: [], cpu: [] },
  'URL.canParse, same lines': { argv: [path.join(__dirname, 'canparse-lines.js'), validOnly], times: [], cpu: [] },
};

// CPU time (user + system) of the child too, through GNU time where there is one: on a shared
// machine the wall time carries other processes' load, the CPU time much less.
const TIME = '/usr/bin/time';
const haveTime = fs.existsSync(TIME);

for (let r = 0; r < rounds; r++) {
  for (const run of Object.values(runs)) {
    const t0 = process.hrtime.bigint();
    const p = haveTime
      ? spawnSync(TIME, ['-f', 'cpu %U %S', process.execPath, ...run.argv], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' })
      : spawnSync(process.execPath, run.argv, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    run.times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const m = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(p.stderr ?? '');
    if (m) run.cpu.push((Number(m[1]) + Number(m[2])) * 1000);
    const status = haveTime && /Command exited with non-zero status 1/.test(p.stderr ?? '') ? 1 : p.status;
    if (status !== 0 && status !== 1) throw new Error(`${run.argv.join(' ')}: exit ${p.status}: ${p.stderr}`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const m: Record<string, number> = {};
console.log(`batch validation of ${defaultFile ? `the first ${LINES} real URIs, ${invalidCount} of them with a typo` : path.relative(process.cwd(), file)}, ${rounds} rounds, median wall time of the whole process:`);
for (const [name, run] of Object.entries(runs)) {
  m[name] = median(run.times);
  const cpu = run.cpu.length ? `, CPU median ${median(run.cpu).toFixed(0)} ms` : '';
  console.log(`  ${name.padEnd(30)} ${m[name].toFixed(0).padStart(5)} ms   (min ${Math.min(...run.times).toFixed(0)}${cpu})`);
}
const ratio = m['uri-grammar validate --file'] / m['URL.canParse per line'];
const cpuOf = (name: string) => (runs[name].cpu.length ? median(runs[name].cpu) : NaN);
const cpuRatio = cpuOf('uri-grammar validate --file') / cpuOf('URL.canParse per line');
console.log(`  ratio uri-grammar / URL.canParse: ${ratio.toFixed(2)} wall, ${cpuRatio.toFixed(2)} CPU (target: at most 1.5)`);
const steady = m['uri-grammar, valid lines only'] / m['URL.canParse, same lines'];
const steadyCpu = cpuOf('uri-grammar, valid lines only') / cpuOf('URL.canParse, same lines');
console.log(`  valid lines only: ${steady.toFixed(2)} wall, ${steadyCpu.toFixed(2)} CPU`);

if (defaultFile) {
  const load = os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const rows = Object.entries(runs).map(([name, run]) => `| ${name} | ${m[name].toFixed(0)} | ${Math.min(...run.times).toFixed(0)} | ${run.cpu.length ? median(run.cpu).toFixed(0) : 'n/a'} |`);
  const section = [
    '<!-- bench:batch -->',
    '## Batch command line',
    '',
    `Generated by \`npm run bench:batch\` (bench/batch.ts), ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, load average ${load}.`,
    `Whole-process wall time over the first ${LINES.toLocaleString('en-US')} lines of test/vectors/real-urls.txt with a typo (a character no URI holds,`,
    `at a seeded place) inserted in ${invalidCount.toLocaleString('en-US')} of them (${(100 * invalidCount / lineCount).toFixed(0)}%), ${rounds} rounds alternating the processes, median and`,
    'minimum: `uri-grammar validate --file F` (RFC 3986 URI-reference, one line per invalid input, summary on stderr) against a',
    'Node script that reads the file and calls `URL.canParse` on each line (bench/canparse-lines.ts). Startup counts.',
    '',
    '| process | wall median ms | wall min ms | CPU (user+sys) median ms |',
    '|---|---:|---:|---:|',
    ...rows,
    '',
    `uri-grammar ÷ URL.canParse: **${ratio.toFixed(2)}×** wall-time median, ${cpuRatio.toFixed(2)}× CPU time (target: at most 1.5× wall time).`,
    `Valid lines only (the ${invalidCount} invalid lines left out): ${steady.toFixed(2)}× wall, ${steadyCpu.toFixed(2)}× CPU — the steady per-line work;`,
    'the difference is the error path: for each invalid line the offset and `expected` list from the tables, the hint, and the',
    'message, in a process too short for V8 to have optimized all of that code. The command asks V8 to optimize later than',
    'its default (docs/cli.md, Speed): where cores are few, the compiles V8 runs in the background take the CPU from the',
    'command (before, at the default: 1.62× wall and 2.33× CPU in this table).',
    'On this shared 2-core machine other processes\' load lands on the wall time; the CPU time shows the work each process does.',
    '<!-- /bench:batch -->',
  ].join('\n');
  const md = path.join(root, 'BENCHMARKS.md');
  const text = fs.readFileSync(md, 'utf8');
  const re = /<!-- bench:batch -->[\s\S]*<!-- \/bench:batch -->/;
  fs.writeFileSync(md, re.test(text) ? text.replace(re, section) : `${text.trimEnd()}\n\n${section}\n`);
  console.log('BENCHMARKS.md: section "Batch command line" written');
}
