/**
 * `compare(grammarA, ruleA, grammarB, ruleB)`: how two rules' languages relate (the same grammar
 * or two), with the shortest string in each and not the other, or a proof that there is none.
 *
 * Regular rules are compared exactly: each rule's subset automaton (./dfa.ts) over character
 * classes shared by both, and a breadth-first search of the product for the shortest string
 * accepted by one and not the other. A search that ends without one has visited every pair of
 * states: the inclusion is proved. `maxStates` caps the pairs (default 200,000); past it the
 * answer is `exact: false`. `ascii: true` compares the languages restricted to ASCII (RFC 3987's
 * IRIs against RFC 3986's URIs). When either rule reaches recursion the search is bounded:
 * derivations of each rule (the cover set and `samples` random ones, ./generate.ts) tried
 * against the other with the engine, and `exact` is false. Every witness is checked with both
 * grammars' own `isValid` before it is returned.
 */
import type { Grammar } from '../grammar/types';
import { readOptions } from '../options';
import { SetDfa, sharedClasses, shortest, DEFAULT_MAX_STATES } from './dfa';
import { generate } from './generate';
import { checkGrammar, recursiveRules, ruleOf, rulesOf } from './rules';

export interface CompareOptions {
  /** Product states visited at most (default 200,000). */
  maxStates?: number;
  /** Only strings of ASCII characters (default false). */
  ascii?: boolean;
  /** Bounded search (recursive rules): random strings of each rule (default 2,000). */
  samples?: number;
  /** Bounded search: their length at most (default 64). */
  maxLength?: number;
}

export type Relation = 'equal' | 'subset' | 'superset' | 'disjoint-or-overlapping' | 'unknown';

export interface Comparison {
  readonly a: { readonly grammar?: string; readonly rule: string };
  readonly b: { readonly grammar?: string; readonly rule: string };
  /** A shortest string in A and not in B; undefined: none (proved when `exact`). */
  readonly onlyA: string | undefined;
  /** A shortest string in B and not in A. */
  readonly onlyB: string | undefined;
  /** `equal` (L(A) = L(B)), `subset` (L(A) ⊂ L(B)), `superset`, or `disjoint-or-overlapping` (neither includes the other). */
  readonly relation: Relation;
  /** True: the answer is proved from the automata; false: a bounded search (or the bound was reached). */
  readonly exact: boolean;
  /** What the answer rests on, in words. */
  readonly method: string;
}

const OPTIONS = { maxStates: 'count', ascii: 'boolean', samples: 'count', maxLength: 'count' } as const;

export function compare(a: Grammar, ruleA: string, b: Grammar, ruleB: string, options?: CompareOptions): Comparison {
  checkGrammar(a, 'compare', 'grammarA');
  const ra = ruleOf(a, ruleA, 'compare', 'ruleA');
  checkGrammar(b, 'compare', 'grammarB');
  const rb = ruleOf(b, ruleB, 'compare', 'ruleB');
  const o = readOptions('compare', options, OPTIONS) as CompareOptions;
  const rulesA = rulesOf(a);
  const rulesB = rulesOf(b);
  const head = { a: { grammar: a.name, rule: ra }, b: { grammar: b.name, rule: rb } };
  const ascii = o.ascii === true;
  const asciiOnly = (s: string) => !ascii || /^[\x00-\x7f]*$/.test(s);
  let onlyA: string | undefined;
  let onlyB: string | undefined;
  let exact: boolean;
  let method: string;
  if (!recursiveRules(rulesA).has(ra) && !recursiveRules(rulesB).has(rb)) {
    const da = SetDfa.of(rulesA, { t: 'ref', name: ra });
    const db = SetDfa.of(rulesB, { t: 'ref', name: rb });
    const shared = sharedClasses([da, db]);
    const maxStates = o.maxStates ?? DEFAULT_MAX_STATES;
    const x = shortest(da, db, shared, false, { maxStates, ascii });
    const y = shortest(db, da, shared, false, { maxStates, ascii });
    onlyA = x.witness;
    onlyB = y.witness;
    exact = x.exact && y.exact;
    method = exact
      ? `exact: product automata searched breadth first (${x.visited} and ${y.visited} state pairs)`
      : `bounded: the product automata have more than ${maxStates} state pairs (maxStates); no string found within them`;
  } else {
    const samples = o.samples ?? 2000;
    const maxLength = o.maxLength ?? 64;
    const strings = (g: Grammar, r: string) => {
      const cover = generate(g, r, { cover: true, nearMisses: 0, maxLength });
      const rand = generate(g, r, { count: samples, seed: 1, maxLength });
      return [...new Set([...cover.valid, ...rand.valid])].filter(asciiOnly).sort((p, q) => p.length - q.length || (p < q ? -1 : 1));
    };
    const sa = strings(a, ra);
    const sb = strings(b, rb);
    onlyA = sa.find((s) => !b.isValid(s, rb));
    onlyB = sb.find((s) => !a.isValid(s, ra));
    exact = false;
    method = `bounded: a rule reaches recursion; ${sa.length} and ${sb.length} derived strings (up to ${maxLength} characters) tried against the other rule`;
  }
  // Every witness, checked with the grammars themselves.
  for (const [w, inA, inB] of [[onlyA, true, false], [onlyB, false, true]] as const) {
    if (w === undefined) continue;
    if (a.isValid(w, ra) !== inA || b.isValid(w, rb) !== inB) {
      throw new Error(`compare: internal error: the witness ${JSON.stringify(w.slice(0, 80))} is not in ${inA ? ra : rb} alone`);
    }
  }
  const relation: Relation = onlyA === undefined && onlyB === undefined ? (exact ? 'equal' : 'unknown')
    : onlyA === undefined ? (exact ? 'subset' : 'unknown')
    : onlyB === undefined ? (exact ? 'superset' : 'unknown')
    : 'disjoint-or-overlapping';
  return { ...head, onlyA, onlyB, relation, exact, method };
}
