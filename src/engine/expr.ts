/**
 * The combinator kit's vocabulary: grammar expressions as plain data.
 *
 * A grammar module writes each ABNF rule with these constructors (src/generated/rfc3986Rules.ts is
 * generated from the ABNF text; ./text/abnf.ts reads any text into them). They are exactly ABNF's
 * (RFC 5234): nothing beyond the language is written down, so every form the engine compiles
 * them to reads the grammar alike: the automaton that gives the verdict and the exact error
 * offset (./automata/automaton.ts, packed as tables by ./automata/tableDfa.ts), the verdict RegExps
 * (./automata/regexp.ts), the first-match trees (./trees/firstMatch.ts) and the parsimmon parsers users embed
 * (src/engine/grammar/regularRunner.ts and recursiveRunner.ts, `parser`). Nothing here knows about URIs.
 */

/**
 * A set of ASCII characters (code points 0-127), as a 128-entry membership table. A `chars`
 * expression adds the code points above ASCII, if any, as ranges in `more` (./automata/codepoints.ts):
 * the code-point engine (./automata/nfa.ts, ./automata/automaton.ts, ./trees/firstMatch.ts) reads both; the RegExp
 * form serves ASCII grammars only.
 */
export type CharSet = Uint8Array;

export type Expr =
  /** One character from `set`; `label` names it in error messages (`ALPHA`, `":"`). */
  | { readonly t: 'chars'; readonly set: CharSet; readonly label: string; readonly more?: readonly number[] }
  /** An ABNF quoted string: case-insensitive (RFC 5234 2.3). */
  | { readonly t: 'lit'; readonly text: string }
  | { readonly t: 'seq'; readonly items: readonly Expr[] }
  /** Alternatives in the order written: the order is first match's priority (./trees/firstMatch.ts). */
  | { readonly t: 'alt'; readonly items: readonly Expr[] }
  /** `min*max item`; `max` Infinity for `*`. */
  | { readonly t: 'rep'; readonly item: Expr; readonly min: number; readonly max: number }
  | { readonly t: 'ref'; readonly name: string };

/** A grammar: rule name to expression. Rules may refer to each other but not recursively. */
export type Rules<R extends string = string> = { readonly [K in R]: Expr };

export function charSet(spec: string): CharSet {
  // spec lists characters and ranges `a-z`; a literal `-` goes first or last.
  const set = new Uint8Array(128);
  for (let i = 0; i < spec.length; i++) {
    const from = spec.charCodeAt(i);
    if (spec[i + 1] === '-' && i + 2 < spec.length) {
      const to = spec.charCodeAt(i + 2);
      for (let c = from; c <= to; c++) set[c] = 1;
      i += 2;
    } else set[from] = 1;
  }
  return set;
}

/** One character from code-point `ranges` (flat `[lo, hi, …]`, sorted and merged). */
export function codePoints(ranges: readonly number[], label: string): Expr {
  const set = new Uint8Array(128);
  const more: number[] = [];
  for (let i = 0; i < ranges.length; i += 2) {
    const lo = ranges[i];
    const hi = ranges[i + 1];
    for (let c = lo; c <= Math.min(hi, 127); c++) set[c] = 1;
    if (hi >= 128) more.push(Math.max(lo, 128), hi);
  }
  return more.length ? { t: 'chars', set, label, more } : { t: 'chars', set, label };
}

export const chars = (spec: string, label: string): Expr => ({ t: 'chars', set: charSet(spec), label });
export const lit = (text: string): Expr => ({ t: 'lit', text });
export const seq = (...items: Expr[]): Expr => ({ t: 'seq', items });
export const alt = (...items: Expr[]): Expr => ({ t: 'alt', items });
export const rep = (item: Expr, min = 0, max = Infinity): Expr => ({ t: 'rep', item, min, max });
/** ABNF `[ item ]`. */
export const opt = (item: Expr): Expr => rep(item, 0, 1);
export const ref = (name: string): Expr => ({ t: 'ref', name });
/** ABNF `0<x>`: the empty string. */
export const empty: Expr = { t: 'seq', items: [] };

/**
 * The rule names `e` refers to, each once (an explicit stack: no recursion on its nesting). Index
 * loops here and in what a grammar runs on load: a `for … of` allocates a result object a step in
 * code V8 has not optimized yet, which is all code a process runs first.
 */
export function referencedRules(e: Expr): Set<string> {
  const out = new Set<string>();
  const stack: Expr[] = [e];
  while (stack.length) {
    const x = stack.pop()!;
    if (x.t === 'ref') out.add(x.name);
    else if (x.t === 'seq' || x.t === 'alt') for (let k = 0; k < x.items.length; k++) stack.push(x.items[k]);
    else if (x.t === 'rep') stack.push(x.item);
  }
  return out;
}

/** Both cases of an ASCII letter, for case-insensitive quoted strings. */
export function caseFold(ch: string): string {
  const lo = ch.toLowerCase();
  const up = ch.toUpperCase();
  return lo === up ? ch : lo + up;
}
