/**
 * A rule's DFA as tables computed at build time, so that a fresh process answers its first
 * question without compiling anything.
 *
 * The automaton (./automaton.ts) builds a rule's DFA from its NFA by subset construction,
 * lazily; a RegExp derived from the rule (./regexp.ts) is compiled by V8 on first use. Either
 * costs milliseconds of cold work on a process's first call (the URI-reference RegExp about
 * 14 ms). For the built-in grammar, scripts/generate-derived.ts instead writes each rule's whole
 * DFA, minimized (`Automaton.minimal`), packed into strings (`packDfa`); here a state's row is
 * unpacked into a typed array the first time an input reaches that state. The verdict is then one class look-up and one transition a
 * character, for inputs of any length; a failure's offset and `expected` come from the same
 * tables, exactly as the automaton gives them (the minimization keeps both).
 */
import type { MinimalDfa, Verdict } from './automaton';
import { charLength } from './codepoints';

/**
 * A minimized DFA packed for a source file. Small numbers are stored as characters
 * (code = number + 48, see `enc`), which JSON writes as they are.
 */
export interface PackedDfa {
  /** Character classes, the length of a row. */
  readonly width: number;
  /** The class of each ASCII character. */
  readonly ascii: string;
  /** Above ASCII: [first code point, class] pairs, ascending (empty: no such character matches). */
  readonly wide: readonly number[];
  /** The rows of states 1, 2, … (state 0 is dead): runs of (next state, run length) over the classes. */
  readonly rows: string;
  /** How many runs each row has (so that a row can be found without reading those before it). */
  readonly runs: string;
  /** The accepting states. */
  readonly accepting: string;
  /** The distinct `expected` lists, and each state's list (from state 0). */
  readonly expected: readonly (readonly string[])[];
  readonly expectedOf: string;
}

const BASE = 48;
const enc = (n: number): string => String.fromCharCode(n + BASE);
const dec = (s: string, i: number): number => s.charCodeAt(i) - BASE;

/** Packs a minimized DFA (build time). */
export function packDfa(dfa: MinimalDfa): PackedDfa {
  const states = dfa.next.length;
  if (states * dfa.width > 0xffff) throw new RangeError(`packDfa: ${states} states of ${dfa.width} classes do not fit 16-bit offsets`);
  let rows = '';
  let runs = '';
  for (let s = 1; s < states; s++) {
    const row = dfa.next[s];
    let count = 0;
    for (let k = 0; k < row.length; count++) {
      let j = k + 1;
      while (j < row.length && row[j] === row[k]) j++;
      rows += enc(row[k]) + enc(j - k);
      k = j;
    }
    runs += enc(count);
  }
  const lists = new Map<string, number>();
  let expectedOf = '';
  for (const e of dfa.expected) {
    const key = JSON.stringify(e);
    if (!lists.has(key)) lists.set(key, lists.size);
    expectedOf += enc(lists.get(key)!);
  }
  return {
    width: dfa.width,
    ascii: dfa.ascii.map(enc).join(''),
    wide: dfa.wide,
    rows,
    runs,
    accepting: dfa.accepting.flatMap((a, s) => (a ? [enc(s)] : [])).join(''),
    expected: [...lists.keys()].map((k) => JSON.parse(k) as string[]),
    expectedOf,
  };
}

/**
 * A packed DFA, unpacked row by row as inputs reach its states: a process's first question
 * costs the few rows it visits, not the whole table.
 */
export class TableDfa {
  private readonly width: number;
  private readonly ascii: Uint8Array;
  private readonly wide: readonly number[];
  /**
   * Transitions, flat: the next state's offset (state × width); 0 is the dead state, and also
   * every entry of a row not unpacked yet (`unpacked` tells them apart).
   */
  private readonly next: Uint16Array;
  /** 1 at the offset of each state whose row is unpacked (the dead state's is all zeros). */
  private readonly unpacked: Uint8Array;
  /** Where each state's row begins in `packed.rows`. */
  private readonly rowAt: Uint32Array;
  /** 1 at the offset of each accepting state. */
  private readonly accepting: Uint8Array;

  constructor(private readonly packed: PackedDfa) {
    const width = (this.width = packed.width);
    const ascii = (this.ascii = new Uint8Array(128));
    for (let c = 0; c < 128; c++) ascii[c] = dec(packed.ascii, c);
    this.wide = packed.wide;
    const states = packed.expectedOf.length;
    this.next = new Uint16Array(states * width);
    this.unpacked = new Uint8Array(states * width);
    this.unpacked[0] = 1;
    this.rowAt = new Uint32Array(states);
    for (let s = 1, at = 0; s < states; s++) {
      this.rowAt[s] = at;
      at += 2 * dec(packed.runs, s - 1);
    }
    this.accepting = new Uint8Array(states * width);
    for (let i = 0; i < packed.accepting.length; i++) this.accepting[dec(packed.accepting, i) * width] = 1;
  }

  /** The state after class `k` from the state at offset `s`, unpacking its row if need be. */
  private step(s: number, k: number): number {
    if (this.unpacked[s] === 0) {
      const rows = this.packed.rows;
      for (let i = this.rowAt[s / this.width], at = s, end = s + this.width; at < end; i += 2) {
        const n = dec(rows, i + 1);
        this.next.fill(dec(rows, i) * this.width, at, (at += n));
      }
      this.unpacked[s] = 1;
    }
    return this.next[s + k];
  }

  /** The class of a code point above ASCII (lone surrogates match nothing, as in ./codepoints.ts). */
  private wideClass(cp: number): number {
    const wide = this.wide;
    if (wide.length === 0 || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    let lo = 0;
    let hi = wide.length / 2; // the last pair whose first code point is at most cp
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (wide[2 * mid] <= cp) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? 0 : wide[2 * lo - 1];
  }

  /** Does the whole input match? */
  test(input: string): boolean {
    const next = this.next;
    const ascii = this.ascii;
    let s = this.width; // the start state
    for (let i = 0, n = input.length; i < n; i++) {
      const c = input.charCodeAt(i);
      if (c > 127) return this.testWide(input, i, s);
      const to = next[s + ascii[c]];
      if (to !== 0) s = to;
      else if ((s = this.step(s, ascii[c])) === 0) return false;
    }
    return this.accepting[s] === 1;
  }

  /** `test` from offset `i` (a character above ASCII) in state `s`. */
  private testWide(input: string, i: number, s: number): boolean {
    for (const n = input.length; i < n; i += charLength(input, i)) {
      s = this.step(s, this.classAt(input, i));
      if (s === 0) return false;
    }
    return this.accepting[s] === 1;
  }

  private classAt(input: string, i: number): number {
    const c = input.charCodeAt(i);
    return c < 128 ? this.ascii[c] : this.wideClass(input.codePointAt(i)!);
  }

  /** The verdict; for a failure, the first offset at which no match can go on, and what could come there. */
  run(input: string): Verdict {
    let s = this.width;
    for (let i = 0, n = input.length; i < n; i += charLength(input, i)) {
      const to = this.step(s, this.classAt(input, i));
      if (to === 0) return { ok: false, index: i, expected: this.expectedAt(s) };
      s = to;
    }
    if (this.accepting[s] === 1) return { ok: true, index: input.length, expected: [] };
    return { ok: false, index: input.length, expected: this.expectedAt(s) };
  }

  private expectedAt(s: number): string[] {
    return [...this.packed.expected[dec(this.packed.expectedOf, s / this.width)]];
  }
}
