/**
 * The same first-match-wins reading as ./parsimmon.ts, compiled to plain closures.
 *
 * Parsimmon allocates a reply object per parser call and merges failure information as it
 * goes; the structural tree of a typical URI then costs several microseconds. This
 * compiler walks the very same grammar expressions with the same PEG semantics (ordered
 * choice, greedy repetition without backtracking, the rules' PEG guards, one sticky RegExp
 * for every sub-expression that gives no nodes) but keeps no failure information: errors
 * come from the automaton. The tests check that both compilers build the same trees.
 */
import { caseFold, type CharSet, type Expr, type Grammar } from './expr';
import { regexpSource } from './regexp';
import { firstChars, nullable } from './first';
import type { Node } from './tree';

/** Matches at `i`, appends nodes to `out`; returns the end offset, or -1 (with `out` as it was). */
const NO_CHILDREN: readonly Node[] = Object.freeze([]);

export type Matcher = (input: string, i: number, out: Node[]) => number;

export function compileFast(grammar: Grammar, nodeRules: ReadonlySet<string>): (rule: string) => Matcher {
  const rules = new Map<string, Matcher>();
  const reaches = new Map<string, boolean>();
  const scratch: Node[] = [];

  const reachesNode = (e: Expr): boolean => {
    switch (e.t) {
      case 'ref': {
        if (nodeRules.has(e.name)) return true;
        let r = reaches.get(e.name);
        if (r === undefined) reaches.set(e.name, (r = reachesNode(grammar[e.name])));
        return r;
      }
      case 'seq': case 'alt': return e.items.some(reachesNode);
      case 'rep': return reachesNode(e.item);
      default: return false;
    }
  };

  // The grammar has no recursion, so each rule compiles once, eagerly, on first reference.
  const rule = (name: string): Matcher => {
    let m = rules.get(name);
    if (!m) {
      const body = compile(grammar[name]);
      if (!nodeRules.has(name)) m = body;
      else if (!reachesNode(grammar[name])) {
        // A leaf node: no children to collect.
        m = (input, i, out) => {
          const j = body(input, i, out);
          if (j >= 0) out.push({ rule: name, start: i, end: j, children: NO_CHILDREN });
          return j;
        };
      } else {
        m = (input, i, out) => {
          const children: Node[] = [];
          const j = body(input, i, children);
          if (j >= 0) out.push({ rule: name, start: i, end: j, children });
          return j;
        };
      }
      rules.set(name, m);
    }
    return m;
  };

  const compile = (e: Expr): Matcher => {
    if (e.t !== 'guard' && !reachesNode(e)) {
      const simple = simpleLeaf(e);
      if (simple) return simple;
      const re = new RegExp(regexpSource(grammar, e), 'y');
      return (input, i) => {
        re.lastIndex = i;
        return re.test(input) ? re.lastIndex : -1;
      };
    }
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
            if (k < 0) out.length = mark;
            return k;
          };
        }
        return (input, i, out) => {
          const mark = out.length;
          for (const item of items) {
            i = item(input, i, out);
            if (i < 0) {
              out.length = mark;
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
            out.length = mark;
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
            out.length = mark;
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
          scratch.length = 0;
          return j >= 0 ? -1 : i;
        };
      }
      default: throw new Error('unreachable');
    }
  };

  return rule;
}

/**
 * Leaves too small for a RegExp call to pay: one character class, a run of one, or a quoted
 * string, matched with charCodeAt.
 */
function simpleLeaf(e: Expr): Matcher | undefined {
  if (e.t === 'chars') return oneOf(e.set);
  if (e.t === 'rep' && e.item.t === 'chars') {
    const { set } = e.item;
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

