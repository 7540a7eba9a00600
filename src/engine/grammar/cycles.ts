/**
 * Which rules reach a cycle of references: what every grammar needs on load (`RuleGrammar`, and
 * a precompiled grammar's reader from its data's references), apart from the rest of the
 * recursion analysis (../recursive/analysis.ts, which re-exports these). Here, and not beside that
 * analysis, because the main bundle and a precompiled module's first load need this alone: the
 * analysis bundles with the ABNF reader, whose checks run it (scripts/bundle.js PARTS).
 */
import { referencedRules, type Rules } from '../expr';

/**
 * `analyzeRecursion(rules).reachesRecursion` alone, in one linear pass: the rules that reach a cycle of
 * references. Rules whose references all lead to rules without any are peeled off, sinks first
 * (Kahn's order); what is never peeled reaches a cycle. What a grammar needs on load
 * (`RuleGrammar`), without the closure per rule and the nullable fixpoint the full analysis
 * computes for the reader's checks.
 */
export function rulesReachingRecursion(rules: Rules): Set<string> {
  return rulesReachingCycles(Object.keys(rules), (name) => referencedRules(rules[name]));
}

/**
 * `rulesReachingRecursion` of rules known by the names each refers to (`refsOf`): what a precompiled
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
