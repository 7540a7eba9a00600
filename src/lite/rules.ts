/**
 * The 36 rules of RFC 3986 Appendix A as anchored RegExps, built on first use from the sources
 * generated at build time from grammar/rfc3986.abnf (src/generated/liteRegexps.ts). Rule names
 * are case-insensitive (RFC 5234 2.1), as in the main package.
 */
import { ruleSources, DEFERRED } from '../generated/liteRegexps';
export { expectString } from '../uri/errors';

let sources: Readonly<Record<string, string>> | undefined;
/** Each rule by its name and by its lowercase name. */
let byName: Map<string, string> | undefined;
const compiled = new Map<string, RegExp>();

/** The sources of all 36 rules (string concatenation: microseconds). */
export function allSources(): Readonly<Record<string, string>> {
  return (sources ??= ruleSources());
}

/** The rule as the grammar spells it, or undefined when `rule` names none of the 36. */
export function ruleName(rule: unknown): string | undefined {
  if (!byName) {
    byName = new Map();
    for (const name of Object.keys(allSources())) byName.set(name, name).set(name.toLowerCase(), name);
  }
  return typeof rule === 'string' ? byName.get(rule) ?? byName.get(rule.toLowerCase()) : undefined;
}

/** The whole input must match: `^(?:…)$` (`$` without the m flag is the end of the input only). */
export function regexpOf(rule: string): RegExp {
  let re = compiled.get(rule);
  if (!re) compiled.set(rule, (re = new RegExp(`^(?:${allSources()[rule]})$`)));
  return re;
}

/**
 * Does the whole input match `rule`? In the rules that hold an IP-literal (DEFERRED), the
 * RegExp takes any run of the characters of IPv6address between "[" and "]" (V8 compiles
 * IPv6address in milliseconds, the rest in a fraction of one), and the text there is checked
 * against IPv6address apart, only when the input has a "[". That is exact: in RFC 3986 a "["
 * stands only at the start of an IP-literal, and a "]" only at its end, so an input the RegExp
 * accepts has one IP-literal, from its first "[" to the "]" after it; the input is in the rule
 * exactly when that text is an IPv6address or an IPvFuture (which begins with "v", a character
 * IPv6address never holds, and which the RegExp checks itself).
 */
export function test(input: string, rule: string): boolean {
  expectShort(input);
  if (!regexpOf(rule).test(input)) return false;
  if (!DEFERRED.includes(rule)) return true;
  const open = input.indexOf('[');
  if (open < 0) return true;
  const ch = input[open + 1];
  return ch === 'v' || ch === 'V' || regexpOf('IPv6address').test(input.slice(open + 1, input.indexOf(']', open)));
}

/**
 * The longest input the lite entry reads: 2 MiB. Its RegExps are all it has, and V8's RegExp
 * backtracking stack runs out on some shapes from about 8 MiB (a RangeError at no fixed place);
 * below this limit every shape the tests try passes with room to spare. The main package has no
 * such limit (tables and automata beyond 4,096 characters).
 */
export const MAX_LITE_INPUT = 2 * 1024 * 1024;

/** A RangeError naming the limit for an input longer than MAX_LITE_INPUT. */
export function expectShort(input: string): void {
  if (input.length > MAX_LITE_INPUT) {
    throw new RangeError(`uri-grammar/lite: an input of ${input.length} characters is longer than ${MAX_LITE_INPUT}, the limit of the lite entry point (V8's RegExp backtracking stack); use the main package (\`uri-grammar\`) for longer inputs`);
  }
}

/** The TypeError for a `rule` argument that names no allowed rule. */
export function badRule(fn: string, what: string, rule: unknown): TypeError {
  return new TypeError(`${fn}: argument "rule" must be ${what}, got ${typeof rule === 'string' ? JSON.stringify(rule) : typeof rule}`);
}
