/**
 * The same first-match-wins reading as ./parsimmon.ts, compiled to plain closures.
 *
 * Parsimmon allocates a reply object per parser call and merges failure information as it
 * goes; the structural tree of a typical URI then costs several microseconds. This
 * compiler walks the very same grammar expressions with the same PEG semantics (ordered
 * choice, greedy repetition without backtracking, the rules' PEG guards, one sticky RegExp
 * for every sub-expression that gives no nodes) but keeps no failure information: errors
 * come from the automaton. The tests check that both compilers build the same trees.
 *
 * The nodes go to a TreeSink (./tree.ts), in pre-order, as rule ids and offsets: no node
 * object is made while parsing (./compactTree.ts makes them on access). Backtracking is
 * `truncate` to the length before the attempt.
 */
import { caseFold, type CharSet, type Expr, type Grammar } from './expr';
import { regexpSource, singleCharSet } from './regexp';
import { firstChars, nullable, reaches } from './first';
import { LONG } from './limits';
import { NullSink } from './compactTree';
import type { TreeSink } from './tree';

/** Matches at `i`, emits nodes to `out`; returns the end offset, or -1 (with `out` as it was). */
export type Matcher = (input: string, i: number, out: TreeSink) => number;

/** The compiled grammar: a matcher per rule, and the rule-name table of the ids it emits. */
export interface Compiled {
  matcher(rule: string): Matcher;
  /** `names[id]`: the rule of a node id (the node rules, in the order of the set). */
  readonly names: readonly string[];
}

/**
 * What the compiler derives from a grammar's expressions, computed ahead of time (`treePlan`;
 * scripts/generate-trees.ts writes the built-in grammar's into src/generated/), so that a fresh
 * process's first parse runs none of the derivations. Keyed by expression path: the rule name,
 * then `.k` for item k of a sequence or choice, `.*` for a repetition's item, `.!` for a guard's.
 * A path depends on the grammar only, so one plan serves every node set; a path it lacks is
 * derived as usual.
 */
export interface TreePlan {
  /** The RegExp source of each stretch that gives no nodes (and is not a `simpleLeaf`). */
  readonly leaves: Readonly<Record<string, string>>;
  /**
   * Per choice, its alternatives' first characters (`firstChars`) as 32 hex digits, bit c of
   * the 128 for character c; '' for an alternative that can match the empty string.
   */
  readonly starts: Readonly<Record<string, readonly string[]>>;
}

/** A plan being recorded: `compileFast` fills it and compiles everything at once. */
interface Recording {
  leaves: Record<string, string>;
  starts: Record<string, string[]>;
}

export function compileFast(grammar: Grammar, nodeRules: ReadonlySet<string>, plan?: TreePlan): Compiled {
  const c = new Compiler(grammar, nodeRules, plan);
  return { matcher: (rule) => c.rule(rule), names: c.names };
}

/**
 * The compiler. A rule's body is compiled on the first call of its matcher, so that a first parse
 * pays only for the rules its input reaches (IPv6address, say, is compiled for the first IP
 * literal); the grammar has no recursion, so each body compiles once. The matchers are made by
 * the small functions below it: a fresh process compiles (to bytecode) only the ones it runs.
 */
class Compiler {
  readonly names: string[];
  private readonly ids: Map<string, number>;
  private readonly rules = new Map<string, Matcher>();
  private readonly memo = new Map<string, boolean>();
  readonly scratch = new NullSink();

  constructor(
    readonly grammar: Grammar,
    private readonly nodeRules: ReadonlySet<string>,
    private readonly plan?: TreePlan,
    /** When set, everything is compiled at once and what is derived is written into it. */
    private readonly recording?: Recording,
  ) {
    this.names = [...nodeRules];
    this.ids = new Map(this.names.map((n, k) => [n, k]));
  }

  reachesNode(e: Expr): boolean {
    return reaches(this.grammar, e, this.nodeRules, this.memo);
  }

