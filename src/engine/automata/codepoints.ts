/**
 * Character sets over Unicode code points, and the classes a compiled rule sorts characters
 * into.
 *
 * A set is a sorted list of inclusive ranges, flat: `[lo0, hi0, lo1, hi1, …]`. Input is UTF-16:
 * a surrogate pair is one character (its code point), and a lone surrogate is a character no
 * set matches (class 0), whatever ranges the grammar gives. Characters below 0x80 are looked up
 * in a table, so ASCII grammars pay one comparison a character for the rest.
 */

export type Ranges = readonly number[];

/** The ranges of a 128-entry ASCII membership table. */
export function asciiRanges(table: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let c = 0; c < 128; c++) {
    if (!table[c]) continue;
    let d = c;
    while (d + 1 < 128 && table[d + 1]) d++;
    out.push(c, d);
    c = d;
  }
  return out;
}

/** Sorted, merged ranges of a list of `[lo, hi]` pairs in any order. */
export function normalize(pairs: readonly number[]): number[] {
  const list: Array<[number, number]> = [];
  for (let i = 0; i < pairs.length; i += 2) list.push([pairs[i], pairs[i + 1]]);
  list.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of list) {
    const n = out.length;
    if (n && lo <= out[n - 1] + 1) out[n - 1] = Math.max(out[n - 1], hi);
    else out.push(lo, hi);
  }
  return out;
}

export function hasCodePoint(ranges: Ranges, cp: number): boolean {
  let lo = 0;
  let hi = (ranges.length >> 1) - 1;
  while (lo <= hi) {
    const m = (lo + hi) >> 1;
    if (cp < ranges[2 * m]) hi = m - 1;
    else if (cp > ranges[2 * m + 1]) lo = m + 1;
    else return true;
  }
  return false;
}

/** The ranges of one character in both ASCII cases (ABNF quoted strings, RFC 5234 2.3). */
export function foldedRanges(ch: string, caseSensitive = false): number[] {
  const cp = ch.codePointAt(0)!;
  if (caseSensitive || !/^[A-Za-z]$/.test(ch)) return [cp, cp];
  const lo = ch.toLowerCase().charCodeAt(0);
  const up = ch.toUpperCase().charCodeAt(0);
  return [up, up, lo, lo];
}

/** The surrogate code points: never matched, whatever the ranges say. */
const SURROGATE_LO = 0xd800;
const SURROGATE_HI = 0xdfff;

/** Classes as data: the class of each ASCII character, the intervals above ASCII and their classes, a sample of each class. */
export interface ClassesParts {
  readonly ascii: readonly number[];
  readonly bounds: readonly number[];
  readonly boundClass: readonly number[];
  readonly sample: readonly number[];
}

/**
 * Characters sorted into classes: two characters share a class when every set takes both or
 * neither. Class 0 is the characters no set takes (and lone surrogates).
 */
export class Classes {
  /** Class of each ASCII character. */
  readonly ascii = new Uint16Array(128);
  /** Boundaries of the elementary intervals above ASCII, and the class of each. */
  private readonly bounds: number[] = [];
  private readonly boundClass: number[] = [];
  /** Does any set take a character above ASCII? */
  readonly wide: boolean;
  /** One code point of each class (class 0: -1). */
  readonly sample: number[] = [-1];
  get count(): number { return this.sample.length; }

  /** Made from `sets`, or from `parts` (what `parts()` gave for the same sets: ../trees/plan.ts). */
  constructor(sets: readonly Ranges[], parts?: ClassesParts) {
    if (parts) {
      this.ascii.set(parts.ascii);
      this.bounds = [...parts.bounds];
      this.boundClass = [...parts.boundClass];
      this.sample = [...parts.sample];
      this.wide = this.boundClass.some((k) => k !== 0);
      return;
    }
    const unique = new Map<string, Ranges>();
    for (const s of sets) unique.set(s.join(','), s);
    const list = [...unique.values()].map((s) => withoutSurrogates(s));
    const points = new Set<number>([0, 128]);
    for (const s of list) for (let i = 0; i < s.length; i += 2) { points.add(s[i]); points.add(s[i + 1] + 1); }
    const bounds = [...points].sort((a, b) => a - b);
    // Each elementary interval [bounds[j], bounds[j+1]) lies wholly inside or outside each set.
    const signatures: string[] = bounds.map(() => '');
    list.forEach((s, k) => {
      for (let i = 0; i < s.length; i += 2) {
        let j = upper(bounds, s[i]) - 1;
        for (; j < bounds.length && bounds[j] <= s[i + 1]; j++) signatures[j] += k + ',';
      }
    });
    const ids = new Map<string, number>([['', 0]]);
    const classOfInterval = signatures.map((sig, j) => {
      let k = ids.get(sig);
      if (k === undefined) {
        ids.set(sig, (k = this.sample.length));
        this.sample.push(bounds[j]);
      }
      return k;
    });
    for (let c = 0; c < 128; c++) this.ascii[c] = classOfInterval[upper(bounds, c) - 1];
    let wide = false;
    for (let j = 0; j < bounds.length; j++) {
      if (bounds[j] < 128) continue;
      this.bounds.push(bounds[j]);
      this.boundClass.push(classOfInterval[j]);
      if (classOfInterval[j] !== 0) wide = true;
    }
    this.wide = wide;
  }

  /** The class of code point `cp` (at least 128). */
  wideClass(cp: number): number {
    if (!this.wide || (cp >= SURROGATE_LO && cp <= SURROGATE_HI)) return 0;
    const j = upper(this.bounds, cp) - 1;
    return j < 0 ? 0 : this.boundClass[j];
  }

  /** Above ASCII: [first code point, class] of each elementary interval, ascending. */
  wideBounds(): number[] {
    return this.bounds.flatMap((b, j) => [b, this.boundClass[j]]);
  }

  /** The classes as data (see the constructor). */
  parts(): ClassesParts {
    return { ascii: Array.from(this.ascii), bounds: [...this.bounds], boundClass: [...this.boundClass], sample: [...this.sample] };
  }

  /** Does class `k` belong to `set`? (Checked on its sample character.) */
  inSet(k: number, set: Ranges): boolean {
    return k !== 0 && hasCodePoint(set, this.sample[k]);
  }
}

/**
 * The code point at `i` of `input` and its length in UTF-16 units, as `cp * 4 + length`…
 * kept as two helpers for clarity: `codePointAt` returns a lone surrogate as itself (and the
 * classes put every surrogate in class 0).
 */
export function charLength(input: string, i: number): number {
  const c = input.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < input.length) {
    const d = input.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 2;
  }
  return 1;
}

function withoutSurrogates(s: Ranges): Ranges {
  let touches = false;
  for (let i = 0; i < s.length; i += 2) if (s[i] <= SURROGATE_HI && s[i + 1] >= SURROGATE_LO) touches = true;
  if (!touches) return s;
  const out: number[] = [];
  for (let i = 0; i < s.length; i += 2) {
    const lo = s[i];
    const hi = s[i + 1];
    if (hi < SURROGATE_LO || lo > SURROGATE_HI) { out.push(lo, hi); continue; }
    if (lo < SURROGATE_LO) out.push(lo, SURROGATE_LO - 1);
    if (hi > SURROGATE_HI) out.push(SURROGATE_HI + 1, hi);
  }
  return out;
}

/** The number of elements of the sorted `xs` that are at most `v`. */
function upper(xs: readonly number[], v: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (xs[m] <= v) lo = m + 1;
    else hi = m;
  }
  return lo;
}
