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

export function compileFast(grammar: Grammar, nodeRules: ReadonlySet<string>): Compiled {
  const rules = new Map<string, Matcher>();
  const names = [...nodeRules];
  const ids = new Map(names.map((n, k) => [n, k]));
  const scratch = new NullSink();

  const memo = new Map<string, boolean>();
  const reachesNode = (e: Expr): boolean => reaches(grammar, e, nodeRules, memo);

  // The grammar has no recursion, so each rule compiles once, eagerly, on first reference.
  const rule = (name: string): Matcher => {
    let m = rules.get(name);
    if (!m) {
      const body = compile(grammar[name]);
      const id = ids.get(name);
      if (id === undefined) m = body;
      else if (!reachesNode(grammar[name])) {
        // A leaf node: opened once its body matched.
        m = (input, i, out) => {
          const j = body(input, i, out);
          if (j >= 0) out.close(out.open(id, i), j);
          return j;
        };
      } else {
        m = (input, i, out) => {
          const k = out.open(id, i);
          const j = body(input, i, out);
          if (j >= 0) out.close(k, j);
          else out.truncate(k);
          return j;
        };
      }
      rules.set(name, m);
    }
    return m;
  };

  const compile = (e: Expr): Matcher => {
    if (e.t !== 'guard' && !reachesNode(e)) {
      // A stretch that gives no nodes: one sticky RegExp on ordinary lengths. V8 runs a new
      // RegExp in its bytecode interpreter first, whose backtracking stack grows with every turn
      // of a loop and overflows on inputs of megabytes; from LONG characters on, the same
      // expression runs as a charCodeAt loop or as the closures below, which need no stack.
      const simple = simpleLeaf(grammar, e);
      if (simple) return simple;
      const re = new RegExp(regexpSource(grammar, e), 'y');
      const long = runLeaf(grammar, e) ?? structural(e);
      return (input, i, out) => {
        if (input.length - i >= LONG) return long(input, i, out);
        re.lastIndex = i;
        return re.test(input) ? re.lastIndex : -1;
      };
    }
    return structural(e);
  };

  const structural = (e: Expr): Matcher => {
    switch (e.t) {
      case 'ref': return rule(e.name);
      case 'seq': {
        const items = e.items.map(compile);
        if (items.length === 2) {
          const [a, b] = items;
          return (input, i, out) => {
            const mark = out.length;
            const j = a(input, i, out);
            if (j < 0) return -1;
            const k = b(input, j, out);
            if (k < 0) out.truncate(mark);
            return k;
          };
        }
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
      case 'alt': {
        // An alternative that cannot begin with the next character (and cannot match the empty
        // string) would fail: skip it without calling it. Same answers, fewer calls.
        const items = e.items.map(compile);
        const starts = e.items.map((item) => (nullable(grammar, item) ? undefined : firstChars(grammar, item)));
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
      case 'rep': {
        const item = compile(e.item);
        const { min, max } = e;
        if (min === 0 && max === 1) {
          return (input, i, out) => {
            const j = item(input, i, out);
            return j >= 0 ? j : i;
          };
        }
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
      case 'guard': {
        if (!e.not) return (input, i) => (i === input.length ? i : -1);
        const not = compile(e.not);
        return (input, i) => {
          const j = not(input, i, scratch);
          scratch.truncate(0);
          return j >= 0 ? -1 : i;
        };
      }
      default: return simpleLeaf(grammar, e)!;
    }
  };

  return { matcher: rule, names };
}

/**
 * Leaves too small for a RegExp call to pay: one character class, a run of one, or a quoted
 * string, matched with charCodeAt.
 */
function simpleLeaf(grammar: Grammar, e: Expr): Matcher | undefined {
  if (e.t === 'chars') return oneOf(e.set);
  const set = e.t === 'rep' ? singleCharSet(grammar, e.item) : undefined;
  if (e.t === 'rep' && set) {
    const { min, max } = e;
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
  if (e.t === 'lit') {
    const sets = [...e.text].map((ch) => new Set([...caseFold(ch)].map((x) => x.charCodeAt(0))));
    if (sets.length === 1 && sets[0].size === 1) {
      const code = e.text.charCodeAt(0);
      return (input, i) => (input.charCodeAt(i) === code ? i + 1 : -1);
    }
    if (sets.every((x) => x.size === 1)) {
      const text = e.text;
      return (input, i) => (input.startsWith(text, i) ? i + text.length : -1);
    }
    return (input, i) => {
      for (const set of sets) if (!set.has(input.charCodeAt(i++))) return -1;
      return i;
    };
  }
  return undefined;
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
