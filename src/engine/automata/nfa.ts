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
 * References are expanded in place (grammars are checked to have no recursion, ../text/check.ts), and
 * so are the copies of a bounded repetition's item: RFC 3986's `URI-reference` is about 7,400
 * states (its IPv6 literals alone 2,400), RFC 2396's 15,000, `1*65535"a"` 200,000. So the NFA is
 * built as it is read: a reference, and each copy of a bounded repetition's item, is a `Lazy`
 * state until a reader first reaches it (`expand`), when it becomes an ordinary state with its
 * sub-automaton behind it. A parse pays for the part of the grammar its input reaches, and
 * for a repetition's bound only up to the iterations the input makes. Readers that need the
 * whole automaton call `expandAll` (the right-to-left pass of ../trees/firstMatch.ts).
 *
 * The automaton (verdict, error offset) reads every mark as an empty move; the first-match
 * tree builder (../trees/firstMatch.ts) honours them.
 */
import { own } from '../options';
import { asciiRanges, foldedRanges, normalize, type Ranges } from './codepoints';
import { codePoints, type Expr, type Rules } from '../expr';

export enum Kind { Char, Eps, Open, Close, IterStart, IterEnd, Accept, Lazy }

/** Beyond this many states a rule is refused (a limit, not a dead process). */
export const MAX_STATES = 2_000_000;

/** The rule references a lazy state lies in, innermost first (to refuse recursion). */
interface Chain { readonly name: string; readonly parent: Chain | undefined }

/** What a lazy state stands for, and where its sub-automaton goes on to. */
type Pending =
  /** A reference to `name`; its sub-automaton ends at `end` (a Close mark for a node rule). */
  | { readonly t: 'ref'; readonly name: string; readonly depth: number; readonly end: number; readonly chain: Chain | undefined; readonly within: readonly string[] }
  /** Copy `i` of a repetition's item (`i` < min: required; else optional, tried before `end`). */
  | { readonly t: 'copy'; readonly e: Extract<Expr, { t: 'rep' }>; readonly i: number; readonly depth: number; readonly next: number; readonly end: number; readonly chain: Chain | undefined; readonly within: readonly string[] };

/** The successors of a state not linked yet (shared: `link` replaces it, never pushes onto it). */
const NO_SUCCESSORS: number[] = Object.freeze([]) as unknown as number[];

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
  /** The deepest repetition nesting the rule can reach (known before anything is expanded). */
  maxDepth = 0;
  /** With the option `trace`: per character state, the rules it lies in, outermost first. */
  readonly within: (readonly string[])[] = [];
  /** Every distinct character set the rule can reach (for the character classes, ./codepoints.ts). */
  readonly charSets: Ranges[] = [];
  start = -1;
  accept = -1;
  /** Lazy states: what each stands for (see the header). */
  private readonly pending = new Map<number, Pending>();
  /** Builds a lazy state's sub-automaton (set by buildNfa). */
  expander: ((s: number, p: Pending) => void) | undefined;

  get size(): number { return this.kind.length; }

  add(kind: Kind): number {
    if (this.kind.length >= MAX_STATES) {
      throw new RangeError(`grammar too large: a rule expands to more than ${MAX_STATES} automaton states`);
    }
    this.kind.push(kind);
    this.out.push(NO_SUCCESSORS);
    this.ranges.push(null);
    this.label.push('');
    this.rule.push('');
    this.depth.push(0);
    return this.kind.length - 1;
  }

  /** A lazy state for `p`. */
  lazy(p: Pending): number {
    const s = this.add(Kind.Lazy);
    this.pending.set(s, p);
    return s;
  }

  /**
   * The lazy states built, in the order they were: the NFA is a function of the grammar and
   * this order, so building them again in it numbers every state alike (../trees/plan.ts).
   */
  readonly expanded: number[] = [];

  /** Builds what lazy state `s` stands for (nothing if `s` is not lazy). */
  expand(s: number): void {
    const p = this.pending.get(s);
    if (p === undefined) return;
    this.pending.delete(s);
    this.expanded.push(s);
    this.kind[s] = Kind.Eps;
    this.expander!(s, p);
  }

  /** Expands every lazy state, those its expansions make included: the whole automaton. */
  expandAll(): void {
    while (this.pending.size > 0) for (const s of [...this.pending.keys()]) this.expand(s);
  }
}