  rule(name: string): Matcher {
    let m = this.rules.get(name);
    if (!m) {
      const e = this.grammar[name];
      const body = (): Matcher => this.compile(e, name);
      const id = this.ids.get(name);
      m = ruleMatcher(id, id !== undefined && !this.reachesNode(e), body, this.recording !== undefined);
      this.rules.set(name, m);
    }
    return m;
  }

  compile(e: Expr, path: string): Matcher {
    if (e.t === 'guard' || this.reachesNode(e)) return this.structural(e, path);
    // A stretch that gives no nodes. A planned source is never a simple leaf's (a plan records
    // only the others).
    const simple = this.plan?.leaves[path] === undefined ? simpleLeaf(this.grammar, e) : undefined;
    if (simple) return simple;
    if (this.recording) this.leafSource(e, path);
    return leafMatcher(this, e, path);
  }

  /** The RegExp source of a stretch that gives no nodes. */
  leafSource(e: Expr, path: string): string {
    const source = this.plan?.leaves[path] ?? regexpSource(this.grammar, e);
    if (this.recording) this.recording.leaves[path] = source;
    return source;
  }

  /** Per alternative of a choice, the characters it can begin with; undefined if it can match nothing. */
  altStarts(e: Expr & { t: 'alt' }, path: string): (CharSet | undefined)[] {
    const pre = this.plan?.starts[path];
    if (pre && pre.length === e.items.length) return pre.map((hex) => (hex ? fromHex(hex) : undefined));
    const starts = e.items.map((item) => (nullable(this.grammar, item) ? undefined : firstChars(this.grammar, item)));
    if (this.recording) this.recording.starts[path] = starts.map((set) => (set ? toHex(set) : ''));
    return starts;
  }

  structural(e: Expr, path: string): Matcher {
    switch (e.t) {
      case 'ref': return this.rule(e.name);
      case 'seq': {
        const items = e.items.map((x, k) => this.compile(x, `${path}.${k}`));
        return items.length === 2 ? seq2Matcher(items[0], items[1]) : seqMatcher(items);
      }
      // An alternative that cannot begin with the next character (and cannot match the empty
      // string) would fail: skip it without calling it. Same answers, fewer calls.
      case 'alt': return altMatcher(e.items.map((x, k) => this.compile(x, `${path}.${k}`)), this.altStarts(e, path));
      case 'rep': {
        const item = this.compile(e.item, `${path}.*`);
        return e.min === 0 && e.max === 1 ? optMatcher(item) : repMatcher(item, e.min, e.max);
      }
      case 'guard': return e.not ? notMatcher(this.compile(e.not, `${path}.!`), this.scratch) : endMatcher;
      default: return simpleLeaf(this.grammar, e)!;
    }
  }
}

/** A rule's matcher: its node around its body, which `compileBody` compiles on the first call (or now, if `eager`). */
function ruleMatcher(id: number | undefined, leaf: boolean, compileBody: () => Matcher, eager: boolean): Matcher {
  let body: Matcher = eager ? compileBody() : (input, i, out) => {
    body = compileBody();
    return body(input, i, out);
  };
  if (id === undefined) return (input, i, out) => body(input, i, out);
  // A leaf node: opened once its body matched.
  if (leaf) {
    return (input, i, out) => {
      const j = body(input, i, out);
      if (j >= 0) out.close(out.open(id, i), j);
      return j;
    };
  }
  return (input, i, out) => {
    const k = out.open(id, i);
    const j = body(input, i, out);
    if (j >= 0) out.close(k, j);
    else out.truncate(k);
    return j;
  };
}

/**
 * A stretch that gives no nodes: one sticky RegExp on ordinary lengths. V8 runs a new RegExp in
 * its bytecode interpreter first, whose backtracking stack grows with every turn of a loop and
 * overflows on inputs of megabytes; from LONG characters on, the same expression runs as a
 * charCodeAt loop or as the structural closures, which need no stack. Both forms are made on
 * their first use: most processes never see a long input.
 */
function leafMatcher(c: Compiler, e: Expr, path: string): Matcher {
  let re: RegExp | undefined;
  let long: Matcher | undefined;
  return (input, i, out) => {
    if (input.length - i >= LONG) return (long ??= runLeaf(c.grammar, e) ?? c.structural(e, path))(input, i, out);
    re ??= new RegExp(c.leafSource(e, path), 'y');
    re.lastIndex = i;
    return re.test(input) ? re.lastIndex : -1;
  };
}

