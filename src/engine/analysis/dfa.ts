/**
 * Exact answers for regular rules: subset automata over the engine's NFAs (../automata/nfa.ts), stepped
 * over character classes shared by every automaton in a question (../automata/codepoints.ts), and a
 * breadth-first search of their product for the shortest string with a property ("in A and not
 * in B", "in A and in B"). The search visits each pair of states once, so no string is missed:
 * when it ends without one, there is none, and that is a proof. A bound caps the pairs visited
 * (`maxStates`, default DEFAULT_MAX_STATES); past it the answer says it is not exact.
 */
import { Classes, hasCodePoint } from '../automata/codepoints';
import type { Expr, Rules } from '../expr';
import { buildNfa, closure, Kind, type Nfa } from '../automata/nfa';
import { StateSets } from '../automata/stateSets';

/** The product states a search visits at most, unless `maxStates` says otherwise. */
export const DEFAULT_MAX_STATES = 200_000;

/** A rule's (or an expression's) subset automaton, over classes given from outside. */
export class SetDfa {
  private readonly states = new StateSets();
  private readonly next: Int32Array[] = [];
  private readonly accepts: boolean[] = [];
  private classes: Classes | undefined;
  readonly start: number;

  constructor(readonly nfa: Nfa) {
    this.start = this.state(closure(nfa, [nfa.start]));
  }

  static of(rules: Rules, e: Expr): SetDfa {
    return new SetDfa(buildNfa(rules, e));
  }

  /** The classes to step over (every automaton of one question shares them). */
  use(classes: Classes): void {
    this.classes = classes;
    for (let i = 0; i < this.next.length; i++) this.next[i] = new Int32Array(classes.count).fill(-2);
  }

  private state(set: number[]): number {
    const id = this.states.id(set);
    if (this.states.added) {
      this.accepts.push(set.includes(this.nfa.accept));
      this.next.push(new Int32Array(this.classes ? this.classes.count : 0).fill(-2));
    }
    return id;
  }

  accepting(s: number): boolean {
    return this.accepts[s];
  }

  /** The state after a character of class `k` from `s`; -1: dead. */
  step(s: number, k: number): number {
    const row = this.next[s];
    if (row[k] !== -2) return row[k];
    const cp = this.classes!.sample[k];
    const to: number[] = [];
    if (k !== 0) for (const id of this.states.sets[s]) if (this.nfa.kind[id] === Kind.Char && hasCodePoint(this.nfa.ranges[id]!, cp)) to.push(this.nfa.out[id][0]);
    const t = to.length ? this.state(closure(this.nfa, to)) : -1;
    this.next[s][k] = t;
    return t;
  }

  /** Does the whole input match? */
  test(classes: Classes, input: string): boolean {
    let s = this.start;
    for (const ch of input) {
      const cp = ch.codePointAt(0)!;
      s = this.step(s, cp < 128 ? classes.ascii[cp] : classes.wideClass(cp));
      if (s < 0) return false;
    }
    return this.accepting(s);
  }
}

/** Classes shared by automata, and a readable character for each (a letter or digit when the class has one). */
export function sharedClasses(dfas: readonly SetDfa[]): { classes: Classes; show: string[] } {
  const classes = new Classes(dfas.flatMap((d) => d.nfa.charSets));
  for (const d of dfas) d.use(classes);
  const show: string[] = classes.sample.map((cp) => (cp < 0 ? '' : String.fromCodePoint(cp)));
  const nice = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-._~:/?#[]@!$&\'()*+,;=%';
  for (let i = nice.length - 1; i >= 0; i--) {
    const c = nice.charCodeAt(i);
    const k = classes.ascii[c];
    if (k !== 0) show[k] = nice[i];
  }
  // Each class's own preferred character: the first of `nice` in it.
  const seen = new Set<number>();
  for (const ch of nice) {
    const k = classes.ascii[ch.charCodeAt(0)];
    if (k !== 0 && !seen.has(k)) { seen.add(k); show[k] = ch; }
  }
  return { classes, show };
}

export interface Search {
  /** The shortest string found (shortest of all when `exact`); undefined: none. */
  readonly witness: string | undefined;
  /** Did the search visit every reachable pair (so "none" is a proof)? */
  readonly exact: boolean;
  /** The product states visited. */
  readonly visited: number;
}

/**
 * The shortest string in A with `want(inA, inB)` of its membership in B, by breadth-first
 * search of the product (B may die: then it is out of B for good). `ascii`: characters below
 * 128 only.
 */
export function shortest(a: SetDfa, b: SetDfa, shared: { classes: Classes; show: string[] }, inB: boolean, options: { maxStates?: number; ascii?: boolean } = {}): Search {
  const { classes, show } = shared;
  const max = options.maxStates ?? DEFAULT_MAX_STATES;
  const ks: number[] = [];
  for (let k = 1; k < classes.count; k++) if (!options.ascii || classes.sample[k] < 128) ks.push(k);
  const key = (x: number, y: number) => x * 1_000_003 + (y + 1);
  const parent = new Map<number, [number, number]>();
  const pairs: Array<[number, number]> = [[a.start, b.start]];
  parent.set(key(a.start, b.start), [-1, -1]);
  const done = (x: number, y: number) => a.accepting(x) && (inB ? y >= 0 && b.accepting(y) : y < 0 || !b.accepting(y));
  for (let q = 0; q < pairs.length; q++) {
    const [x, y] = pairs[q];
    if (done(x, y)) {
      const out: string[] = [];
      for (let at = key(x, y), p = parent.get(at)!; p[0] >= 0; at = p[0], p = parent.get(at)!) out.push(show[p[1]]);
      return { witness: out.reverse().join(''), exact: true, visited: pairs.length };
    }
    if (pairs.length > max) return { witness: undefined, exact: false, visited: pairs.length };
    for (const k of ks) {
      const x2 = a.step(x, k);
      if (x2 < 0) continue;
      const y2 = y < 0 ? -1 : b.step(y, k);
      if (inB && y2 < 0) continue;
      const kk = key(x2, y2);
      if (parent.has(kk)) continue;
      parent.set(kk, [key(x, y), k]);
      pairs.push([x2, y2]);
    }
  }
  return { witness: undefined, exact: true, visited: pairs.length };
}