export interface NfaOptions {
  /** Rules that give tree nodes (Open/Close marks); none for the automaton. */
  nodeRules?: ReadonlySet<string>;
  /** Rules whose name replaces the label of the characters that begin them in errors. */
  labelRules?: ReadonlySet<string>;
  /** Record, for each character state, the rules it lies in (`Nfa.within`), for ../trees/ambiguity.ts. */
  trace?: boolean;
  /**
   * Read each expression that always takes exactly one character and gives no tree node
   * (`ALPHA / DIGIT / "-"`, RFC 2396's 26 `lowalpha` alternatives) as one character state with
   * the union of its sets. For trees: every path through such an expression takes the
   * character to the same place passing no mark, so the first match is the same tree, found
   * among far fewer states. Its characters' labels are then not the grammar's (the automaton
   * that names what an error expected does not merge).
   */
  mergeCharacters?: boolean;
}

/** The NFA of `root` (usually `{ t: 'ref', name }`) in `grammar`, built as it is read. */
export function buildNfa(grammar: Rules, root: Expr, options: NfaOptions = {}): Nfa {
  const nfa = new Nfa();
  // Own properties only: a polluted Object.prototype must not add node or label rules.
  const nodeRules = own(options, 'nodeRules') ?? new Set<string>();
  const labelRules = own(options, 'labelRules') ?? new Set<string>();
  const trace = own(options, 'trace') === true;
  const merging = own(options, 'mergeCharacters') === true ? characterMerging(grammar, nodeRules) : undefined;
  // The trace's path while a sub-automaton is built (rules, alternatives, iterations).
  let stack: string[] = [];
  let chain: Chain | undefined;

  const bodyOf = (name: string): Expr => {
    const body = Object.prototype.hasOwnProperty.call(grammar, name) ? grammar[name] : undefined;
    if (!body) throw new Error(`unknown rule ${name}`);
    return body;
  };
  const shape = analyze(grammar, root, bodyOf, merging);
  nfa.maxDepth = shape.maxDepth;
  nfa.charSets.push(...shape.charSets);

  // A state's successors as an array of its size: most states have one or two, and a push onto
  // an empty array makes room for 17 (the NFA of a first tree is built in cold code, where its
  // allocation brings on collections).
  const link = (from: number, to: number) => {
    const o = nfa.out[from];
    if (o.length === 0) nfa.out[from] = [to];
    else if (o.length === 1) nfa.out[from] = [o[0], to];
    else o.push(to);
  };

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
    if (merging && e.t !== 'chars') {
      const merged = merging.single(e);
      if (merged) return char(rangesOf(merged), merged.label);
    }
    switch (e.t) {
      case 'chars': return char(rangesOf(e), e.label);
      case 'lit': {
        const s = nfa.add(Kind.Eps);
        let cur = s;
        // Each character of a quoted string is named on its own: after the "2" of "25",
        // what is expected is "5".
        for (const ch of e.text) {
          const ab = char(folded(ch), quoted(ch));
          const a = ab[0];
          const b = ab[1];
          link(cur, a);
          cur = b;
        }
        return [s, cur];
      }
      case 'seq': {
        const s = nfa.add(Kind.Eps);
        let cur = s;
        // Index loops and index reads, no destructuring: a first answer builds this cold,
        // where each `for … of` and `[a, b] =` walks an iterator.
        for (let k = 0; k < e.items.length; k++) {
          const ab = build(e.items[k], depth);
          link(cur, ab[0]);
          cur = ab[1];
        }
        return [s, cur];
      }
      case 'alt': {
        const s = nfa.add(Kind.Eps);
        const end = nfa.add(Kind.Eps);
        const items = merging ? merging.items(e) : e.items;
        for (let k = 0; k < items.length; k++) {
          if (trace) stack.push(`alternative ${k + 1}`);
          const ab = build(items[k], depth);
          if (trace) stack.pop();
          link(s, ab[0]);
          link(ab[1], end);
        }
        return [s, end];
      }
      case 'rep': {
        const s = nfa.add(Kind.Eps);
        const end = nfa.add(Kind.Eps);
        if (e.max === 0) {
          link(s, end);
          return [s, end];
        }
        // The optional part begins here: at copy `min` of a bounded repetition, or at the loop.
        let optional: number;
        if (e.max === Infinity) {
          const d = depth + 1;
          const loop = nfa.add(Kind.Eps);
          const ab = iteration(e, d);
          const a = ab[0];
          const b = ab[1];
          link(loop, a);
          link(loop, end);
          link(b, loop);
          optional = loop;
        } else if (e.max === e.min) {
          optional = end;
        } else {
          optional = nfa.lazy({ t: 'copy', e, i: e.min, depth, next: end, end, chain, within: trace ? [...stack] : [] });
        }
        link(s, e.min > 0 ? nfa.lazy({ t: 'copy', e, i: 0, depth, next: optional, end, chain, within: trace ? [...stack] : [] }) : optional);
        return [s, end];
      }
      case 'ref': {
        let end: number;
        if (nodeRules.has(e.name)) {
          end = nfa.add(Kind.Close);
          nfa.rule[end] = e.name;
        } else end = nfa.add(Kind.Eps);
        const s = nfa.lazy({ t: 'ref', name: e.name, depth, end, chain, within: trace ? [...stack] : [] });
        return [s, end];
      }
    }
  };

  /** One optional iteration of `e`'s item: IterStart item IterEnd (tried before the exit). */
  const iteration = (e: Extract<Expr, { t: 'rep' }>, d: number): [number, number] => {
    const open = nfa.add(Kind.IterStart);
    const close = nfa.add(Kind.IterEnd);
    nfa.depth[open] = nfa.depth[close] = d;
    const ab = build(e.item, d);
    const a = ab[0];
    const b = ab[1];
    link(open, a);
    link(b, close);
    return [open, close];
  };

  nfa.expander = (s: number, p: Pending): void => {
    // Build in the context the lazy state was made in.
    const savedStack = stack;
    const savedChain = chain;
    stack = trace ? [...p.within] : stack;
    chain = p.chain;
    try {
      if (p.t === 'ref') {
        for (let c = chain; c; c = c.parent) if (c.name === p.name) throw new Error(`recursive rule ${p.name}`);
        const body = bodyOf(p.name);
        if (nodeRules.has(p.name)) {
          nfa.kind[s] = Kind.Open;
          nfa.rule[s] = p.name;
        }
        chain = { name: p.name, parent: chain };
        if (trace) stack.push(p.name);
        const ab = build(body, p.depth);
        const a = ab[0];
        const b = ab[1];
        link(s, a);
        link(b, p.end);
        // The characters that begin the rule (within it: it may be empty) are named after it.
        if (labelRules.has(p.name)) for (const id of closure(nfa, [s], p.end)) if (nfa.kind[id] === Kind.Char) nfa.label[id] = p.name;
      } else {
        const { e, i } = p;
        const bounded = e.max !== Infinity && e.max > 1;
        if (trace && bounded) stack.push(`iteration ${i + 1}`);
        if (i < e.min) {
          // A required copy, then the next one or the optional part.
          const ab = build(e.item, p.depth);
          const a = ab[0];
          const b = ab[1];
          link(s, a);
          link(b, i + 1 < e.min ? nfa.lazy({ ...p, i: i + 1, within: p.within }) : p.next);
        } else {
          // An optional copy, tried before the exit; then the next one, or the exit.
          const d = p.depth + 1;
          const ab = iteration(e, d);
          const a = ab[0];
          const b = ab[1];
          link(s, a);
          link(s, p.end);
          link(b, i + 1 < e.max ? nfa.lazy({ ...p, i: i + 1, within: p.within }) : p.end);
        }
      }
    } finally {
      stack = savedStack;
      chain = savedChain;
    }
  };

  const built = build(root, 0);
  const s = built[0];
  const end = built[1];
  nfa.start = s;
  nfa.accept = nfa.add(Kind.Accept);
  link(end, nfa.accept);
  return nfa;
}

