/**
 * A rule as a finite automaton: the verdict and the exact error offset in one linear pass.
 *
 * The grammars the engine runs have no recursion, so each rule's language is regular. The
 * rule's NFA (./nfa.ts, references expanded, marks read as empty moves) becomes a DFA by subset
 * construction, lazily, over character classes (./codepoints.ts), so every input character
 * costs a class look-up (a table for ASCII) and a transition look-up however hostile the
 * input: this is the ABNF's own language.
 *
 * Every NFA state can reach the accepting state (no sub-expression has an empty language),
 * so a non-empty state set means "the text so far is a prefix of something the rule
 * matches". The first offset at which the set becomes empty is therefore exactly the error
 * offset the engine promises; for an input that is only cut short it is the input's length.
 */
import { Classes, charLength } from './codepoints';
import type { Expr, Rules } from '../expr';
import { buildNfa, closure, Kind, type Nfa } from './nfa';
import { refine } from './refine';
import { StateSets } from './stateSets';

export interface Verdict {
  ok: boolean;
  /** For a failure: the first offset at which the input stops being a viable prefix. */
  index: number;
  /** For a failure: what the rule could accept at `index`, in ABNF words. */
  expected: string[];
}

export const END_OF_INPUT = 'end of input';

/**
 * A rule's whole DFA, minimized: state 0 is the dead state, state 1 the start; `next[s][k]` is
 * the state after class `k` (ascending code-point classes as in ./codepoints.ts). For packing at
 * build time (./tableDfa.ts).
 */
export interface MinimalDfa {
  readonly width: number;
  /** The class of each ASCII character. */
  readonly ascii: readonly number[];
  /** Above ASCII: [first code point, class] pairs, ascending (./codepoints.ts `wideBounds`). */
  readonly wide: readonly number[];
  readonly next: readonly (readonly number[])[];
  readonly accepting: readonly boolean[];
  readonly expected: readonly (readonly string[])[];
}
/** The dead state's offset, and the mark of a transition not computed yet. */
const DEAD = 0;
const UNKNOWN = -1;


/** A rule's DFA. */
export class Automaton {
  /** At most this many NFA state numbers in the DFA's state sets before it starts afresh. */
  static maxHeld = 4_000_000;
  /**
   * `minimal`'s bounds: the whole DFA of a rule has at most this many cells (states × classes),
   * whose states' sets hold at most this many NFA state numbers, or it is a RangeError. The subset
   * construction can take exponentially many states of a small grammar (nested counted
   * repetitions of alternatives that overlap), which took all memory before it ended, or seconds
   * for tables too large to pack: the packed format holds 65,536 cells (../build/packDfas.ts), and
   * a DFA of twice that minimizes to more. The shipped grammars' largest rules have 67,734 cells
   * (RFC 3987's IRI-reference, which does not pack) and sets holding 58,579 (RFC 2732's).
   */
  static maxWholeCells = 131_072;
  static maxWholeHeld = 250_000;
  /** While `minimal` builds the whole DFA: it cannot start afresh then (its states would move). */
  private whole = false;
  readonly nfa: Nfa;
  readonly classes: Classes;
  private readonly states = new StateSets();
  private accepting: Uint8Array;
  /** Classes a state: the stride of `table`. */
  private readonly width: number;
  /** Transitions, flat: the entry is the next state's offset (state × width), DEAD or UNKNOWN. */
  private table: Int32Array;
  private readonly start: number;
  private readonly asciiClass: Uint16Array;

  /** The automaton of `rule` (or of the expression `rule`) in `grammar`. */
  constructor(grammar: Rules, rule: string | Expr, labelRules: ReadonlySet<string> = new Set()) {
    this.nfa = buildNfa(grammar, typeof rule === 'string' ? { t: 'ref', name: rule } : rule, { labelRules });
    const nfa = this.nfa;
    this.classes = new Classes(nfa.charSets);
    this.asciiClass = this.classes.ascii;
    this.width = this.classes.count;
    // Subset construction, lazily: a transition is computed the first time an input takes it
    // (a rule's whole DFA has up to about 1,300 states, RFC 3986's URI-reference's; most inputs
    // meet a few dozen). State 0 is the dead state (the empty set); class 0 always leads there.
    this.accepting = new Uint8Array(64);
    this.table = this.emptyTable(64);
    this.state([]);
    this.start = this.state(this.closure([nfa.start]));
  }

