/**
 * Packing at build time: the minimized DFAs of several rules (`Automaton.minimal`) as one
 * automaton in the tables ../automata/tableDfa.ts reads at run time (its header says why; the
 * format is its `PackedDfa`). Apart from the reader, so that a program that only loads shipped
 * tables carries none of this.
 */
import type { MinimalDfa } from '../automata/automaton';
import { refine } from '../automata/refine';
import { ALPHABET, wideClass, type PackedDfa } from '../automata/tableDfa';

/** A number as a varint: five bits a character, low bits first; characters 32–63 say "more follows". */
function enc(n: number): string {
  let out = '';
  for (; n >= 32; n = Math.floor(n / 32)) out += ALPHABET[32 + (n % 32)];
  return out + ALPHABET[n];
}

/** A number in `digits` fixed-width base-64 digits, high first. */
function fixed(n: number, digits: number): string {
  if (n >= 64 ** digits) throw new RangeError(`packDfas: ${n} does not fit ${digits} digits`);
  let out = '';
  for (let k = 0; k < digits; k++, n = Math.floor(n / 64)) out = ALPHABET[n % 64] + out;
  return out;
}

/** Packs the minimized DFAs of several rules as one (build time). */
export function packDfas(dfas: Readonly<Record<string, MinimalDfa>>): PackedDfa {
  const rules = Object.keys(dfas);
  const list = rules.map((r) => dfas[r]);
  // One class partition for all rules: two characters share a class when every rule's
  // classes put them together. Class 0 is the characters no rule takes.
  const ids = new Map<string, number>([[list.map(() => 0).join(','), 0]]);
  const samples: Array<(d: MinimalDfa) => number> = [() => 0];
  const classOf = (signature: string, local: (d: MinimalDfa) => number): number => {
    let k = ids.get(signature);
    if (k === undefined) {
      ids.set(signature, (k = samples.length));
      samples.push(local);
    }
    return k;
  };
  const ascii: number[] = [];
  for (let c = 0; c < 128; c++) ascii.push(classOf(list.map((d) => d.ascii[c]).join(','), (d) => d.ascii[c]));
  const points = [...new Set(list.flatMap((d) => d.wide.filter((_, i) => i % 2 === 0)))].sort((a, b) => a - b);
  const wide: number[] = [];
  for (const p of points) {
    const k = classOf(list.map((d) => wideClass(d.wide, p)).join(','), (d) => wideClass(d.wide, p));
    if (wide[wide.length - 1] !== k) wide.push(p, k);
  }
  const width = samples.length;

  // Every rule's states as one automaton, minimized (Moore): blocks start from accepting and
  // expected, and split until every class leads each block's states into one block.
  const states: Array<[d: MinimalDfa, s: number, base: number]> = [];
  const base: number[] = [];
  for (const d of list) {
    base.push(states.length - 1); // state s of d is states[base + s]
    for (let s = 1; s < d.next.length; s++) states.push([d, s, states.length - s + 1]);
  }
  const at = (d: MinimalDfa, s: number, k: number) => d.next[s][samples[k](d)];
  const block = refine(
    states.map(([d, s]) => `${d.accepting[s]}|${d.expected[s].join('\n')}`),
    width,
    (i, k) => {
      const [d, s, b] = states[i];
      const to = at(d, s, k);
      return to === 0 ? -1 : b + to - 1;
    },
  );
  // Numbered breadth first from each rule's start in turn (1; 0 is dead).
  const representative = new Map<string, number>();
  states.forEach((_, i) => { if (!representative.has(block[i])) representative.set(block[i], i); });
  const id = new Map<string, number>();
  const order: string[] = [];
  const number = (b: string) => {
    if (!id.has(b)) { id.set(b, id.size + 1); order.push(b); }
    return id.get(b)!;
  };
  const starts: Record<string, number> = {};
  rules.forEach((rule, r) => {
    starts[rule] = number(block[base[r] + 1]);
    for (let q = order.indexOf(block[base[r] + 1]); q < order.length; q++) {
      const [d, s, b] = states[representative.get(order[q])!];
      for (let k = 0; k < width; k++) {
        const to = at(d, s, k);
        if (to !== 0) number(block[b + to - 1]);
      }
    }
  });
  if ((order.length + 1) * width > 0x10000) throw new RangeError(`packDfas: ${order.length + 1} states of ${width} classes do not fit 16-bit offsets`);

  let rows = '';
  let rowAt = fixed(0, 3);
  const accepting = [false];
  const lists = new Map<string, number>([['[]', 0]]);
  let expectedOf = fixed(0, 2);
  order.forEach((b) => {
    const [d, s, base] = states[representative.get(b)!];
    const row = Array.from({ length: width }, (_, k) => {
      const to = at(d, s, k);
      return to === 0 ? 0 : id.get(block[base + to - 1])!;
    });
    rowAt += fixed(rows.length, 3);
    for (let k = 0; k < width;) {
      let j = k + 1;
      while (j < width && row[j] === row[k]) j++;
      rows += enc(row[k]) + enc(j - k);
      k = j;
    }
    accepting.push(d.accepting[s]);
    const key = JSON.stringify(d.expected[s]);
    if (!lists.has(key)) lists.set(key, lists.size);
    expectedOf += fixed(lists.get(key)!, 2);
  });
  rowAt += fixed(rows.length, 3);
  const words = [...new Set(list.flatMap((d) => d.expected.flat()))].sort();
  const word = new Map(words.map((w, i) => [w, i]));
  let acceptingBits = '';
  for (let j = 0; j < accepting.length; j += 6) {
    let bits = 0;
    for (let k = 0; k < 6; k++) if (accepting[j + k]) bits |= 1 << k;
    acceptingBits += ALPHABET[bits];
  }
  return {
    width,
    ascii: ascii.map((k) => fixed(k, 2)).join(''),
    wide,
    rows,
    rowAt,
    accepting: acceptingBits,
    words,
    expected: [...lists.keys()].map((k) => (JSON.parse(k) as string[]).map((w) => enc(word.get(w)!)).join('')),
    expectedOf,
    starts,
  };
}
