/**
 * `compare(grammarA, ruleA, grammarB, ruleB)`: how two rules' languages relate (the same grammar
 * or two), with the shortest string in each and not the other, or a proof that there is none.
 *
 * Regular rules are compared exactly: each rule's subset automaton (./dfa.ts) over character
 * classes shared by both, and a breadth-first search of the product for the shortest string
 * accepted by one and not the other. A search that ends without one has visited every pair of
 * states: the inclusion is proved. `maxStates` caps the pairs (default 200,000); past it the
 * answer is `exact: false`. `ascii: true` compares the languages restricted to ASCII (RFC 3987's
 * IRIs against RFC 3986's URIs). Two rules that spell the same expression, references followed
 * (a rule compared with itself, `r = 1*65535"a"` with `s = 1*65535"a"`), are equal by that alone:
 * no automaton is built (the product of two 65,536-state counters walked in lock step took
 * seconds), and `states` is 0. When either rule reaches recursion the search is bounded:
 * derivations of each rule (the cover set and `samples` random ones, ./generate.ts) tried
 * against the other with the engine, and `exact` is false. Every witness is checked with both
 * grammars' own `isValid` before it is returned.
 */
import type { Grammar, RuleOf } from '../grammar/types';
import { readOptions } from '../options';
import { SetDfa, sharedClasses, shortest, DEFAULT_MAX_STATES } from './dfa';
import { generate } from './generate';
import type { Expr, Rules } from '../expr';
import { checkGrammar, rangesOf, recursiveRules, ruleOf, rulesOf } from './rules';

import type { CompareOptions, Comparison, Relation } from '../grammar/analysisTypes';

export type { CompareOptions, Comparison, Relation };

const OPTIONS = { maxStates: 'count', ascii: 'boolean', samples: 'count', maxLength: 'count' } as const;

/** A comparison's relation in words, the rules named as given (the CLI's `diff` and the playground say it so). */
export function relationWords(relation: Relation, nameA: string, nameB: string): string {
  switch (relation) {
    case 'equal': return 'the same language';
    case 'subset': return `every ${nameA} is a ${nameB}, not conversely`;
    case 'superset': return `every ${nameB} is a ${nameA}, not conversely`;
    case 'disjoint-or-overlapping': return 'neither includes the other';
    case 'unknown': return 'no difference found in the other direction (bounded search: not a proof)';
  }
}

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
  let states = 0;
  if (sameExpression(rulesA, { t: 'ref', name: ra }, rulesB, { t: 'ref', name: rb })) {
    // The same expression, so the same language: proved without an automaton.
    exact = true;
    method = 'exact: the two rules spell the same expression (references followed), so their languages are the same';
  } else if (!recursiveRules(rulesA).has(ra) && !recursiveRules(rulesB).has(rb)) {
    const da = SetDfa.of(rulesA, { t: 'ref', name: ra });
    const db = SetDfa.of(rulesB, { t: 'ref', name: rb });
    const shared = sharedClasses([da, db]);
    const maxStates = o.maxStates ?? DEFAULT_MAX_STATES;
    const x = shortest(da, db, shared, false, { maxStates, ascii });
    const y = shortest(db, da, shared, false, { maxStates, ascii });
    onlyA = x.witness;
    onlyB = y.witness;
    exact = x.exact && y.exact;
    states = x.visited + y.visited;
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
  return { ...head, onlyA, onlyB, relation, exact, method, states };
}

/**
 * `grammar.compare(rule, other, options)` (../grammar/types.ts): `other` is a rule of the same
 * grammar (its name) or `{ grammar, rule }`, own properties; or, as `analyze` takes it, a grammar
 * and then its rule: `grammar.compare(rule, grammarB, ruleB, options)`.
 */
export function compareWith(grammar: Grammar, rule: string, other: string | RuleOf | Grammar, third?: CompareOptions | string, fourth?: CompareOptions): Comparison {
  if (typeof other === 'string') return compare(grammar, rule, grammar, other, third as CompareOptions | undefined);
  const o = other as Partial<RuleOf> | null;
  const has = (k: string) => o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k);
  if (o !== null && typeof o === 'object' && typeof (o as Partial<Grammar>).expr === 'function' && !has('grammar')) {
    // A grammar, then its rule.
    return compare(grammar, rule, o as Grammar, third as string, fourth);
  }
  const b = has('grammar') ? o!.grammar : undefined;
  const rb = has('rule') ? o!.rule : undefined;
  if (b === undefined || typeof rb !== 'string') {
    const got = o === null ? 'null' : Array.isArray(o) ? 'an array' : typeof o === 'object' ? 'an object without own "grammar" and "rule"' : typeof o;
    throw new TypeError(`compare: argument "other" must be a rule of this grammar or { grammar, rule }, got ${got}`);
  }
  checkGrammar(b, 'compare', 'other.grammar');
  return compare(grammar, rule, b, rb, third as CompareOptions | undefined);
}

/**
 * Do `a` (an expression of `rulesA`) and `b` (of `rulesB`) spell the same expression, references
 * followed (`1*65535v` with `v = "a"` spells `1*65535"a"`)? Then they have the same language, whatever it is. A pair of rules met again is taken
 * as the same (while it is checked, which is what rules that reach recursion need; after, it was
 * found the same, or the whole answer is false), so each pair is checked once.
 */
export function sameExpression(rulesA: Rules, a: Expr, rulesB: Rules, b: Expr, pairs = new Set<string>(), depth = 0): boolean {
  // A reference against an expression: the rule's body against it (a chain of references alone
  // is no grammar's: the checker refuses one that loops; the depth bound says "not shown").
  if (depth > 1000) return false;
  if (a.t === 'ref' && b.t !== 'ref') return sameExpression(rulesA, rulesA[a.name], rulesB, b, pairs, depth + 1);
  if (b.t === 'ref' && a.t !== 'ref') return sameExpression(rulesA, a, rulesB, rulesB[b.name], pairs, depth + 1);
  if (a.t !== b.t) return false;
  switch (a.t) {
    case 'ref': {
      const n = (b as typeof a).name;
      const key = `${a.name}\u0000${n}`;
      if (pairs.has(key)) return true;
      pairs.add(key);
      return sameExpression(rulesA, rulesA[a.name], rulesB, rulesB[n], pairs, depth + 1);
    }
    case 'lit': return a.text === (b as typeof a).text;
    case 'chars': {
      const x = rangesOf(a);
      const y = rangesOf(b as typeof a);
      return x.length === y.length && x.every((v, i) => v === y[i]);
    }
    case 'rep': {
      const r = b as typeof a;
      return a.min === r.min && a.max === r.max && sameExpression(rulesA, a.item, rulesB, r.item, pairs, depth + 1);
    }
    case 'seq': case 'alt': {
      const items = (b as typeof a).items;
      return a.items.length === items.length && a.items.every((x, i) => sameExpression(rulesA, x, rulesB, items[i], pairs, depth + 1));
    }
  }
}
