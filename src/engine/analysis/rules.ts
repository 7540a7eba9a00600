/**
 * What the analyses read of a grammar: its rules as expressions, the rules a rule reaches, the
 * alternations, repetitions and character sets inside each rule (by path), and a short ABNF
 * spelling of an expression for reports. Every analysis works on any `Grammar` (built in or from
 * `compileAbnf`): only `rules` and `expr` are read.
 */
import { asciiRanges } from '../automata/codepoints';
import type { Expr, Rules } from '../expr';
import type { Grammar } from '../grammar/types';
import { rulesReachingRecursion } from '../grammar/cycles';

/** The grammar's rules as one record of expressions (own properties, in the grammar's order). */
export function rulesOf(grammar: Grammar): Rules {
  checkGrammar(grammar, 'analysis', 'grammar');
  const out: Record<string, Expr> = Object.create(null);
  for (const r of grammar.rules) out[r] = grammar.expr(r);
  return out;
}

/** A TypeError naming the function and the argument unless `grammar` is a Grammar. */
export function checkGrammar(grammar: unknown, fn: string, argument: string): asserts grammar is Grammar {
  const g = grammar as Partial<Grammar> | null;
  if (g === null || typeof g !== 'object' || !Array.isArray(g.rules) || typeof g.expr !== 'function' || typeof g.isValid !== 'function') {
    throw new TypeError(`${fn}: argument "${argument}" must be a Grammar (grammarByName, compileAbnf), got ${g === null ? 'null' : Array.isArray(g) ? 'an array' : typeof g}`);
  }
}

/** The rule's name as the grammar spells it, or a TypeError naming the function and the argument. */
export function ruleOf(grammar: Grammar, rule: unknown, fn: string, argument = 'rule'): string {
  if (typeof rule === 'string') {
    if (grammar.rules.includes(rule)) return rule;
    const r = grammar.rules.find((x) => x.toLowerCase() === rule.toLowerCase());
    if (r) return r;
  }
  const got = typeof rule === 'string' ? JSON.stringify(rule) : rule === null ? 'null' : typeof rule;
  throw new TypeError(`${fn}: argument "${argument}" must be a rule of the grammar${grammar.name ? ` ${grammar.name}` : ''}, got ${got}`);
}

/** The rules `root` reaches (itself first), in the order first met. */
export function reachable(rules: Rules, root: string): string[] {
  const out = [root];
  const seen = new Set(out);
  for (let i = 0; i < out.length; i++) {
    walk(rules[out[i]], [], (e) => {
      if (e.t === 'ref' && !seen.has(e.name)) { seen.add(e.name); out.push(e.name); }
    });
  }
  return out;
}

/** Does `rule` reach recursion (no automaton: bounded answers)? */
export function recursiveRules(rules: Rules): Set<string> {
  return rulesReachingRecursion(rules);
}

/** Every sub-expression of `e` with its path (the item indices from the rule's body down), pre-order. */
export function walk(e: Expr, path: number[], visit: (e: Expr, path: readonly number[]) => void): void {
  visit(e, path);
  if (e.t === 'seq' || e.t === 'alt') e.items.forEach((x, k) => walk(x, [...path, k], visit));
  else if (e.t === 'rep') walk(e.item, [...path, 0], visit);
}

/** The sub-expression at `path` of `e`. */
export function at(e: Expr, path: readonly number[]): Expr {
  let x = e;
  for (const k of path) x = x.t === 'rep' ? x.item : (x as Extract<Expr, { items: unknown }>).items[k];
  return x;
}

/** The ranges `[lo, hi, …]` of a `chars` expression. */
export function rangesOf(e: Extract<Expr, { t: 'chars' }>): number[] {
  return e.more ? [...asciiRanges(e.set), ...e.more] : asciiRanges(e.set);
}

/** A character as ABNF writes it in a report: `"a"`, or `%x20`. */
export function showChar(cp: number): string {
  return cp > 0x20 && cp < 0x7f && cp !== 0x22 ? JSON.stringify(String.fromCodePoint(cp)) : `%x${cp.toString(16).toUpperCase()}`;
}

/** A short ABNF spelling of `e` (for reports: at most `max` characters). */
export function spell(e: Expr, max = 60): string {
  const s = print(e, 0);
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

function print(e: Expr, depth: number): string {
  if (depth > 6) return '…';
  switch (e.t) {
    case 'chars': return e.label || rangesText(rangesOf(e));
    case 'lit': return JSON.stringify(e.text);
    case 'ref': return e.name;
    case 'seq': return e.items.length === 0 ? '""' : e.items.map((x) => group(x, depth)).join(' ');
    case 'alt': return e.items.map((x) => (x.t === 'alt' ? `( ${print(x, depth + 1)} )` : print(x, depth + 1))).join(' / ');
    case 'rep': {
      if (e.min === 0 && e.max === 1) return `[ ${print(e.item, depth + 1)} ]`;
      const n = e.min === e.max ? `${e.min}` : `${e.min || ''}*${e.max === Infinity ? '' : e.max}`;
      return n + group(e.item, depth);
    }
  }
}
function group(e: Expr, depth: number): string {
  return e.t === 'alt' || (e.t === 'seq' && e.items.length > 1) ? `( ${print(e, depth + 1)} )` : print(e, depth + 1);
}
function rangesText(r: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < r.length; i += 2) parts.push(r[i] === r[i + 1] ? showChar(r[i]) : `%x${r[i].toString(16).toUpperCase()}-${r[i + 1].toString(16).toUpperCase()}`);
  return parts.join(' / ');
}
