/**
 * The notation seam of the grammar reader (./abnf.ts): what differs between ABNF (RFC 5234)
 * and the BNF variants other RFCs wrote their grammars in (RFC 2396 uses RFC 822's BNF with
 * `|` between alternatives and `_` in rule names).
 *
 * A notation is a small object; the reader does the rest (rules, `=` and `=/`, comments,
 * continuation lines, repetitions, groups, options, quoted strings, `%` values, prose). To add
 * one, write it in its own file and register it with `registerNotation` (or pass the object
 * as `compileAbnf(text, { notation })`).
 */
import { RFC2396_NOTATION } from './notationRfc2396';

export type { Notation, NotationReader } from './notationTypes';
import type { Notation } from './notationTypes';

/** RFC 5234 ABNF (with RFC 7405's `%s` / `%i`). */
export const ABNF: Notation = {
  name: 'abnf',
  alternation: '/',
  isNameChar: (ch) => /^[A-Za-z0-9-]$/.test(ch),
};

const NOTATIONS = new Map<string, Notation>([['abnf', ABNF], ['rfc2396', RFC2396_NOTATION]]);

/** Makes `notation` available by its name. */
export function registerNotation(notation: Notation): void {
  const n = notation as Partial<Notation> | null;
  // Own (or its class's) properties only: a polluted Object.prototype steers nothing.
  const proto: unknown = n !== null && typeof n === 'object' ? Object.getPrototypeOf(n) : null;
  const field = (k: keyof Notation): unknown => (n !== null && typeof n === 'object'
    && (Object.prototype.hasOwnProperty.call(n, k) || (proto !== null && proto !== Object.prototype)) ? n[k] : undefined);
  if (n === null || typeof n !== 'object' || typeof field('name') !== 'string' || typeof field('alternation') !== 'string'
    || typeof field('isNameChar') !== 'function' || (field('element') !== undefined && typeof field('element') !== 'function')) {
    throw new TypeError('registerNotation: argument "notation" must be a Notation object ({ name, alternation, isNameChar, element? })');
  }
  NOTATIONS.set(field('name') as string, notation);
}

export function notationByName(name: string): Notation | undefined {
  return NOTATIONS.get(name);
}

export function notationNames(): string[] {
  return [...NOTATIONS.keys()];
}