/**
 * What the NFA of `root` will hold, from the expressions alone: the deepest nesting of
 * repetitions with optional iterations (the walk's state space depends on it), and every
 * distinct character set (the character classes). Memoized per rule; no recursion on rules.
 */
function analyze(grammar: Rules, root: Expr, bodyOf: (name: string) => Expr, merging: Merging | undefined): { maxDepth: number; charSets: Ranges[] } {
  const sets = new Map<string, Ranges>();
  const depthOf = new Map<string, number>();
  const addSet = (r: Ranges) => { const k = r.join(','); if (!sets.has(k)) sets.set(k, r); };
  // Explicit stack of rules still to read; depth is computed per rule body (relative).
  const seenRules = new Set<string>();
  const depth = (e: Expr): number => {
    // As buildNfa reads it: a merged expression is one character state.
    const merged = merging && e.t !== 'chars' ? merging.single(e) : null;
    if (merged) { addSet(rangesOf(merged)); return 0; }
    switch (e.t) {
      case 'chars': addSet(rangesOf(e)); return 0;
      case 'lit': for (const ch of e.text) addSet(folded(ch)); return 0;
      // Index loops: a first answer runs this cold, where `for … of` allocates at every step.
      case 'seq': { let m = 0; for (let k = 0; k < e.items.length; k++) m = Math.max(m, depth(e.items[k])); return m; }
      case 'alt': {
        const items = merging ? merging.items(e) : e.items;
        let m = 0;
        for (let k = 0; k < items.length; k++) m = Math.max(m, depth(items[k]));
        return m;
      }
      case 'rep': return depth(e.item) + (e.max > e.min ? 1 : 0);
      case 'ref': {
        let d = depthOf.get(e.name);
        if (d === undefined) {
          if (seenRules.has(e.name)) return 0; // recursion: refused when expanded
          seenRules.add(e.name);
          d = depth(bodyOf(e.name));
          depthOf.set(e.name, d);
        }
        return d;
      }
    }
  };
  const maxDepth = depth(root);
  return { maxDepth, charSets: [...sets.values()] };
}

