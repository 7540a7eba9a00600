/**
 * A rule as a Thompson NFA over code points, with its first-match priorities and tree marks.
 *
 * Every state has an ordered list of successors: the order is the priority of a backtracking
 * parser (alternatives as written, a repetition's next iteration before its exit, `[x]` before
 * nothing). Besides character states there are marks, which consume nothing:
 *
 * - `Open`/`Close` rule: a tree node begins or ends here (for the rules that give nodes);
 * - `IterStart`/`IterEnd`: one optional iteration of a repetition (any past its minimum, and
 *   `[x]`). A path that reaches `IterEnd` without consuming a character since the matching
 *   `IterStart` is dead: an iteration that consumes nothing ends the repetition, as in
 *   JavaScript's RegExp. This never changes the language, only which parse is first.
 *
 * References are expanded in place (grammars are checked to have no recursion, ./check.ts).
 * The automaton (verdict, error offset) reads every mark as an empty move; the first-match
 * tree builder (./firstMatch.ts) honours them.
 */
import { own } from './options';
import { asciiRanges, foldedRanges, type Ranges } from './codepoints';
import type { Expr, Rules } from './expr';

export enum Kind { Char, Eps, Open, Close, IterStart, IterEnd, Accept }

/** Beyond this many states a rule is refused (a limit, not a dead process). */
export const MAX_STATES = 2_000_000;

export class Nfa {
  readonly kind: Kind[] = [];
  /** Successors, highest priority first. */
  readonly out: number[][] = [];
  /** Character states: the characters they take. */
  readonly ranges: Array<Ranges | null> = [];
  /** Character states: the grammar's word for what they expect. */
  readonly label: string[] = [];
  /** Open/Close: the rule. */
  readonly rule: string[] = [];
  /** IterStart/IterEnd: nesting depth of the repetition (1 for the outermost). */
  readonly depth: number[] = [];
  maxDepth = 0;
  /** With the option `trace`: per character state, the rules it lies in, outermost first. */
  readonly within: (readonly string[])[] = [];
  start = -1;
  accept = -1;

  get size(): number { return this.kind.length; }

  add(kind: Kind): number {
    if (this.kind.length >= MAX_STATES) {
      throw new RangeError(`grammar too large: a rule expands to more than ${MAX_STATES} automaton states`);
    }
    this.kind.push(kind);
    this.out.push([]);
    this.ranges.push(null);
    this.label.push('');
    this.rule.push('');
    this.depth.push(0);
    return this.kind.length - 1;
  }
}

export interface NfaOptions {
  /** Rules that give tree nodes (Open/Close marks); none for the automaton. */
  nodeRules?: ReadonlySet<string>;
  /** Rules whose name replaces the label of the characters that begin them in errors. */
  labelRules?: ReadonlySet<string>;
  /** Record, for each character state, the rules it lies in (`Nfa.within`), for ./ambiguity.ts. */
  trace?: boolean;
}

