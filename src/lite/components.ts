/**
 * `parse` of `uri-grammar/lite`: the verdict from the rule's RegExp, then the components as
 * RFC 3986 Appendix B splits a well-formed URI reference:
 *
 *   ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
 *     scheme          authority  path    query        fragment
 *
 * For input the grammar accepts as any of the four component rules, these are the grammar's
 * own components (src/uri/components.ts says why; test/lite/ checks that both give the same
 * object). The authority is split at its "@" and the ":" after the host:
 * authority = [ userinfo "@" ] host [ ":" port ] (3.2).
 */
import type { ComponentRule, HostKind, UriComponents } from '../uri/components';
import { regexpOf, ruleName, test, expectString, badRule } from './rules';
import { UriSyntaxError, errorIndex } from './errors';

/** The rules `parse` reads components from. */
const COMPONENT_RULES: readonly string[] = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'];

/** Appendix B, as printed (its groups numbered as there: 2 scheme, 4 authority, 5 path, 7 query, 9 fragment). */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

/** The components of `input` as `rule`; a `UriSyntaxError` if it is not one. */
export function parse(input: string, rule: ComponentRule = 'URI-reference'): UriComponents {
  expectString(input, 'input', 'parse');
  // Rule names are case-insensitive (RFC 5234 2.1), as in the main package.
  const name = ruleName(rule);
  if (name === undefined || !COMPONENT_RULES.includes(name)) throw badRule('parse', `one of ${COMPONENT_RULES.join(', ')}`, rule);
  if (!test(input, name)) throw new UriSyntaxError(input, name, errorIndex(input, name));
  // `.` does not match line ends, which no valid input holds.
  const m = APPENDIX_B.exec(input)!;
  const c: UriComponents = {
    scheme: m[2], authority: m[4], userinfo: undefined, host: undefined, port: undefined,
    path: m[5], query: m[7], fragment: m[9], hostKind: undefined,
  };
  const a = c.authority;
  if (a !== undefined) {
    // Neither userinfo nor host holds an "@"; only an IP-literal host (which ends at its "]") holds a ":".
    const hostStart = a.indexOf('@') + 1;
    if (hostStart > 0) c.userinfo = a.slice(0, hostStart - 1);
    const hostEnd = a[hostStart] === '[' ? a.indexOf(']', hostStart) + 1 : a.indexOf(':', hostStart) >>> 0;
    c.host = a.slice(hostStart, hostEnd);
    if (hostEnd < a.length) c.port = a.slice(hostEnd + 1);
    c.hostKind = kindOf(c.host);
  }
  return c;
}

/**
 * host = IP-literal / IPv4address / reg-name, first match wins on the whole host text (3.2.2);
 * IP-literal = "[" ( IPv6address / IPvFuture ) "]", and IPvFuture begins with "v".
 */
function kindOf(host: string): HostKind {
  if (host[0] === '[') return host[1] === 'v' || host[1] === 'V' ? 'IPvFuture' : 'IPv6address';
  return regexpOf('IPv4address').test(host) ? 'IPv4address' : 'reg-name';
}
