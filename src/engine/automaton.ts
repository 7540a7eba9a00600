/**
 * The grammar as a finite automaton: the verdict and the exact error offset in one linear pass.
 *
 * RFC 3986's grammar has no recursion, so each rule's language is regular. The rule's
 * expression (with its references expanded) compiles to a Thompson NFA, and that to a DFA
 * (subset construction, lazily, characters grouped in classes), so every input character
 * costs two table look-ups however hostile the input. PEG guards are PEG-only and read as empty here:
 * this is the ABNF's own language, not the first-match-wins parser's.
 *
 * Every NFA state can reach the accepting state (no sub-expression has an empty language),
 * so a non-empty state set means "the text so far is a prefix of something the rule
 * matches". The first offset at which the set becomes empty is therefore exactly the error
 * offset the driver promises; for an input that is only cut short it is the input's length.
 */
import { caseFold, charSet, type CharSet, type Expr, type Grammar } from './expr';

interface NfaState {
  /** Character transition: consumed characters and the state they lead to (-1: none). */
  set: CharSet | null;
  next: number;
  /** The grammar's word for what this transition expects. */
  label: string;
  eps: number[];
}

export interface Verdict {
  ok: boolean;
  /** For a failure: the first offset at which the input stops being a viable prefix. */
  index: number;
  /** For a failure: what the rule could accept at `index`, in ABNF words. */
  expected: string[];
}

export const END_OF_INPUT = 'end of input';
/** The dead state's offset, and the mark of a transition not computed yet. */
const DEAD = 0;
const UNKNOWN = -1;

/**
 * Builds the NFA of one rule. `labelRules` are rules whose name replaces the label of the
 * transitions that begin them (an error then says `unreserved`, not `ALPHA`).
 */
class NfaBuilder {
  readonly states: NfaState[] = [];
  constructor(private readonly grammar: Grammar, private readonly labelRules: ReadonlySet<string>) {}

  private add(): number {
    this.states.push({ set: null, next: -1, label: '', eps: [] });
    return this.states.length - 1;
  }

  /** Compiles `e` between fresh states; returns [start, end]. */
  build(e: Expr): [number, number] {
    switch (e.t) {
      case 'chars': return this.char(e.set, e.label);
      case 'lit': {
        const s = this.add();
        let cur = s;
        for (const ch of e.text) {
          // Each character of a quoted string is named on its own: after the "2" of "25",
          // what is expected is "5".
          const [a, b] = this.char(charSet(caseFold(ch)), JSON.stringify(ch));
          this.states[cur].eps.push(a);
          cur = b;
        }
        return [s, cur];
      }
      case 'seq': {
        const s = this.add();
        let cur = s;
        for (const item of e.items) {
          const [a, b] = this.build(item);
          this.states[cur].eps.push(a);
          cur = b;
        }
        return [s, cur];
      }
      case 'alt': {
        const s = this.add();
        const end = this.add();
        for (const item of e.items) {
          const [a, b] = this.build(item);
          this.states[s].eps.push(a);
          this.states[b].eps.push(end);
        }
        return [s, end];
      }
      case 'rep': {
        const s = this.add();
        let cur = s;
        for (let i = 0; i < e.min; i++) {
          const [a, b] = this.build(e.item);
          this.states[cur].eps.push(a);
          cur = b;
        }
        const end = this.add();
        if (e.max === Infinity) {
          const [a, b] = this.build(e.item);
          this.states[cur].eps.push(a, end);
          this.states[b].eps.push(a, end);
        } else {
          for (let i = e.min; i < e.max; i++) {
            const [a, b] = this.build(e.item);
            this.states[cur].eps.push(a, end);
            cur = b;
          }
          this.states[cur].eps.push(end);
        }
        return [s, end];
      }
      case 'ref': {
        const body = this.grammar[e.name];
        if (!body) throw new Error(`unknown rule ${e.name}`);
        const [s, end] = this.build(body);
        if (this.labelRules.has(e.name)) for (const id of this.closure([s])) this.states[id].label = e.name;
        return [s, end];
      }
      case 'guard': {
        const s = this.add();
        return [s, s];
      }
    }
  }

  private char(set: CharSet, label: string): [number, number] {
    const s = this.add();
    const end = this.add();
    Object.assign(this.states[s], { set, next: end, label });
    return [s, end];
  }

  /** The character-consuming states (and the accept state) reachable from `ids` on no input. */
  closure(ids: Iterable<number>, accept = -1): number[] {
    const seen = new Set<number>();
    const out: number[] = [];
    const stack = [...ids];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const st = this.states[id];
      if (st.set || id === accept) out.push(id);
      for (const n of st.eps) stack.push(n);
    }
    return out.sort((a, b) => a - b);
  }
}