  /** The character states and the accept state reachable from `ids` without consuming. */
  private closure(ids: readonly number[]): number[] {
    return closure(this.nfa, ids);
  }

  private emptyTable(states: number): Int32Array {
    const table = new Int32Array(states * this.width).fill(UNKNOWN);
    for (let i = 0; i < table.length; i += this.width) table[i] = DEAD;
    return table;
  }

  /** NFA state numbers held by the DFA's state sets, for the memory bound. */
  private held = 0;

  /**
   * Starts the lazily built DFA afresh (as RE2 does with its cache), keeping memory bounded
   * however many states an input visits: dead and start states come back at the same offsets.
   */
  private flush(): void {
    this.states.clear();
    this.held = 0;
    this.accepting = new Uint8Array(64);
    this.table = this.emptyTable(64);
    this.state([]);
    this.state(this.closure([this.nfa.start]));
  }

  /** The offset (id × width) of the DFA state for an NFA state set. */
  private state(set: number[]): number {
    const id = this.states.id(set);
    if (this.states.added) {
      if (id >= this.accepting.length) {
        const accepting = new Uint8Array(this.accepting.length * 2);
        accepting.set(this.accepting);
        this.accepting = accepting;
        const table = this.emptyTable(accepting.length);
        table.set(this.table);
        this.table = table;
      }
      this.accepting[id] = set.includes(this.nfa.accept) ? 1 : 0;
      this.held += set.length;
    }
    return id * this.width;
  }

  /** Computes (once) the transition of state offset `from` on character class `k`. */
  private step(from: number, k: number): number {
    const next: number[] = [];
    const nfa = this.nfa;
    for (const id of this.states.sets[from / this.width]) {
      if (nfa.kind[id] === Kind.Char && this.classes.inSet(k, nfa.ranges[id]!)) next.push(nfa.out[id][0]);
    }
    if (!next.length) {
      this.table[from + k] = DEAD;
      return DEAD;
    }
    const target = this.closure(next);
    if (this.whole && this.held + target.length > Automaton.maxWholeHeld && !this.states.has(target)) {
      throw tooLarge(`its states hold more than ${Automaton.maxWholeHeld} NFA states`);
    }
    if (this.held + target.length > Automaton.maxHeld && !this.states.has(target)) {
      // The next state is still right; transitions already taken are forgotten.
      this.flush();
      return this.state(target);
    }
    const to = this.state(target);
    this.table[from + k] = to;
    return to;
  }

  /** The class of the character at `i` (whose length `charLength` gives). */
  classAt(input: string, i: number): number {
    const c = input.charCodeAt(i);
    if (c < 128) return this.asciiClass[c];
    return this.classes.wideClass(input.codePointAt(i)!);
  }

  /** Does the whole input match? A table look-up or two a character. */
  test(input: string): boolean {
    let table = this.table;
    const ascii = this.asciiClass;
    let s = this.start;
    for (let i = 0, n = input.length; i < n; i++) {
      const c = input.charCodeAt(i);
      let k: number;
      if (c < 128) k = ascii[c];
      else {
        k = this.classes.wideClass(input.codePointAt(i)!);
        if (c >= 0xd800 && c <= 0xdbff && charLength(input, i) === 2) i++;
      }
      let to = table[s + k];
      if (to <= 0) {
        if (to === DEAD) return false;
        to = this.step(s, k);
        if (to === DEAD) return false;
        table = this.table; // it may have grown
      }
      s = to;
    }
    return this.accepting[s / this.width] === 1;
  }

