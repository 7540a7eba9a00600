/**
 * `npm run bench`, recursive grammars (issue 35): RFC 8259's grammar against JSON.parse and three
 * parser generators on the same texts (bench/recursivePeers.ts), RFC 5322 `addr-spec` and ABNF's
 * `rulelist`, the growth table of the shapes that were super-linear (bench/recursiveGrowth.ts),
 * 10,000 levels of "[" (the nesting limit, then an answer with a higher one), and the ambiguous
 * s = "a" s s / "" (the cubic case) at growing lengths. Every step has a time budget.
 *
 * Writes its block of BENCHMARKS.md (between <!-- bench:recursive --> markers) and the figures
 * block of docs/grammars.md (between <!-- figures:recursive --> markers), which holds lines of the
 * BENCHMARKS.md block verbatim (test/docs/figures.test.ts checks that it does).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { compileAbnf, grammarByName } from '../src/index';
import { CLOCK } from './harness';
import { growthTable } from './recursiveGrowth';
import { MAX_PASSES, ROOT, TABLE_BUDGET_MS, jsonPeersTables, otherGrammarTables } from './recursivePeers';

/** Replaces the block between `<!-- NAME -->` and `<!-- /NAME -->` in `file` (or appends it). */
function writeBlock(file: string, name: string, lines: readonly string[]): void {
  const block = [`<!-- ${name} -->`, ...lines, `<!-- /${name} -->`].join('\n');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const re = new RegExp(`<!-- ${name} -->[\\s\\S]*?<!-- /${name} -->`);
  fs.writeFileSync(file, re.test(text) ? text.replace(re, () => block) : text.trimEnd() + '\n\n' + block + '\n');
}

/** `f`'s time in ms: one run, or the median of three when one takes under 0.3 s (a budget, not minutes). */
function time(f: () => unknown): number {
  const t: number[] = [];
  for (let k = 0; k < 3 && (k === 0 || t[0] < 300); k++) {
    const t0 = process.hrtime.bigint();
    f();
    t.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return t.sort((a, b) => a - b)[Math.floor(t.length / 2)];
}

async function main(): Promise<void> {
  const began = Date.now();
  const load = os.loadavg();
  const peers = jsonPeersTables();
  const others = otherGrammarTables();
  const growth = await growthTable();
  const cores = os.cpus().length;
  const machine = `${os.cpus()[0]?.model ?? 'unknown'}, ${cores} cores; Node ${process.version}; ${new Date().toISOString().slice(0, 10)}; load average ${load.map((x) => x.toFixed(2)).join(' ')} at start`;
  const shared = load[0] > cores
    ? ` **The machine was shared** (load above its ${cores} cores): absolute figures are inflated and noisy; the ratios, measured side by side in one process, are the figures to read.`
    : ' Other work on a shared machine makes single figures noisy: read the ratios, measured side by side.';
  // The lines docs/grammars.md carries too (verbatim, contiguous).
  const figures = [
    `\`npm run bench\` (bench/recursive.ts), ${machine}; clock: ${CLOCK === 'cpu' ? 'the process\'s CPU time (`BENCH_CLOCK=cpu`)' : 'wall time'}.${shared} One process; each parser runs a few`,
    `times on a 10 KB text of the same kind, then makes full passes over the text, round-robin with the others, as many as fit in its share`,
    `of ${TABLE_BUDGET_MS / 1000} s of wall time (at least 1, at most ${MAX_PASSES}; the median), no collection forced (bench/harness.ts). The texts are the same for`,
    'every parser; "ns per byte" divides by their UTF-8 length. The peers\' JSON grammars are in bench/jsonPeers.ts, held to',
    'JSONTestSuite by test/bench/jsonPeers.test.ts.',
    ...peers,
    '',
    ...growth,
  ];
  const lines: string[] = ['## Recursive grammars', '', '### Against parser generators, and growth', '', ...figures, '',
    '### RFC 5322 and ABNF', ...others, ''];
  const deep = '['.repeat(10_000) + ']'.repeat(10_000);
  let limit = '';
  try {
    grammarByName('json').isValid(deep, 'JSON-text');
    limit = 'an answer';
  } catch (e) {
    limit = `${(e as Error).name}: ${(e as Error).message}`;
  }
  const roomy = grammarByName('json', { maxNesting: 100_000 });
  let deepValid = false;
  const deepMs = time(() => (deepValid = roomy.isValid(deep, 'JSON-text')));
  lines.push('### Nesting and the cubic case', '', `10,000 levels of \`[\` (then as many \`]\`): with the default nesting limit, ${limit}; with`,
    `\`grammarByName('json', { maxNesting: 100000 })\`, ${deepValid ? 'valid' : 'invalid'} in ${deepMs.toFixed(0)} ms. Never a stack overflow: the work runs on an explicit stack.`, '');
  const s = compileAbnf('s = "a" s s / ""');
  const roomyS = compileAbnf('s = "a" s s / ""', { workLimit: 1e9 });
  const run = 'a'.repeat(400);
  const runMs = time(() => s.isValid(run, 's'));
  lines.push('The ambiguous `s = "a" s s / ""` (every split of a run of `a` is a parse; first match picks one). A run of `a`',
    `alone is answered by the backtracking run at once (400 characters: ${runMs.toFixed(1)} ms). With a \`b\` after the run no split`,
    'matches and every one is tried: the worst case, cubic as for Earley or GLL parsers. The table shows the curve with the',
    'work limit lifted (`workLimit: 1e9`); with the default (`workLimit` 2,000 steps a character) the last column says when',
    'the limit stops it.', '',
    '| characters | ms, no limit | against the length before | default limit |', '|---|---|---|---|');
  let prev = 0;
  for (const n of [50, 100, 200, 400]) {
    const input = 'a'.repeat(n - 1) + 'b';
    const ms = time(() => roomyS.isValid(input, 's'));
    let limited = '';
    const t0 = process.hrtime.bigint();
    try {
      s.isValid(input, 's');
      limited = 'answers';
    } catch (e) {
      limited = `${(e as Error).name} after ${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(0)} ms`;
    }
    lines.push(`| ${n} | ${ms.toFixed(1)} | ${prev ? `${(ms / prev).toFixed(1)}×` : ''} | ${limited} |`);
    prev = ms;
  }
  lines.push('', `Whole section: ${((Date.now() - began) / 1000).toFixed(0)} s; load average at end ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}. Clock: ${CLOCK} time.`);
  writeBlock(path.join(ROOT, 'BENCHMARKS.md'), 'bench:recursive', lines);
  const docs = path.join(ROOT, 'docs', 'grammars.md');
  if (fs.readFileSync(docs, 'utf8').includes('<!-- figures:recursive -->')) writeBlock(docs, 'figures:recursive', figures);
  else console.warn('docs/grammars.md has no <!-- figures:recursive --> markers: its figures were not written');
  console.log(lines.join('\n'));
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