function seq2Matcher(a: Matcher, b: Matcher): Matcher {
  return (input, i, out) => {
    const mark = out.length;
    const j = a(input, i, out);
    if (j < 0) return -1;
    const k = b(input, j, out);
    if (k < 0) out.truncate(mark);
    return k;
  };
}

function seqMatcher(items: readonly Matcher[]): Matcher {
  return (input, i, out) => {
    const mark = out.length;
    for (let k = 0; k < items.length; k++) {
      i = items[k](input, i, out);
      if (i < 0) {
        out.truncate(mark);
        return -1;
      }
    }
    return i;
  };
}

function altMatcher(items: readonly Matcher[], starts: readonly (CharSet | undefined)[]): Matcher {
  return (input, i, out) => {
    const mark = out.length;
    const c = input.charCodeAt(i);
    for (let k = 0; k < items.length; k++) {
      const first = starts[k];
      if (first && !(c < 128 && first[c])) continue;
      const j = items[k](input, i, out);
      if (j >= 0) return j;
      out.truncate(mark);
    }
    return -1;
  };
}

function optMatcher(item: Matcher): Matcher {
  return (input, i, out) => {
    const j = item(input, i, out);
    return j >= 0 ? j : i;
  };
}

function repMatcher(item: Matcher, min: number, max: number): Matcher {
  return (input, i, out) => {
    const mark = out.length;
    let n = 0;
    while (n < max) {
      const j = item(input, i, out);
      if (j < 0 || j === i) break;
      i = j;
      n++;
    }
    if (n < min) {
      out.truncate(mark);
      return -1;
    }
    return i;
  };
}

/** A PEG `!not`: its nodes go to a scratch sink and are dropped. */
function notMatcher(not: Matcher, scratch: NullSink): Matcher {
  return (input, i) => {
    const j = not(input, i, scratch);
    scratch.truncate(0);
    return j >= 0 ? -1 : i;
  };
}

const endMatcher: Matcher = (input, i) => (i === input.length ? i : -1);

/**
 * The plan of `grammar` (see TreePlan): what compiling every rule for each of `nodeSets` derives.
 * The leaves depend on the node set; their sources and the choices' first characters do not.
 */