  /**
   * The whole DFA, minimized by partition refinement (Moore): two states merge only when they
   * accept alike, expect the same words and lead to merged states on every class, so the
   * verdict, the error offset and `expected` are exactly this automaton's for every input.
   * States are numbered breadth first from the start, classes in order: the same grammar
   * always gives the same tables.
   */
  minimal(): MinimalDfa {
    const width = this.width;
    // Every state the start reaches (the subset construction, no longer lazy; no flush, which
    // would move the states found so far: past the bounds, a RangeError instead).
    const states = [this.start];
    const seen = new Set(states);
    this.whole = true;
    try {
      for (let q = 0; q < states.length; q++) {
        for (let k = 0; k < width; k++) {
          let to = this.table[states[q] + k];
          if (to === UNKNOWN) to = this.step(states[q], k);
          if (to !== DEAD && !seen.has(to)) {
            // Its rows after this one joins, the dead state's included.
            if ((states.length + 2) * width > Automaton.maxWholeCells) throw tooLarge(`its table has more than ${Automaton.maxWholeCells} cells, states × classes`);
            seen.add(to);
            states.push(to);
          }
        }
      }
    } finally {
      this.whole = false;
    }
    const index = new Map(states.map((s, i) => [s, i]));
    const block = refine(
      states.map((s) => `${this.accepting[s / width]}|${this.expected(s).join('\n')}`),
      width,
      (i, k) => {
        const to = this.table[states[i] + k];
        return to === DEAD ? -1 : index.get(to)!;
      },
    );
    // One representative a block, numbered breadth first from the start (1; 0 is dead).
    const representative = new Map<string, number>();
    states.forEach((s, i) => { if (!representative.has(block[i])) representative.set(block[i], s); });
    const id = new Map<string, number>([[block[0], 1]]);
    const order = [block[0]];
    for (let q = 0; q < order.length; q++) {
      const s = representative.get(order[q])!;
      for (let k = 0; k < width; k++) {
        const to = this.table[s + k];
        if (to === DEAD) continue;
        const b = block[index.get(to)!];
        if (!id.has(b)) { id.set(b, id.size + 1); order.push(b); }
      }
    }
    const next: number[][] = [new Array<number>(width).fill(0)];
    const accepting = [false];
    const expected: string[][] = [[]];
    for (const b of order) {
      const s = representative.get(b)!;
      const row: number[] = [];
      for (let k = 0; k < width; k++) {
        const to = this.table[s + k];
        row.push(to === DEAD ? 0 : id.get(block[index.get(to)!])!);
      }
      next.push(row);
      accepting.push(this.accepting[s / width] === 1);
      expected.push(this.expected(s));
    }
    return { width, ascii: [...this.asciiClass], wide: this.classes.wideBounds(), next, accepting, expected };
  }

  /** The verdict, and for a failure the error offset and what could come there. */
  run(input: string): Verdict {
    const r = this.scan(input, 0, true);
    return r.ok ? { ok: true, index: input.length, expected: [] } : { ok: false, index: r.index, expected: r.expected };
  }

  /**
   * Runs from `from` as far as the input stays a viable prefix: `end` is the end of the
   * longest prefix that matches (-1: none), `index` the offset where the run stopped (the
   * input's length, or the first character no continuation takes) and `expected` what could
   * come there. With `whole`, `ok` says whether the whole rest of the input matches.
   */
  scan(input: string, from: number, whole = false): { ok: boolean; end: number; index: number; expected: string[] } {
    let s = this.start;
    const n = input.length;
    let end = this.accepting[s / this.width] ? from : -1;
    for (let i = from; i < n;) {
      const k = this.classAt(input, i);
      let to = this.table[s + k];
      if (to === UNKNOWN) to = this.step(s, k);
      if (to === DEAD) return { ok: false, end, index: i, expected: this.expected(s) };
      s = to;
      i += charLength(input, i);
      if (this.accepting[s / this.width]) end = i;
    }
    const ok = this.accepting[s / this.width] === 1;
    return { ok, end, index: n, expected: ok && whole ? [] : this.expected(s) };
  }

  private expected(s: number): string[] {
    const words = new Set<string>();
    for (const id of this.states.sets[s / this.width]) words.add(id === this.nfa.accept ? END_OF_INPUT : this.nfa.label[id]);
    // Rule names first, then quoted characters, then the end of input, each group sorted.
    const rank = (w: string) => (w === END_OF_INPUT ? 2 : w.startsWith('"') ? 1 : 0);
    return [...words].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  }
}

/** `minimal`'s error past its bounds (the caller does without the tables: ../build/compiled.ts). */
function tooLarge(why: string): RangeError {
  return new RangeError(`grammar too large: the whole DFA of a rule is past the bound of Automaton.minimal (${why})`);
}
