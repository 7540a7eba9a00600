/**
 * RFC 3986 section 3: the components of a URI reference. The grammar gives the verdict; a valid
 * input is then split by scans, as Appendix B's expression splits it (for input the grammar
 * accepts, these are exactly the grammar's components: see ./split.ts).
 *
 *   URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
 *   relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
 *   hier-part     = "//" authority path-abempty / path-absolute / path-rootless / path-empty
 *   authority     = [ userinfo "@" ] host [ ":" port ]
 *   host          = IP-literal / IPv4address / reg-name
 *
 * Every value is the text as written (not decoded). 5.3: a component whose delimiter is
 * absent is `undefined`; one whose delimiter is present with nothing after it is `''`. The
 * path is never undefined (3.3, 5.2.1).
 */
import { driver } from './rules';
import { expectString } from './errors';
import { splitComponents, splitReference, type UriComponents } from './split';

export { splitComponents, splitReference, isIPv4address, type HostKind, type UriComponents } from './split';

/** The rules `parse` reads components from. */
export const COMPONENT_RULES = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'] as const;
export type ComponentRule = (typeof COMPONENT_RULES)[number];

/** The components of `input` as `rule`; `UriSyntaxError` if it is not one. */
export function parse(input: string, rule: ComponentRule = 'URI-reference'): UriComponents {
  if (typeof input !== 'string') expectString(input, 'input', 'parse');
  if (rule !== lastRule) {
    lastTester = driver.tester(componentRule(rule));
    lastRule = rule;
  }
  return lastTester(input) ? splitComponents(input) : driver.throwError(input, componentRule(rule));
}

/** parse's fast path: the rule of the last call and its tester. */
let lastRule: unknown;
let lastTester: (input: string) => boolean;

/** One of COMPONENT_RULES, spelled in any case (RFC 5234 2.1: rule names are case-insensitive), as the grammar spells it. */
function componentRule(rule: unknown): ComponentRule {
  const named = typeof rule === 'string' ? COMPONENT_RULES.find((r) => r.toLowerCase() === rule.toLowerCase()) : undefined;
  if (named === undefined) {
    const got = typeof rule === 'string' ? JSON.stringify(rule) : typeof rule;
    throw new TypeError(`parse: argument "rule" must be one of ${COMPONENT_RULES.join(', ')}, got ${got}`);
  }
  return named;
}

/**
 * The five components reference resolution reads (RFC 3986 5.2.1: scheme, authority, path,
 * query, fragment), for a valid `input`; the others are left undefined. A `UriSyntaxError`
 * as `parse` for an invalid one.
 */
export function parseFive(input: string, rule: 'URI' | 'URI-reference'): UriComponents {
  if (!driver.test(input, rule)) return driver.throwError(input, rule);
  return splitReference(input);
}
