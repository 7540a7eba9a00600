/**
 * `arbitrary(grammar, rule, fc)`: fast-check arbitraries of a rule's strings, and of its
 * near-misses (one edit from a valid string, refused by the rule).
 *
 * fast-check is an optional peer dependency: this module does not import it. The caller hands
 * in the fast-check module it uses (`import fc from 'fast-check'`), so the library's bundle
 * carries none of it and two copies of fast-check never meet in one test. Without it, the
 * fast-check that `require` finds is used (CommonJS only: an ES module hands it in).
 *
 * A valid string is read off a list of choices (./derive.ts `listChooser`): each number picks
 * among the choices at one point of the derivation, sorted shortest first, and an exhausted list
 * takes the shortest way. fast-check shrinks the list toward fewer and smaller numbers, so a
 * failing string shrinks toward shorter ones, down to the rule's shortest string. Each generated
 * string is checked with the engine (a derivation the engine refused would be an internal error).
 */
import type { Grammar } from '../grammar/types';
import { readOptions } from '../options';
import { Deriver, DEFAULT_DEPTH, listChooser } from './derive';
import { checkGrammar, ruleOf, rulesOf } from './rules';

/** fast-check from `require` (the user's copy, as a peer dependency), or a TypeError saying to hand it in. */
function fastCheck(): FastCheckLike {
  // `require` under another name: the user's module at run time, never one a bundler copies in.
  const cjsRequire: NodeJS.Require | undefined = typeof require === 'function' ? require : undefined;
  try {
    if (cjsRequire) return cjsRequire('fast-check') as FastCheckLike;
  } catch {
    // Not installed: said below.
  }
  throw new TypeError('arbitrary: argument "fc" must be the fast-check module (import fc from \'fast-check\'): fast-check is an optional peer dependency, not found here');
}

const OPTIONS = { maxChoices: 'count', depth: 'count' } as const;
const PROBES = [' ', '%', ':', '/', '?', '#', '[', ']', '@', '.', 'a', '0', '-', '"', '<', '\u0000', '\u00e9', '{'];

import type { ArbitraryOptions, FastCheckLike, FcArbitrary, RuleArbitraries } from '../grammar/analysisTypes';

export type { ArbitraryOptions, FastCheckLike, FcArbitrary, RuleArbitraries };

export function arbitrary(grammar: Grammar, rule: string, given?: FastCheckLike, options?: ArbitraryOptions): RuleArbitraries {
  checkGrammar(grammar, 'arbitrary', 'grammar');
  const r = ruleOf(grammar, rule, 'arbitrary');
  const fc = given === undefined ? fastCheck() : given;
  if (fc === null || (typeof fc !== 'object' && typeof fc !== 'function') || typeof (fc as FastCheckLike).array !== 'function') {
    throw new TypeError('arbitrary: argument "fc" must be the fast-check module (import fc from \'fast-check\')');
  }
  const o = readOptions('arbitrary', options, OPTIONS) as ArbitraryOptions;
  const deriver = new Deriver(rulesOf(grammar), o.depth ?? DEFAULT_DEPTH);
  if (deriver.derive(r, listChooser([])) === undefined) throw new TypeError(`arbitrary: ${r} matches no string`);
  const valid = fc.array(fc.nat(), { maxLength: o.maxChoices ?? 64 }).map((list) => {
    const s = deriver.derive(r, listChooser(list))!;
    if (!grammar.isValid(s, r)) throw new Error(`arbitrary: internal error: a derivation of ${r} the engine refuses: ${JSON.stringify(s.slice(0, 80))}`);
    return s;
  });
  const nearMiss = fc.tuple(valid, fc.constantFrom('delete', 'insert', 'replace'), fc.nat(), fc.constantFrom(...PROBES))
    .map((t) => {
      const [s, op, at, ch] = t as [string, string, number, string];
      const chars = [...s];
      if (op === 'insert') chars.splice(at % (chars.length + 1), 0, ch);
      else if (chars.length === 0) chars.push(ch);
      else if (op === 'delete') chars.splice(at % chars.length, 1);
      else chars[at % chars.length] = ch;
      return chars.join('');
    })
    .filter((s) => !grammar.isValid(s as string, r)) as FcArbitrary<string>;
  return { valid: valid as FcArbitrary<string>, nearMiss };
}
