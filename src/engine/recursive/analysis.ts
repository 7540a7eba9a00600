/**
 * What a grammar's recursion is, at definition time: which rules are recursive (they take part
 * in a cycle of references), which rules need the recursive machinery (they reach a recursive
 * rule), and whether any cycle is left recursion, which is refused.
 *
 * Left recursion (`expr = expr "+" term`, or through other rules and nullable prefixes) has no
 * first-match reading a backtracking parser could run: it would call itself forever before
 * consuming anything. It is refused with the cycle named and the usual rewrite as a repetition.
 * Every other recursion is run by ./ends.ts.
 */
import { matchesEmpty, referencedRules, type Expr, type Rules } from '../expr';
import { rulesReachingCycles } from '../grammar/cycles';

// Where they were first written; the grammars import them from ../grammar/cycles.ts.
export { rulesReachingCycles, rulesReachingRecursion } from '../grammar/cycles';

export interface Recursion {
  /** Rules in a cycle of references. */
  readonly recursive: ReadonlySet<string>;
  /** Rules that reach a recursive rule (the recursive ones included): run by ./ends.ts. */
  readonly reachesRecursion: ReadonlySet<string>;
  /** A left-recursive cycle, e.g. ['expr', 'expr'], or undefined. */
  readonly leftCycle?: readonly string[];
}

/**
 * Rules that can match the empty string: a fixpoint, since rules may refer to each other. A
 * work list: a rule is looked at again only when a rule it refers to turns out nullable (linear
 * in the grammar's size; passes over every rule until nothing changes were quadratic on a chain).
 */
export function nullableRules(rules: Rules): Set<string> {
  return rulesWhere(rules, (name, found) => matchesEmpty(rules[name], (r) => found.has(r)));
}

/**
 * The least set of rules for which `holds(name, set)` is true, where `holds` can only turn true as
 * the set grows: a work list, a rule looked at again only when a rule it refers to joins the set
 * (linear in the grammar's size).
 */
function rulesWhere(rules: Rules, holds: (name: string, found: ReadonlySet<string>) => boolean): Set<string> {
  const found = new Set<string>();
  const names = Object.keys(rules);
  const users = new Map<string, string[]>(names.map((n) => [n, []]));
  for (const name of names) for (const r of referencedRules(rules[name])) users.get(r)?.push(name);
  const todo = names.slice();
  while (todo.length) {
    const name = todo.pop()!;
    if (found.has(name) || !holds(name, found)) continue;
    found.add(name);
    const us = users.get(name)!;
    for (let k = 0; k < us.length; k++) if (!found.has(us[k])) todo.push(us[k]);
  }
  return found;
}

/**
 * Can `e` match some string at all (is its language non-empty)? `r = "a" r` cannot: every `r`
 * needs another. The run skips what cannot (./ends.ts), so that every terminal it tries stands
 * on a prefix of something the rule matches (the error offset's definition).
 */
export function productive(rules: Rules): (e: Expr) => boolean {
  const can = (e: Expr, ok: ReadonlySet<string>): boolean => {
    switch (e.t) {
      case 'chars': case 'lit': return true;
      case 'seq': return e.items.every((x) => can(x, ok));
      case 'alt': return e.items.some((x) => can(x, ok));
      case 'rep': return e.min === 0 || can(e.item, ok);
      case 'ref': return ok.has(e.name);
    }
  };
  const rulesOk = rulesWhere(rules, (name, found) => can(rules[name], found));
  // Every rule known: the answer per expression is fixed, and kept.
  const memo = new WeakMap<Expr, boolean>();
  return (e: Expr): boolean => {
    let v = memo.get(e);
    if (v === undefined) memo.set(e, (v = can(e, rulesOk)));
    return v;
  };
}

/** The rules `e` can call before consuming anything (all it refers to: ../expr.ts `referencedRules`). */
function leftReferences(e: Expr, nullable: ReadonlySet<string>): Set<string> {
  const left = new Set<string>();
  const isNullable = (r: string) => nullable.has(r);
  const walk = (x: Expr): void => {
    switch (x.t) {
      case 'ref': left.add(x.name); return;
      case 'seq':
        for (const item of x.items) {
          walk(item);
          if (!matchesEmpty(item, isNullable)) return;
        }
        return;
      case 'alt': for (const item of x.items) walk(item); return;
      case 'rep': walk(x.item); return;
      default: return;
    }
  };
  walk(e);
  return left;
}