/** The NFA of `root` (usually `{ t: 'ref', name }`) in `grammar`. */
export function buildNfa(grammar: Rules, root: Expr, options: NfaOptions = {}): Nfa {
  const nfa = new Nfa();
  // Own properties only: a polluted Object.prototype must not add node or label rules.
  const nodeRules = own(options, 'nodeRules') ?? new Set<string>();
  const labelRules = own(options, 'labelRules') ?? new Set<string>();
  const active = new Set<string>();
  const trace = own(options, 'trace') === true;
  const stack: string[] = [];

  const link = (from: number, to: number) => nfa.out[from].push(to);

  const char = (ranges: Ranges, label: string): [number, number] => {
    const s = nfa.add(Kind.Char);
    const end = nfa.add(Kind.Eps);
    nfa.ranges[s] = ranges;
    nfa.label[s] = label;
    if (trace) nfa.within[s] = [...stack];
    link(s, end);
    return [s, end];
  };

  const build = (e: Expr, depth: number): [number, number] => {
    switch (e.t) {
      case 'chars': return char(rangesOf(e), e.label);
      case 'lit': {
        const s = nfa.add(Kind.Eps);
        let cur = s;
        // Each character of a quoted string is named on its own: after the "2" of "25",
        // what is expected is "5".
        for (const ch of e.text) {
          const [a, b] = char(folded(ch), quoted(ch));
          link(cur, a);
          cur = b;
        }
        return [s, cur];
      }
      case 'seq': {
        const s = nfa.add(Kind.Eps);
        let cur = s;
        for (const item of e.items) {
          const [a, b] = build(item, depth);
          link(cur, a);
          cur = b;
        }
        return [s, cur];
      }
      case 'alt': {
        const s = nfa.add(Kind.Eps);
        const end = nfa.add(Kind.Eps);
        e.items.forEach((item, k) => {
          if (trace) stack.push(`alternative ${k + 1}`);
          const [a, b] = build(item, depth);
          if (trace) stack.pop();
          link(s, a);
          link(b, end);
        });
        return [s, end];
      }
      case 'rep': {
        const s = nfa.add(Kind.Eps);
        let cur = s;
        // Copies of the item (bounded repetitions are unrolled): traced as its iterations.
        let copy = 0;
        const item = (d: number): [number, number] => {
          if (trace && e.max !== Infinity && e.max > 1) stack.push(`iteration ${++copy}`);
          const built = build(e.item, d);
          if (trace && e.max !== Infinity && e.max > 1) stack.pop();
          return built;
        };
        for (let i = 0; i < e.min; i++) {
          const [a, b] = item(depth);
          link(cur, a);
          cur = b;
        }
        const end = nfa.add(Kind.Eps);
        if (e.max === e.min) {
          link(cur, end);
          return [s, end];
        }
        const d = depth + 1;
        nfa.maxDepth = Math.max(nfa.maxDepth, d);
        // One optional iteration: IterStart item IterEnd, tried before the exit.
        const iteration = (): [number, number] => {
          const open = nfa.add(Kind.IterStart);
          const close = nfa.add(Kind.IterEnd);
          nfa.depth[open] = nfa.depth[close] = d;
          const [a, b] = item(d);
          link(open, a);
          link(b, close);
          return [open, close];
        };
        if (e.max === Infinity) {
          const loop = nfa.add(Kind.Eps);
          link(cur, loop);
          const [a, b] = iteration();
          link(loop, a);
          link(loop, end);
          link(b, loop);
        } else {
          for (let i = e.min; i < e.max; i++) {
            const [a, b] = iteration();
            link(cur, a);
            link(cur, end);
            cur = b;
          }
          link(cur, end);
        }
        return [s, end];
      }
      case 'ref': {
        const body = Object.prototype.hasOwnProperty.call(grammar, e.name) ? grammar[e.name] : undefined;
        if (!body) throw new Error(`unknown rule ${e.name}`);
        if (active.has(e.name)) throw new Error(`recursive rule ${e.name}`);
        active.add(e.name);
        stack.push(e.name);
        let s: number;
        let end: number;
        if (nodeRules.has(e.name)) {
          s = nfa.add(Kind.Open);
          end = nfa.add(Kind.Close);
          nfa.rule[s] = nfa.rule[end] = e.name;
          const [a, b] = build(body, depth);
          link(s, a);
          link(b, end);
        } else {
          [s, end] = build(body, depth);
        }
        active.delete(e.name);
        stack.pop();
        if (labelRules.has(e.name)) for (const id of charClosure(nfa, s)) nfa.label[id] = e.name;
        return [s, end];
      }
    }
  };

  const [s, end] = build(root, 0);
  nfa.start = s;
  nfa.accept = nfa.add(Kind.Accept);
  link(end, nfa.accept);
  return nfa;
}

/** The ranges of a `chars` expression (computed once per expression: NFAs repeat them). */
const rangesCache = new WeakMap<object, Ranges>();
function rangesOf(e: Extract<Expr, { t: 'chars' }>): Ranges {
  let r = rangesCache.get(e);
  if (!r) rangesCache.set(e, (r = e.more ? [...asciiRanges(e.set), ...e.more] : asciiRanges(e.set)));
  return r;
}
const foldedCache = new Map<string, Ranges>();
const folded = (ch: string): Ranges => {
  let r = foldedCache.get(ch);
  if (!r) foldedCache.set(ch, (r = foldedRanges(ch)));
  return r;
};
const quotedCache = new Map<string, string>();
const quoted = (ch: string): string => {
  let q = quotedCache.get(ch);
  if (q === undefined) quotedCache.set(ch, (q = JSON.stringify(ch)));
  return q;
};

/** The character states reachable from `from` without consuming. */
function charClosure(nfa: Nfa, from: number): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  const stack = [from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (nfa.kind[id] === Kind.Char) out.push(id);
    else for (const n of nfa.out[id]) stack.push(n);
  }
  return out;
}