export function treePlan(grammar: Grammar, nodeSets: readonly ReadonlySet<string>[]): TreePlan {
  const recording: Recording = { leaves: {}, starts: {} };
  for (const nodes of nodeSets) {
    const c = new Compiler(grammar, nodes, undefined, recording);
    for (const name of Object.keys(grammar)) c.rule(name);
  }
  const sorted = <T>(o: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { leaves: sorted(recording.leaves), starts: sorted(recording.starts) };
}

/** A character set as 32 hex digits, bit c for character c (digit k holds characters 4k to 4k + 3). */
function toHex(set: CharSet): string {
  let out = '';
  for (let k = 0; k < 32; k++) out += (set[4 * k] | (set[4 * k + 1] << 1) | (set[4 * k + 2] << 2) | (set[4 * k + 3] << 3)).toString(16);
  return out;
}

function fromHex(hex: string): CharSet {
  const set = new Uint8Array(128);
  for (let k = 0; k < 32; k++) {
    const d = parseInt(hex[k], 16);
    for (let b = 0; b < 4; b++) set[4 * k + b] = (d >> b) & 1;
  }
  return set;
}

/**
 * Leaves too small for a RegExp call to pay: one character class, a run of one, or a quoted
 * string, matched with charCodeAt.
 */
function simpleLeaf(grammar: Grammar, e: Expr): Matcher | undefined {
  switch (e.t) {
    case 'chars': return oneOf(e.set);
    case 'lit': return litMatcher(e.text);
    case 'rep': {
      const set = singleCharSet(grammar, e.item);
      return set && runOf(set, e.min, e.max);
    }
    default: return undefined;
  }
}

/** `min*max` characters of `set`. */
function runOf(set: CharSet, min: number, max: number): Matcher {
  return (input, i) => {
    const start = i;
    const n = input.length;
    const stop = max === Infinity ? n : Math.min(n, i + max);
    while (i < stop) {
      const c = input.charCodeAt(i);
      if (c > 127 || !set[c]) break;
      i++;
    }
    return i - start >= min ? i : -1;
  };
}

/** A quoted string, case-insensitive (RFC 5234 2.3). */
function litMatcher(text: string): Matcher {
  const sets = [...text].map((ch) => new Set([...caseFold(ch)].map((x) => x.charCodeAt(0))));
  if (sets.length === 1 && sets[0].size === 1) {
    const code = text.charCodeAt(0);
    return (input, i) => (input.charCodeAt(i) === code ? i + 1 : -1);
  }
  if (sets.every((x) => x.size === 1)) return (input, i) => (input.startsWith(text, i) ? i + text.length : -1);
  return (input, i) => {
    for (const set of sets) if (!set.has(input.charCodeAt(i++))) return -1;
    return i;
  };
}

function oneOf(set: CharSet): Matcher {
  return (input, i) => {
    const c = input.charCodeAt(i);
    return c < 128 && set[c] ? i + 1 : -1;
  };
}


/**
 * `*( A / B / … )` where each alternative is a fixed run of single characters (`unreserved`,
 * `":"`, `pct-encoded` = "%" HEXDIG HEXDIG, …): a loop that, at each character, tries the
 * alternatives that can begin with it, in order (ordered choice, as the other forms).
 */
function runLeaf(grammar: Grammar, e: Expr): Matcher | undefined {
  if (e.t !== 'rep' || e.max !== Infinity) return undefined;
  const alts: CharSet[][] = [];
  const flatten = (x: Expr): boolean => {
    const one = singleCharSet(grammar, x);
    if (one) return alts.push([one]) > 0;
    if (x.t === 'ref') return flatten(grammar[x.name]);
    if (x.t === 'alt') return x.items.every(flatten);
    const sets = fixedWidth(grammar, x);
    return sets !== undefined && alts.push(sets) > 0;
  };
  if (!flatten(e.item)) return undefined;
  // For each first character: the alternatives that can begin with it, up to the first one-character
  // one (which then always matches).
  const single = new Uint8Array(128);
  const plans: (CharSet[][] | undefined)[] = new Array(128);
  for (let c = 0; c < 128; c++) {
    const plan: CharSet[][] = [];
    for (const a of alts) {
      if (!a[0][c]) continue;
      plan.push(a);
      if (a.length === 1) break;
    }
    if (plan.length === 1 && plan[0].length === 1) single[c] = 1;
    else if (plan.length) plans[c] = plan;
  }
  const { min } = e;
  return (input, i) => {
    const n = input.length;
    let count = 0;
    scan: while (i < n) {
      const c = input.charCodeAt(i);
      if (c >= 128) break;
      if (single[c]) {
        i++;
        count++;
        continue;
      }
      const plan = plans[c];
      if (!plan) break;
      for (const a of plan) {
        let k = 1;
        while (k < a.length) {
          const d = input.charCodeAt(i + k);
          if (!(d < 128 && a[k][d])) break;
          k++;
        }
        if (k === a.length) {
          i += k;
          count++;
          continue scan;
        }
      }
      break;
    }
    return count >= min ? i : -1;
  };
}

/** The character sets of an expression that always matches one fixed run of single characters. */
function fixedWidth(grammar: Grammar, e: Expr): CharSet[] | undefined {
  const one = singleCharSet(grammar, e);
  if (one) return [one];
  switch (e.t) {
    case 'lit': return [...e.text].map((ch) => singleCharSet(grammar, { t: 'lit', text: ch })!);
    case 'ref': return fixedWidth(grammar, grammar[e.name]);
    case 'seq': {
      const out: CharSet[] = [];
      for (const x of e.items) {
        const sets = fixedWidth(grammar, x);
        if (!sets) return undefined;
        out.push(...sets);
      }
      return out;
    }
    default: return undefined;
  }
}
