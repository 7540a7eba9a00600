/**
 * `parse` of `uri-grammar/lite`: the verdict from the rule's RegExp, then the components as
 * RFC 3986 Appendix B splits a well-formed URI reference, by the main package's own scans
 * (src/uri/split.ts, which reads no grammar): for input the grammar accepts as any of the four
 * component rules, these are the grammar's own components (test/lite/ checks that both give the
 * same object).
 */
import type { ComponentRule, UriComponents } from '../uri/components';
import { splitComponents } from '../uri/split';
import { ruleName, test, expectString, badRule } from './rules';
import { UriSyntaxError, errorIndex } from './errors';

/** The rules `parse` reads components from. */
const COMPONENT_RULES: readonly string[] = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'];

/** The components of `input` as `rule`; a `UriSyntaxError` if it is not one. */
export function parse(input: string, rule: ComponentRule = 'URI-reference'): UriComponents {
  expectString(input, 'input', 'parse');
  // Rule names are case-insensitive (RFC 5234 2.1), as in the main package.
  const name = ruleName(rule);
  if (name === undefined || !COMPONENT_RULES.includes(name)) throw badRule('parse', `one of ${COMPONENT_RULES.join(', ')}`, rule);
  if (!test(input, name)) throw new UriSyntaxError(input, name, errorIndex(input, name));
  return splitComponents(input);
}
