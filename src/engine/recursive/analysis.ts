/**
 * What a grammar's recursion is, at definition time: which rules are recursive (they take part
 * in a cycle of references), which rules need the general machinery (they reach a recursive
 * rule), and whether any cycle is left recursion, which is refused.
 *
 * Left recursion (`expr = expr "+" term`, or through other rules and nullable prefixes) has no
 * first-match reading a backtracking parser could run: it would call itself forever before
 * consuming anything. It is refused with the cycle named and the usual rewrite as a repetition.
 * Every other recursion is run by ./ends.ts.
 */
import { referencedRules, type Expr, type Rules } from '../expr';

export interface Recursion {
  /** Rules in a cycle of references. */
  readonly recursive: ReadonlySet<string>;
  /** Rules that reach a recursive rule (the recursive ones included): run by ./ends.ts. */
  readonly general: ReadonlySet<string>;
  /** A left-recursive cycle, e.g. ['expr', 'expr'], or undefined. */
  readonly leftCycle?: readonly string[];
}

/** Can `e` match the empty string, given the rules known to match it (`nullable`)? References are not followed. */
function matchesEmpty(e: Expr, nullable: ReadonlySet<string>): boolean {
  switch (e.t) {
    case 'chars': return false;
    case 'lit': return e.text.length === 0;
    case 'seq': return e.items.every((x) => matchesEmpty(x, nullable));
    case 'alt': return e.items.some((x) => matchesEmpty(x, nullable));
    case 'rep': return e.min === 0 || matchesEmpty(e.item, nullable);
    case 'ref': return nullable.has(e.name);
  }
}

/** Rules that can match the empty string: a fixpoint, since rules may refer to each other. */
export function nullableRules(rules: Rules): Set<string> {
  const nullable = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const name of Object.keys(rules)) {
      if (!nullable.has(name) && matchesEmpty(rules[name], nullable)) {
        nullable.add(name);
        changed = true;
      }
    }
  }
  return nullable;
}

/** The rules `e` refers to anywhere (right), and those it can call before consuming anything (left). */
function references(e: Expr, nullable: ReadonlySet<string>): { all: Set<string>; left: Set<string> } {
  const all = new Set<string>();
  const left = new Set<string>();
  const walk = (x: Expr, atLeft: boolean): void => {
    switch (x.t) {
      case 'ref':
        all.add(x.name);
        if (atLeft) left.add(x.name);
        return;
      case 'seq': {
        let stillLeft = atLeft;
        for (const item of x.items) {
          walk(item, stillLeft);
          stillLeft = stillLeft && matchesEmpty(item, nullable);
        }
        return;
      }
      case 'alt': for (const item of x.items) walk(item, atLeft); return;
      case 'rep': walk(x.item, atLeft); return;
      default: return;
    }
  };
  walk(e, true);
  return { all, left };
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

/** The recursion of a checked grammar (every reference names one of its rules). */
export function analyzeRecursion(rules: Rules): Recursion {
  const nullable = nullableRules(rules);
  const right = new Map<string, Set<string>>();
  const left = new Map<string, Set<string>>();
  for (const name of Object.keys(rules)) {
    const r = references(rules[name], nullable);
    right.set(name, r.all);
    left.set(name, r.left);
  }
  const leftCycle = cycleThrough(left);
  // Recursive rules: those that reach themselves (strongly connected through references).
  // Arrays and index loops: compileAbnf runs this cold, where iterating a Set or a Map
  // allocates at every step.
  const refs = new Map<string, string[]>();
  for (const [name, r] of right) refs.set(name, [...r]);
  const reach = (from: string): string[] => {
    const seen = new Set<string>();
    const order: string[] = [];
    const todo = (refs.get(from) ?? []).slice();
    while (todo.length) {
      const n = todo.pop()!;
      if (seen.has(n)) continue;
      seen.add(n);
      order.push(n);
      const next = refs.get(n);
      if (next) for (let k = 0; k < next.length; k++) todo.push(next[k]);
    }
    return order;
  };
  const names = Object.keys(rules);
  const reaches: string[][] = names.map(reach);
  const recursive = new Set<string>();
  for (let k = 0; k < names.length; k++) if (reaches[k].includes(names[k])) recursive.add(names[k]);
  const general = new Set<string>(recursive);
  for (let k = 0; k < names.length; k++) {
    const r = reaches[k];
    for (let j = 0; j < r.length; j++) if (recursive.has(r[j])) { general.add(names[k]); break; }
  }
  return { recursive, general, leftCycle };
}

/**
 * `analyzeRecursion(rules).general` alone, in one linear pass: the rules that reach a cycle of
 * references. Rules whose references all lead to rules without any are peeled off, sinks first
 * (Kahn's order); what is never peeled reaches a cycle. What a grammar needs on load
 * (`RuleGrammar`), without the closure per rule and the nullable fixpoint the full analysis
 * computes for the reader's checks.
 */
export function generalRules(rules: Rules): Set<string> {
  return rulesReachingCycles(Object.keys(rules), (name) => referencedRules(rules[name]));
}

/**
 * `generalRules` of rules known by the names each refers to (`refsOf`): what a precompiled
 * grammar finds from its data's references, without decoding them.
 */
export function rulesReachingCycles(names: readonly string[], refsOf: (name: string) => ReadonlySet<string>): Set<string> {
  const users = new Map<string, string[]>(names.map((n) => [n, []]));
  const left = new Map<string, number>();
  for (let k = 0; k < names.length; k++) {
    const name = names[k];
    let n = 0;
    for (const r of refsOf(name)) {
      const u = users.get(r);
      if (u) { u.push(name); n++; }
    }
    left.set(name, n);
  }
  const sinks = names.filter((n) => left.get(n) === 0);
  const peeled = new Set<string>();
  while (sinks.length) {
    const n = sinks.pop()!;
    peeled.add(n);
    const us = users.get(n)!;
    for (let j = 0; j < us.length; j++) {
      const k = left.get(us[j])! - 1;
      left.set(us[j], k);
      if (k === 0) sinks.push(us[j]);
    }
  }
  return new Set(names.filter((n) => !peeled.has(n)));
}
