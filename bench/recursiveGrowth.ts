/**
 * `npm run bench`, recursive grammars: the growth table (issue 35). Time per byte of `isValid` at
 * 10 KB, 1 MB and 10 MB for the shapes that were super-linear, JSON, and RFC 5322's folding white
 * space. Linear means the figure stays flat: the last column divides the largest size's figure by
 * the 10 KB one (goal ≤ 1.5).
 *
 * Each row runs in a worker thread with a time budget and a heap cap: a size whose run would pass
 * the budget at the rate of the size before is not started ("over budget at N"), and a run that
 * passes it anyway is stopped (`worker.terminate()` ends even a synchronous loop), so a super-linear
 * shape prints one line instead of hanging the bench. The grammars keep their default limits
 * (`workLimit`, `maxNesting`) unless the row says otherwise: a `WorkLimitError` or
 * `NestingLimitError` is printed where it stops a row.
 */
import * as path from 'path';
import { Worker, isMainThread, parentPort, workerData } from 'worker_threads';
import { compileAbnf, grammarByName } from '../src/index';
import { CLOCK, lastAnswer, median, pass } from './harness';
import { jsonText } from './recursivePeers';

/** A row: what the table shows, and how the worker makes the grammar's test and an input of about n bytes. */
interface Shape {
  readonly name: string;
  readonly make: (n: number) => string;
  readonly test: () => (s: string) => boolean;
}

const compiled = (text: string, rule: string, options?: { maxNesting?: number }) => () => {
  const g = compileAbnf(text, options);
  return (s: string) => g.isValid(s, rule);
};

export const SHAPES: readonly Shape[] = [
  { name: '`s = "a" *s` on `aaa…` (`maxNesting: 1e8`: the tree is n deep)', make: (n) => 'a'.repeat(n), test: compiled('s = "a" *s', 's', { maxNesting: 1e8 }) },
  { name: '`s = "(" *(*s) ")"` on `(()()…())`', make: (n) => '(' + '()'.repeat((n - 2) >> 1) + ')', test: compiled('s = "(" *(*s) ")"', 's') },
  { name: '`s = "(" *t ")"`, `t = *s` on `(()()…())`', make: (n) => '(' + '()'.repeat((n - 2) >> 1) + ')', test: compiled('s = "(" *t ")"\nt = *s', 's') },
  { name: '`list = item [ "," list ]`, `item = "x" / "(" list ")"` on `x,x,…,x`', make: (n) => 'x,'.repeat((n - 1) >> 1) + 'x', test: compiled('list = item [ "," list ]\nitem = "x" / "(" list ")"', 'list') },
  { name: 'JSON (`grammarByName(\'json\')`, `JSON-text`), the text of the table above', make: (n) => jsonText(n), test: () => ((g) => (s: string) => g.isValid(s, 'JSON-text'))(grammarByName('json')) },
  { name: 'RFC 5322 `addr-spec`, `\'a\' + \' \\r\\n \'.repeat(k) + \'@b\'`', make: (n) => 'a' + ' \r\n '.repeat((n - 3) >> 2) + '@b', test: () => ((g) => (s: string) => g.isValid(s, 'addr-spec'))(grammarByName('rfc5322')) },
  { name: 'RFC 5322 `addr-spec`, `\'a@\' + \'b . \'.repeat(k) + \'c\'`', make: (n) => 'a@' + 'b . '.repeat((n - 3) >> 2) + 'c', test: () => ((g) => (s: string) => g.isValid(s, 'addr-spec'))(grammarByName('rfc5322')) },
];

/** The sizes of the table, in bytes. */
export const SIZES = [10_000, 1_000_000, 10_000_000] as const;
/** Each row's time budget, in ms (warm-up and every size together). */
const ROW_BUDGET_MS = 8_000;
/** The worker's old-generation cap, in MB: running out is reported, not fatal to the bench. */
const HEAP_MB = 2048;

type Reply = { ns: number; runs: number } | { error: string };

/**
 * The worker: makes the row's test, warms it up on the 10 KB input, then answers each size asked
 * with ns per byte (the median of up to 5 runs within a second), or the error that stopped it.
 */
