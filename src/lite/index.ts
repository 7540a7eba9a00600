/**
 * `uri-grammar/lite`: `isValid` and `parse` of the main package, with the same answers, in a few
 * kilobytes. Each of the 36 rules of RFC 3986 Appendix A is one RegExp, generated at build time
 * from grammar/rfc3986.abnf (scripts/generate-lite.ts) and assembled on first use from one
 * constant per rule. What differs from the main package: the error of `parse` carries the
 * offset and the first line of the message, without the `expected` list, the caret lines and
 * hints (src/lite/errors.ts). See docs/lite.md.
 */
import type { RuleName } from '../uri/rules';
import { ruleName, test, expectString, badRule } from './rules';

export { parse } from './components';
export { UriSyntaxError } from './errors';
export type { RuleName } from '../uri/rules';
export type { UriComponents, HostKind, ComponentRule } from '../uri/components';

/** Does the whole input match `rule` (RFC 3986 Appendix A; the name is case-insensitive)? */
export function isValid(input: string, rule: RuleName = 'URI-reference'): boolean {
  expectString(input, 'input', 'isValid');
  const name = ruleName(rule);
  if (name === undefined) throw badRule('isValid', 'one of RULE_NAMES', rule);
  return test(input, name);
}