/** A rule's DFA. */
export class Automaton {
  private readonly nfa: NfaBuilder;
  private readonly accept: number;
  private readonly sets: number[][];
  private accepting: Uint8Array;
  /**
   * Characters in classes: two characters are in one class when every transition of the NFA
   * takes both or neither. Class 0 is every character no transition takes (all of them
   * beyond ASCII), so a look-up needs no range check.
   */
  private readonly classOf = new Uint8Array(65536);
  /** One character of each class. */
  private readonly sample: number[] = [-1];
  /** Classes a state: the stride of `table`. */
  private readonly width: number;
  /** Transitions, flat: the entry is the next state's offset (state × width), DEAD or UNKNOWN. */
  private table: Int32Array;
  private readonly start: number;

  constructor(grammar: Grammar, rule: string, labelRules: ReadonlySet<string>) {
    this.nfa = new NfaBuilder(grammar, labelRules);
    const [s, end] = this.nfa.build({ t: 'ref', name: rule });
    this.accept = end;
    const charSets = [...new Set(this.nfa.states.map((st) => st.set).filter((x): x is CharSet => x !== null))];
    const classes = new Map<string, number>();
    for (let c = 0; c < 128; c++) {
      const signature = charSets.map((set) => set[c]).join('');
      if (!signature.includes('1')) continue;
      let k = classes.get(signature);
      if (k === undefined) {
        classes.set(signature, (k = this.sample.length));
        this.sample.push(c);
      }
      this.classOf[c] = k;
    }
    this.width = this.sample.length;

    // Subset construction, lazily: a transition is computed the first time an input takes it
    // (a rule's whole DFA has up to about 1,300 states, URI-reference's; most inputs meet a few
    // dozen). State 0 is the dead state (the empty set), and every state's class 0 leads there.
    this.sets = [];
    this.accepting = new Uint8Array(64);
    this.table = this.emptyTable(64);
    this.state([]);
    this.start = this.state(this.nfa.closure([s], end));
  }

  private readonly ids = new Map<string, number>();

  private emptyTable(states: number): Int32Array {
    const table = new Int32Array(states * this.width).fill(UNKNOWN);
    for (let i = 0; i < table.length; i += this.width) table[i] = DEAD;
    return table;
  }

  /** The offset (id × width) of the DFA state for an NFA state set. */
  private state(set: number[]): number {
    const key = set.join(',');
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.sets.length;
      this.ids.set(key, id);
      this.sets.push(set);
      if (id >= this.accepting.length) {
        const accepting = new Uint8Array(this.accepting.length * 2);
        accepting.set(this.accepting);
        this.accepting = accepting;
        const table = this.emptyTable(accepting.length);
        table.set(this.table);
        this.table = table;
      }
      this.accepting[id] = set.includes(this.accept) ? 1 : 0;
    }
    return id * this.width;
  }

  /** Computes (once) the transition of state offset `from` on character class `k`. */
  private step(from: number, k: number): number {
    const c = this.sample[k];
    const next: number[] = [];
    for (const id of this.sets[from / this.width]) {
      const st = this.nfa.states[id];
      if (st.set && st.set[c]) next.push(st.next);
    }
    const to = next.length ? this.state(this.nfa.closure(next, this.accept)) : DEAD;
    this.table[from + k] = to;
    return to;
  }

  /** Does the whole input match? Two look-ups a character. */
  test(input: string): boolean {
    let table = this.table;
    const classOf = this.classOf;
    let s = this.start;
    for (let i = 0, n = input.length; i < n; i++) {
      const k = classOf[input.charCodeAt(i)];
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

  /** The verdict, and for a failure the error offset and what could come there. */
  run(input: string): Verdict {
    const classOf = this.classOf;
    let s = this.start;
    const n = input.length;
    for (let i = 0; i < n; i++) {
      const k = classOf[input.charCodeAt(i)];
      let to = this.table[s + k];
      if (to === UNKNOWN) to = this.step(s, k);
      if (to === DEAD) return { ok: false, index: i, expected: this.expected(s) };
      s = to;
    }
    return this.accepting[s / this.width] === 1 ? { ok: true, index: n, expected: [] } : { ok: false, index: n, expected: this.expected(s) };
  }

  private expected(s: number): string[] {
    const words = new Set<string>();
    for (const id of this.sets[s / this.width]) words.add(id === this.accept ? END_OF_INPUT : this.nfa.states[id].label);
    // Rule names first, then quoted characters, then the end of input, each group sorted.
    const rank = (w: string) => (w === END_OF_INPUT ? 2 : w.startsWith('"') ? 1 : 0);
    return [...words].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  }
}