/** A cycle in `graph` through `from`, as a path [from, …, from], or undefined (iterative search). */
function cycleThrough(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] | undefined {
  const state = new Map<string, 1 | 2>();
  for (const start of graph.keys()) {
    if (state.has(start)) continue;
    const path: string[] = [start];
    const iters: Array<Iterator<string>> = [graph.get(start)!.values()];
    state.set(start, 1);
    while (iters.length) {
      const next = iters[iters.length - 1].next();
      if (next.done) {
        state.set(path.pop()!, 2);
        iters.pop();
        continue;
      }
      const n = next.value;
      const s = state.get(n);
      if (s === 1) return [...path.slice(path.indexOf(n)), n];
      if (s === undefined) {
        state.set(n, 1);
        path.push(n);
        iters.push((graph.get(n) ?? new Set<string>()).values());
      }
    }
  }
  return undefined;
}

/**
 * Rules in a cycle of references: the strongly connected components of more than one rule, and
 * rules that refer to themselves (Tarjan's algorithm, iterative: a chain of 10,000 rules is no
 * deeper for it than one rule).
 */
function rulesInCycles(names: readonly string[], refs: ReadonlyMap<string, readonly string[]>): Set<string> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out = new Set<string>();
  for (const root of names) {
    if (index.has(root)) continue;
    const frames: Array<{ name: string; k: number }> = [{ name: root, k: 0 }];
    index.set(root, index.size);
    low.set(root, index.get(root)!);
    stack.push(root);
    onStack.add(root);
    while (frames.length) {
      const f = frames[frames.length - 1];
      const next = refs.get(f.name) ?? [];
      if (f.k < next.length) {
        const n = next[f.k++];
        if (!index.has(n)) {
          index.set(n, index.size);
          low.set(n, index.get(n)!);
          stack.push(n);
          onStack.add(n);
          frames.push({ name: n, k: 0 });
        } else if (onStack.has(n)) low.set(f.name, Math.min(low.get(f.name)!, index.get(n)!));
        continue;
      }
      frames.pop();
      if (frames.length) {
        const parent = frames[frames.length - 1].name;
        low.set(parent, Math.min(low.get(parent)!, low.get(f.name)!));
      }
      if (low.get(f.name) === index.get(f.name)) {
        const component: string[] = [];
        let n: string;
        do {
          n = stack.pop()!;
          onStack.delete(n);
          component.push(n);
        } while (n !== f.name);
        if (component.length > 1 || next.includes(f.name)) for (const c of component) out.add(c);
      }
    }
  }
  return out;
}

/** Why left recursion is refused (compileAbnf's error, ../text/check.ts, and fromCompiled's, ../grammar/fromCompiled.ts). */
export function leftRecursionReason(cycle: readonly string[]): string {
  const r = cycle[0];
  return `left recursion: ${cycle.join(' -> ')}: ${r} would call itself before reading a character, ` +
    `which no parser that tries alternatives in order can run; write the repetition instead (for ${r} = ${r} "+" term / term, write ${r} = term *("+" term))`;
}

/** The recursion of a checked grammar (every reference names one of its rules). Linear in its size. */
export function analyzeRecursion(rules: Rules): Recursion {
  const nullable = nullableRules(rules);
  const refs = new Map<string, string[]>();
  const left = new Map<string, Set<string>>();
  for (const name of Object.keys(rules)) {
    refs.set(name, [...referencedRules(rules[name])]);
    left.set(name, leftReferences(rules[name], nullable));
  }
  const leftCycle = cycleThrough(left);
  const names = Object.keys(rules);
  const recursive = rulesInCycles(names, refs);
  const reachesRecursion = rulesReachingCycles(names, (name) => new Set(refs.get(name)));
  return { recursive, reachesRecursion, leftCycle };
}
