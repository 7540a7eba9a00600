/**
 * The timing loop the benchmarks share: one process, a warm-up pass per function, then rounds in
 * which every function of a table makes one pass over the same inputs, round-robin, so that a
 * burst of load on this shared machine slows every entry of a round alike.
 *
 * No collection is forced between passes (unless asked, for the sensitivity check): each
 * function runs as in a program, where the collector runs when the heap asks for it, and pays
 * for its own garbage and for the garbage of whoever ran before it alike. A `gc()` before each
 * pass is not neutral: it empties the young generation and drops what V8 keeps warm, and Node's
 * `URL` (whose objects are C++-backed) then ran its whole next pass about 1.6× slower, which
 * flattered the project against exactly that peer (issue 37). `npm run bench` measures the main
 * pairs both ways and prints both ratios, so that the effect stays visible.
 */
type Fn = (s: string) => unknown;
const gc: () => void = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** Whether `--expose-gc` was given (the sensitivity check needs it). */
export const canGc = typeof (globalThis as { gc?: unknown }).gc === 'function';

/**
 * The clock: wall time (the default), or with `BENCH_CLOCK=cpu` the CPU time of the whole process
 * (every thread: the collector's helpers are charged to the pass too), for a machine shared with
 * other work, where wall time also counts the time other processes held the cores.
 */
export const CLOCK: 'wall' | 'cpu' = process.env.BENCH_CLOCK === 'cpu' ? 'cpu' : 'wall';
const now: () => number =
  CLOCK === 'cpu'
    ? () => {
        const u = process.cpuUsage();
        return (u.user + u.system) * 1000;
      }
    : () => Number(process.hrtime.bigint());

let sink: unknown;
/** Total nanoseconds for one pass of `fn` over `inputs` (on CLOCK). A throw counts as an answer. */
export function pass(fn: Fn, inputs: readonly string[]): number {
  const t0 = now();
  for (let i = 0; i < inputs.length; i++) {
    try {
      sink = fn(inputs[i]);
    } catch (e) {
      sink = e;
    }
  }
  return now() - t0;
}

/** The last answer, so that no pass's work can be dropped as unused. */
export const lastAnswer = (): unknown => sink;

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Each function's passes over `inputs`, in ns per input: [median, fastest]. With `forceGc`, a
 * `gc()` before each pass (the old method, kept only to show how much it moves each side).
 */
export function roundRobin(inputs: readonly string[], fns: readonly Fn[], rounds: number, forceGc = false): { median: number; min: number }[] {
  for (const fn of fns) pass(fn, inputs);
  const times = fns.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    fns.forEach((fn, k) => {
      if (forceGc) gc();
      times[k].push(pass(fn, inputs) / inputs.length);
    });
  }
  return times.map((t) => ({ median: median(t), min: Math.min(...t) }));
}
