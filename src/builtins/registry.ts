/**
 * The registry of named grammars: `grammarByName('rfc3986')` (files: src/cli/grammarFile.ts, for the CLI).
 * Other grammars add one line each to BUILT_INS.
 */
import type { Grammar } from '../engine/grammar/types';
import { rfc3986Grammar } from './rfc3986';
import { rfc2396 } from './rfc2396';
import { rfc2732 } from './rfc2732';
import { rfc3987 } from '../iri/rfc3987';
import { rfc6874 } from './rfc6874';
import { abnf, json, recursiveGrammar, rfc5322, type RecursiveLimits } from './recursive';
import { readOptions } from '../engine/options';

const BUILT_INS: Record<string, () => Grammar> = {
  rfc3986: () => rfc3986Grammar,
  rfc2396: () => rfc2396,
  // Opt-in: RFC 2396 with RFC 2732's IPv6 literals.
  rfc2732: () => rfc2732,
  rfc3987: () => rfc3987 as unknown as Grammar,
  // Opt-in, obsolete (RFC 9844 obsoletes RFC 6874): IPv6 zone identifiers, `[fe80::1%25en1]`.
  rfc6874: () => rfc6874,
  // Recursive grammars, run exactly by src/engine/recursive/: JSON, e-mail addresses, ABNF itself.
  json: () => json,
  rfc5322: () => rfc5322,
  abnf: () => abnf,
};

/** The names `grammarByName` knows. */
export const GRAMMAR_NAMES: readonly string[] = Object.freeze(Object.keys(BUILT_INS));

/**
 * A built-in grammar by name; a `TypeError` for any other name. `options` sets the limits of the
 * recursive ones (`json`, `rfc5322`, `abnf`): `maxNesting` (rule calls in progress at once,
 * default 5,000) and `workLimit` (steps per character, default 2,000); the other grammars have
 * no recursion, and no such limits.
 */
export function grammarByName(name: string, options?: RecursiveLimits): Grammar {
  if (typeof name !== 'string') throw new TypeError(`grammarByName: argument "name" must be a string, got ${name === null ? 'null' : typeof name}`);
  const o = readOptions('grammarByName', options, { maxNesting: 'count', workLimit: 'count' });
  for (const k of ['maxNesting', 'workLimit'] as const) {
    if (o[k] === 0) throw new TypeError(`grammarByName: option "${k}" must be a positive integer (at least 1), got 0`);
  }
  if (!Object.prototype.hasOwnProperty.call(BUILT_INS, name)) {
    throw new TypeError(`grammarByName: unknown grammar ${JSON.stringify(name)}: expected one of ${GRAMMAR_NAMES.join(', ')} (a file: read it and call compileAbnf)`);
  }
  if ((o.maxNesting !== undefined || o.workLimit !== undefined) && (name === 'json' || name === 'rfc5322' || name === 'abnf')) {
    return recursiveGrammar(name, { maxNesting: o.maxNesting, workLimit: o.workLimit });
  }
  return BUILT_INS[name]();
}
