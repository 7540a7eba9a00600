/**
 * RFC 3986 5.3, Component Recomposition.
 *
 *   result = ""
 *   if defined(scheme) then append scheme to result; append ":" to result;
 *   if defined(authority) then append "//" to result; append authority to result;
 *   append path to result;
 *   if defined(query) then append "?" to result; append query to result;
 *   if defined(fragment) then append "#" to result; append fragment to result;
 *
 * The pseudocode trusts its input. Components that would not read back as themselves get a
 * `UriSyntaxError` saying which one and why, never a string that means something else: each
 * component must match its own rule, and the path must match the one alternative of
 * hier-part / relative-part the other components leave it (3.3).
 */
import { driver, type RuleName } from './rules';
import { UriSyntaxError, foundAt } from './errors';
import { readOptions } from '../engine/options';
import { hidePassword, redactedError } from './redact';
import type { UriComponents } from './components';

/** What `recompose` takes: any of the components; `path` defaults to `''`; `hostKind` is not read. */
export type ComponentsInput = Partial<Readonly<UriComponents>>;

/**
 * The fields `recompose` reads (own properties only, each read once: see ../engine/options.ts);
 * `hostKind` is allowed so that `recompose(parse(s))` works, and not read.
 */
export const FIELDS = {
  scheme: 'string', authority: 'string', userinfo: 'string', host: 'string', port: 'string',
  path: 'string', query: 'string', fragment: 'string',
  hostKind: ['IPv4address', 'IPv6address', 'IPvFuture', 'reg-name'],
} as const;

/**
 * The URI reference whose components these are. Every field is read once into a local, and
 * the locals are what is checked and what is joined: a getter that changes its answer cannot
 * get one text checked and another returned.
 */
export function recompose(components: ComponentsInput): string {
  if (components === undefined) throw new TypeError('recompose: argument "components" must be an object, got undefined');
  const c = readOptions('recompose', components, FIELDS, { argument: 'components', field: 'component' });
  const { scheme, query, fragment } = c;
  const path = c.path ?? '';
  const authority = authorityOf(c.userinfo, c.host, c.port, c.authority);

  if (scheme !== undefined) check(scheme, 'scheme', 'scheme');
  if (query !== undefined) check(query, 'query', 'query');
  if (fragment !== undefined) check(fragment, 'fragment', 'fragment');
  checkPath(path, scheme !== undefined, authority !== undefined);

  return recomposeTrusted(scheme, authority, path, query, fragment);
}

/**
 * A path that dot-segment removal made, as 5.3 may write it: without an authority a path must
 * not begin with "//" (3.3), which 5.3 would read back as an authority (`a:b` + `.//g` gives path
 * `//g`, and `a://g` would be wrong). There the path is prefixed with "/.", the smallest prefix
 * that keeps the components and that remove_dot_segments takes away again (`a:/.//g`); this is
 * the corpus's and uriparser's choice.
 */
export function recomposablePath(path: string, hasAuthority: boolean): string {
  return !hasAuthority && path.charCodeAt(0) === 0x2f && path.charCodeAt(1) === 0x2f ? '/.' + path : path;
}

/** authority = [ userinfo "@" ] host [ ":" port ] */
export function authorityText(userinfo: string | undefined, host: string, port: string | undefined): string {
  return (userinfo !== undefined ? userinfo + '@' : '') + host + (port !== undefined ? ':' + port : '');
}

/** The 5.3 pseudocode itself, for components already known to read back as themselves. */
export function recomposeTrusted(
  scheme: string | undefined, authority: string | undefined, path: string, query: string | undefined, fragment: string | undefined,
): string {
  let result = '';
  if (scheme !== undefined) result += scheme + ':';
  if (authority !== undefined) result += '//' + authority;
  result += path;
  if (query !== undefined) result += '?' + query;
  if (fragment !== undefined) result += '#' + fragment;
  return result;
}

/**
 * authority = [ userinfo "@" ] host [ ":" port ]
 * Built from userinfo / host / port when a host is given (and then it must agree with an
 * `authority` given too: `parse` gives both); otherwise the `authority` as given.
 */
function authorityOf(
  userinfo: string | undefined, host: string | undefined, port: string | undefined, authority: string | undefined,
): string | undefined {
  if (host === undefined) {
    if (userinfo !== undefined) fail('userinfo', userinfo, 'userinfo', 0, [], 'userinfo is given without a host (authority = [ userinfo "@" ] host [ ":" port ])');
    if (port !== undefined) fail('port', port, 'port', 0, [], 'port is given without a host (authority = [ userinfo "@" ] host [ ":" port ])');
    if (authority !== undefined) check(authority, 'authority', 'authority');
    return authority;
  }
  if (userinfo !== undefined) check(userinfo, 'userinfo', 'userinfo');
  check(host, 'host', 'host');
  if (port !== undefined) check(port, 'port', 'port');
  const built = authorityText(userinfo, host, port);
  if (authority !== undefined && authority !== built) {
    fail('authority', authority, 'authority', 0, [],
      `authority ${JSON.stringify(hidePassword(authority, 'authority'))} disagrees with userinfo/host/port, which give ${JSON.stringify(hidePassword(built, 'authority'))}`);
  }
  return built;
}

/**
 * 3.3: "If a URI contains an authority component, then the path component must either be
 * empty or begin with a slash ("/") character. If a URI does not contain an authority
 * component, then the path cannot begin with two slash characters ("//"). In addition, a
 * URI reference (Section 4.1) may be a relative-path reference, in which case the first
 * path segment cannot contain a colon (":") character."
 */
function checkPath(path: string, hasScheme: boolean, hasAuthority: boolean): void {
  if (path === '') return; // path-abempty and path-empty both match it
  // The one alternative of hier-part / relative-part that the other components leave.
  const rule: RuleName = hasAuthority ? 'path-abempty' : path[0] === '/' ? 'path-absolute' : hasScheme ? 'path-rootless' : 'path-noscheme';
  const v = driver.verdict(path, rule);
  if (v.ok) return;
  let why = `not a valid ${rule}`;
  if (hasAuthority && path[0] !== '/') why = 'with an authority, the path must be empty or begin with "/"';
  else if (rule === 'path-absolute' && path[1] === '/') why = 'without an authority, the path cannot begin with "//" (it would be read as an authority)';
  else if (rule === 'path-noscheme' && path[v.index] === ':') why = 'without a scheme or authority, the first segment cannot contain ":" (it would be read as a scheme)';
  fail('path', path, rule, v.index, v.expected, `${why}; at offset ${v.index}, ${foundAt(path, v.index)}`);
}

/** The component must match its own rule. */
function check(value: string, component: string, rule: RuleName): void {
  const v = driver.verdict(value, rule);
  if (!v.ok) fail(component, value, rule, v.index, v.expected, `not a valid ${rule}: at offset ${v.index}, ${foundAt(value, v.index)}`);
}

/**
 * The error for a component. A userinfo or authority may hold a password: it is hidden in
 * everything the error carries (see ./redact.ts), and `why` must not show the value itself.
 */
function fail(component: string, value: string, rule: string, index: number, expected: readonly string[], why: string): never {
  const e = new UriSyntaxError(value, rule, index, expected, `recompose: component "${component}" cannot be recomposed: ${why}`);
  if (component !== 'userinfo' && component !== 'authority') throw e;
  throw redactedError(value, e, component, (where, at) => `recompose: component "${component}" cannot be recomposed: ${
    why.includes('at offset') ? `not a valid ${rule}: at offset ${at}, ${where}` : why}`);
}

