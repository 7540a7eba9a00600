/**
 * Sample inputs of a rule, derived from its expressions: what a tree plan (../trees/plan.ts) is made
 * from when no real inputs are given (`toModule` of a user's grammar, ./compiled.ts).
 *
 * Each sample is one derivation: every choice takes an alternative at random, every repetition
 * its minimum and up to two more, every character set one of its characters. So each is in the
 * rule's language, and over many samples every alternative is taken. The random numbers come
 * from a fixed seed: the same grammar gives the same samples, and so the same module text.
 * The derivation runs on an explicit stack (nothing recurses on grammar depth), and one that
 * grows past MAX_SAMPLE_LENGTH characters or MAX_SAMPLE_WORK steps (a grammar whose minimum
 * repetitions multiply) is dropped.
 */
import type { Expr, Rules } from '../expr';
import { random } from '../analysis/derive';

export const MAX_SAMPLE_LENGTH = 2_000;
export const MAX_SAMPLE_WORK = 100_000;

/** One character of a `chars` expression, or undefined when its set is empty. */
function charOf(e: Extract<Expr, { t: 'chars' }>, next: () => number): string | undefined {
  const ascii: number[] = [];
  for (let c = 0; c < 128; c++) if (e.set[c]) ascii.push(c);
  const more = e.more ?? [];
  // Mostly ASCII where the set has some (as real inputs are), else a code point of its ranges.
  if (ascii.length && (more.length === 0 || next() < 0.75)) return String.fromCharCode(ascii[Math.floor(next() * ascii.length)]);
  if (more.length === 0) return undefined;
  const k = 2 * Math.floor(next() * (more.length / 2));
  const lo = more[k];
  const hi = more[k + 1];
  const cp = lo + Math.floor(next() * Math.min(hi - lo + 1, 256));
  // Never a lone surrogate: a string of one would not be the code point.
  return cp >= 0xd800 && cp <= 0xdfff ? undefined : String.fromCodePoint(cp);
}

/** One derivation of `rule`, or undefined when it grew too large or met an empty set. */
function derive(grammar: Rules, rule: string, next: () => number): string | undefined {
  const out: string[] = [];
  let length = 0;
  const stack: Expr[] = [{ t: 'ref', name: rule }];
  for (let work = 0; stack.length; work++) {
    if (work > MAX_SAMPLE_WORK || length > MAX_SAMPLE_LENGTH) return undefined;
    const e = stack.pop()!;
    switch (e.t) {
      case 'chars': {
        const c = charOf(e, next);
        if (c === undefined) return undefined;
        out.push(c);
        length += c.length;
        break;
      }
      case 'lit':
        out.push(e.text);
        length += e.text.length;
        break;
      case 'seq':
        for (let k = e.items.length - 1; k >= 0; k--) stack.push(e.items[k]);
        break;
      case 'alt':
        if (e.items.length === 0) return undefined;
        stack.push(e.items[Math.floor(next() * e.items.length)]);
        break;
      case 'rep': {
        const n = e.min + Math.floor(next() * (Math.min(e.max - e.min, 2) + 1));
        if (n > MAX_SAMPLE_LENGTH) return undefined;
        for (let k = 0; k < n; k++) stack.push(e.item);
        break;
      }
      case 'ref':
        stack.push(grammar[e.name]);
        break;
    }
  }
  return out.join('');
}

/** Up to `count` derivations of `rule` (a rule that does not reach recursion), from a fixed seed. */
export function sampleInputs(grammar: Rules, rule: string, count: number, seed = 3986): string[] {
  const next = random(seed);
  const samples: string[] = [];
  for (let k = 0; k < count; k++) {
    const s = derive(grammar, rule, next);
    if (s !== undefined) samples.push(s);
  }
  return samples;
}
