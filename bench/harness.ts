/**
 * The timing loop the benchmarks share: one process, a warm-up pass per function, then rounds in
 * which every function of a table makes one pass over the same inputs (a gc before each pass),
 * round-robin, so that a burst of load on this shared machine slows every entry of a round alike.
 */
type Fn = (s: string) => unknown;
const gc: () => void = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

let sink: unknown;
/** Total nanoseconds for one pass of `fn` over `inputs`. A throw counts as an answer. */
export function pass(fn: Fn, inputs: readonly string[]): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < inputs.length; i++) {
    try {
      sink = fn(inputs[i]);
    } catch (e) {
      sink = e;
    }
  }
  return Number(process.hrtime.bigint() - t0);
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Each function's passes over `inputs`, in ns per input: [median, fastest]. */
export function roundRobin(inputs: readonly string[], fns: readonly Fn[], rounds: number): { median: number; min: number }[] {
  for (const fn of fns) pass(fn, inputs);
  const times = fns.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    fns.forEach((fn, k) => {
      gc();
      times[k].push(pass(fn, inputs) / inputs.length);
    });
  }
  return times.map((t) => ({ median: median(t), min: Math.min(...t) }));
}