function worker(): void {
  const shape = SHAPES[workerData.row as number];
  const test = shape.test();
  parentPort!.on('message', (n: number) => {
    const input = shape.make(n);
    const fn = (s: string) => {
      if (!test(s)) throw new Error('the input was refused (a bench input must be valid)');
    };
    const times: number[] = [];
    let spent = 0;
    // Warm-up on the first size while it is cheap (a run of a second is not moved by compiling).
    for (let k = 0, warm = 0; n === SIZES[0] && k < 3 && warm < 3e8; k++) warm += pass(fn, [input]);
    while (times.length < 5 && (times.length === 0 || spent < 1e9)) {
      const t = pass(fn, [input]);
      const answer = lastAnswer();
      if (answer instanceof Error) {
        parentPort!.postMessage({ error: answer.name === 'Error' ? answer.message : answer.name } satisfies Reply);
        return;
      }
      times.push(t);
      spent += t;
    }
    parentPort!.postMessage({ ns: median(times) / Buffer.byteLength(input), runs: times.length } satisfies Reply);
  });
}

const size = (n: number): string => (n >= 1e6 ? `${n / 1e6} MB` : `${n / 1e3} KB`);
const fmt = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** One row: the cells for each size and the last column. */
async function row(index: number): Promise<string> {
  const w = new Worker(path.join(__dirname, 'recursiveGrowth.js'), { workerData: { row: index }, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
  const started = Date.now();
  const cells: string[] = [];
  let first = NaN;
  let last = NaN;
  let stop = '';
  for (const n of SIZES) {
    if (stop) {
      cells.push('');
      continue;
    }
    const left = ROW_BUDGET_MS - (Date.now() - started);
    const predicted = Number.isNaN(last) ? 0 : (last * n) / 1e6;
    if (predicted > left) {
      stop = `over budget at ${size(n)} (≈ ${fmt(predicted / 1000)} s at the rate before; ${ROW_BUDGET_MS / 1000} s a row)`;
      cells.push('');
      continue;
    }
    const reply = await new Promise<Reply | 'timeout' | Error>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), Math.max(left, 0));
      w.once('message', (m: Reply) => { clearTimeout(timer); resolve(m); });
      w.once('error', (e: Error) => { clearTimeout(timer); resolve(e); });
      w.postMessage(n);
    });
    w.removeAllListeners('message');
    w.removeAllListeners('error');
    if (reply === 'timeout') stop = `over budget at ${size(n)} (stopped after ${fmt((Date.now() - started) / 1000)} s in the row)`;
    else if (reply instanceof Error) stop = `${(reply as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? `out of memory (${HEAP_MB} MB heap)` : reply.name} at ${size(n)}`;
    else if ('error' in reply) stop = `${reply.error} at ${size(n)}`;
    else {
      last = reply.ns;
      if (Number.isNaN(first)) first = reply.ns;
      cells.push(fmt(reply.ns));
      continue;
    }
    cells.push('');
  }
  await w.terminate();
  const ratio = Number.isNaN(first) || last === first ? '' : `${fmt(last / first)}×`;
  const end = stop ? (ratio ? `${ratio} up to the size before; ${stop}` : stop) : ratio;
  return `| ${SHAPES[index].name} | ${cells.join(' | ')} | ${end} |`;
}

/** The growth table's lines. */
export async function growthTable(): Promise<string[]> {
  const lines = [
    `Growth: \`isValid\` in ns per byte at ${SIZES.map(size).join(', ')} (each row in a worker thread, ${ROW_BUDGET_MS / 1000} s and a ${HEAP_MB} MB heap a row;`,
    `up to 3 warm-up runs at 10 KB (less than 0.3 s in all); median of up to 5 runs a size within a second; clock: ${CLOCK} time). The last column is`,
    'the largest size\'s time per byte divided by 10 KB\'s: linear is about 1 (goal ≤ 1.5). Default limits unless the row says otherwise.', '',
    `| shape | ${SIZES.map(size).join(' | ')} | per byte ÷ 10 KB |`, `|---|${SIZES.map(() => '---:').join('|')}|---|`,
  ];
  for (let i = 0; i < SHAPES.length; i++) lines.push(await row(i));
  return lines;
}

if (!isMainThread && workerData?.row !== undefined) worker();