/**
 * The `mergeCharacters` reading. `single(e)`: an expression that always takes exactly one
 * character and passes no tree node (a reference to one of `nodeRules` does) as one `chars`
 * expression, or null. `items(alt)`: the alternatives, each run of two or more such adjacent
 * ones as one (adjacent only: an alternative between them keeps its priority). Memoized per
 * expression and per rule; a recursive reference is not merged.
 */
interface Merging {
  single(e: Expr): Extract<Expr, { t: 'chars' }> | null;
  items(e: Extract<Expr, { t: 'alt' }>): readonly Expr[];
}

function characterMerging(grammar: Rules, nodeRules: ReadonlySet<string>): Merging {
  type Chars = Extract<Expr, { t: 'chars' }>;
  const byExpr = new WeakMap<object, Chars | null>();
  const byRule = new Map<string, Chars | null>();
  const itemsOf = new WeakMap<object, readonly Expr[]>();
  const union = (sets: readonly Chars[], label: string): Chars =>
    codePoints(normalize(sets.flatMap((c) => rangesOf(c))), label) as Chars;
  const single = (e: Expr): Chars | null => {
    switch (e.t) {
      case 'chars': return e;
      case 'lit': {
        if ([...e.text].length !== 1) return null;
        if (!byExpr.has(e)) byExpr.set(e, codePoints(folded(e.text), quoted(e.text)) as Chars);
        return byExpr.get(e)!;
      }
      case 'seq': return e.items.length === 1 ? single(e.items[0]) : null;
      case 'rep': return e.min === 1 && e.max === 1 ? single(e.item) : null;
      case 'alt': {
        if (byExpr.has(e)) return byExpr.get(e)!;
        byExpr.set(e, null); // while it is read
        const sets: Chars[] = [];
        for (const item of e.items) {
          const c = single(item);
          if (!c) return null;
          sets.push(c);
        }
        const out = sets.length ? union(sets, sets.map((c) => c.label).join(' / ')) : null;
        byExpr.set(e, out);
        return out;
      }
      case 'ref': {
        if (nodeRules.has(e.name)) return null;
        if (byRule.has(e.name)) return byRule.get(e.name)!;
        const body = Object.prototype.hasOwnProperty.call(grammar, e.name) ? grammar[e.name] : undefined;
        if (!body) return null; // reported where it is expanded
        byRule.set(e.name, null); // recursion: not merged
        const c = single(body);
        const out = c && { ...c, label: e.name };
        byRule.set(e.name, out);
        return out;
      }
    }
  };
  const items = (e: Extract<Expr, { t: 'alt' }>): readonly Expr[] => {
    const known = itemsOf.get(e);
    if (known) return known;
    const out: Expr[] = [];
    let run: Chars[] = [];
    const flush = () => {
      if (run.length > 1) out.push(union(run, run.map((c) => c.label).join(' / ')));
      else out.push(...run);
      run = [];
    };
    for (const item of e.items) {
      const c = single(item);
      if (c) { run.push(c); continue; }
      flush();
      out.push(item);
    }
    flush();
    itemsOf.set(e, out);
    return out;
  };
  return { single, items };
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

/**
 * The character states and the accept state reachable from `from` without consuming, ascending,
 * expanding the lazy states met, and not going past `stop` (the end of a rule, already linked to
 * what follows it). What the automaton, the lookahead and the labels of label rules read.
 */
export function closure(nfa: Nfa, from: readonly number[], stop = -1): number[] {
  // Index loops and a reused table of marks for what was seen (no Set, no iterator: a first
  // answer runs this in cold code, where both allocate on every step). An expansion met on the
  // way may close over its own sub-automaton (label rules): that inner call gets a Set.
  const outer = !closing;
  closing = true;
  try {
    let seen: Int32Array | Set<number>;
    if (outer) {
      if (++epoch === 0x7fffffff) { epochs.fill(0); epoch = 1; }
      seen = epochs;
    } else seen = new Set<number>();
    const out: number[] = [];
    const stack: number[] = [];
    for (let k = 0; k < from.length; k++) stack.push(from[k]);
    while (stack.length) {
      const id = stack.pop()!;
      if (id === stop) continue;
      if (outer) {
        if (id >= epochs.length) seen = grown(id);
        if ((seen as Int32Array)[id] === epoch) continue;
        (seen as Int32Array)[id] = epoch;
      } else {
        if ((seen as Set<number>).has(id)) continue;
        (seen as Set<number>).add(id);
      }
      if (nfa.kind[id] === Kind.Lazy) nfa.expand(id);
      const k = nfa.kind[id];
      if (k === Kind.Char || k === Kind.Accept) out.push(id);
      else {
        const next = nfa.out[id];
        for (let j = 0; j < next.length; j++) stack.push(next[j]);
      }
    }
    return out.sort(ascending);
  } finally {
    if (outer) closing = false;
  }
}
const ascending = (a: number, b: number) => a - b;
/** closure's marks: state `id` was seen in the current call when epochs[id] === epoch. */
let epochs = new Int32Array(1024);
let epoch = 0;
let closing = false;
function grown(id: number): Int32Array {
  const bigger = new Int32Array(Math.max(2 * epochs.length, id + 1));
  bigger.set(epochs);
  return (epochs = bigger);
}
