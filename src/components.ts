/**
 * RFC 3986 section 3: the components of a URI reference, read from its parse tree.
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
import { driver } from './grammar';
import { capturerKey } from './engine/driver';
import { RFC3986_CAPTURERS } from './generated/rfc3986Derived';
import { LONG } from './engine/limits';
import { expectString } from './errors';
import type { Node } from './engine/tree';

/** Which alternative of `host` matched (first match wins, RFC 3986 3.2.2). */
export type HostKind = 'IPv4address' | 'IPv6address' | 'IPvFuture' | 'reg-name';

export interface UriComponents {
  scheme: string | undefined;
  /** `[ userinfo "@" ] host [ ":" port ]` as written; `''` for `file:///x`. */
  authority: string | undefined;
  userinfo: string | undefined;
  /** The `host` text; an IP-literal keeps its brackets (`[::1]`). */
  host: string | undefined;
  /** The digits as written (`port = *DIGIT`: may be `''`, may have leading zeros). */
  port: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
  hostKind: HostKind | undefined;
}

/** Every component absent, the path empty: what a parse fills in. */
const noComponents = (): UriComponents => ({
  scheme: undefined, authority: undefined, userinfo: undefined, host: undefined, port: undefined,
  path: '', query: undefined, fragment: undefined, hostKind: undefined,
});

/** The rules `parse` reads components from. */
export const COMPONENT_RULES = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'] as const;
export type ComponentRule = (typeof COMPONENT_RULES)[number];

/**
 * The tree `parse` reads: nodes for the rules that carry a component and for the host's
 * alternatives, nothing above or below them (no `authority` or `host` wrapper, no segments).
 * Fewer nodes, the same first-match-wins parse: the components are the same as those of the
 * full tree (test/fastpaths.test.ts checks that).
 */
export const COMPONENT_NODES: ReadonlySet<string> = new Set([
  'scheme', 'userinfo', 'IP-literal', 'IPvFuture', 'IPv4address', 'reg-name', 'port',
  'path-abempty', 'path-absolute', 'path-noscheme', 'path-rootless', 'path-empty', 'query', 'fragment',
]);

/** The components of `input` as `rule`; `UriSyntaxError` if it is not one. */
export function parse(input: string, rule: ComponentRule = 'URI-reference'): UriComponents {
  expectString(input, 'input', 'parse');
  if (!(COMPONENT_RULES as readonly unknown[]).includes(rule)) {
    const got = typeof rule === 'string' ? JSON.stringify(rule) : typeof rule;
    throw new TypeError(`parse: argument "rule" must be one of ${COMPONENT_RULES.join(', ')}, got ${got}`);
  }
  let p = parsers.get(rule);
  if (!p) parsers.set(rule, (p = compileParser(rule, CAPTURED)));
  return p(input);
}

const parsers = new Map<ComponentRule, (input: string) => UriComponents>();

/**
 * The five components reference resolution reads (RFC 3986 5.2.1: scheme, authority, path,
 * query, fragment), for a valid `input`; the others are left undefined. A `UriSyntaxError`
 * as `parse` for an invalid one. The same parse with fewer groups, for `resolve`.
 */
export function parseFive(input: string, rule: 'URI' | 'URI-reference'): UriComponents {
  let p = fiveParsers.get(rule);
  if (!p) fiveParsers.set(rule, (p = compileParser(rule, FIVE)));
  return p(input);
}

const fiveParsers = new Map<ComponentRule, (input: string) => UriComponents>();
const FIVE: ReadonlySet<string> = new Set([
  'scheme', 'authority', 'path-abempty', 'path-absolute', 'path-noscheme', 'path-rootless', 'path-empty', 'query', 'fragment',
]);

/**
 * The component rules as capture groups. None of them repeats within a match, so a group
 * holds the text of its rule's one node; the host alternatives are told apart from the host
 * text below. Inputs shorter than LONG get this one RegExp (derived from the grammar, like
 * every form of it: see src/engine/regexp.ts); longer ones the `COMPONENT_NODES` parse.
 */
const CAPTURED: ReadonlySet<string> = new Set([
  'scheme', 'authority', 'userinfo', 'host', 'port',
  'path-abempty', 'path-absolute', 'path-noscheme', 'path-rootless', 'path-empty', 'query', 'fragment',
]);

function compileParser(rule: ComponentRule, captured: ReadonlySet<string>): (input: string) => UriComponents {
  // Its RegExp source as generated at build time (npm run generate), when it was.
  const { exec, names } = driver.capturer(rule, captured, RFC3986_CAPTURERS[capturerKey(rule, captured)]);
  const fields = names.map((n) => (n.startsWith('path-') ? 'path' : n) as Exclude<keyof UriComponents, 'hostKind'>);
  let nodes: ((input: string) => Node[] | undefined) | undefined; // compiled on the first long input
  return (input) => {
    if (input.length >= LONG) return fromNodes(input, (nodes ??= driver.parser(rule, COMPONENT_NODES))(input) ?? driver.fail(input, rule));
    const m = exec(input);
    if (m === null) return driver.fail(input, rule);
    const c = noComponents();
    for (let k = 1; k < m.length; k++) if (m[k] !== undefined) c[fields[k - 1]] = m[k];
    if (c.host !== undefined) c.hostKind = kindOf(c.host);
    return c;
  };
}

/**
 * host = IP-literal / IPv4address / reg-name, first match wins on the whole host text (3.2.2);
 * IP-literal = "[" ( IPv6address / IPvFuture ) "]", and IPvFuture begins with "v".
 */
function kindOf(host: string): HostKind {
  const c = host.charCodeAt(0);
  if (c === 0x5b) return host[1] === 'v' || host[1] === 'V' ? 'IPvFuture' : 'IPv6address';
  return c >= 0x30 && c <= 0x39 && isIPv4(host) ? 'IPv4address' : 'reg-name';
}

let ipv4: ((input: string) => boolean) | undefined;
const isIPv4 = (host: string): boolean => (ipv4 ??= driver.tester('IPv4address'))(host); // on first use, not at require

/**
 * Reads the components off the nodes of a `COMPONENT_NODES` parse, in input order.
 *
 *   authority = [ userinfo "@" ] host [ ":" port ]
 *   host      = IP-literal / IPv4address / reg-name
 *
 * The authority is there exactly when a host alternative is (`host` cannot be absent from
 * `authority`, and appears nowhere else); it spans from its userinfo, or its host, to its
 * port, or its host.
 */
export function fromNodes(input: string, nodes: readonly Node[]): UriComponents {
  const c = noComponents();
  let authorityStart = -1;
  let authorityEnd = -1;
  for (let k = 0; k < nodes.length; k++) {
    const n = nodes[k];
    const text = input.slice(n.start, n.end);
    switch (n.rule) {
      case 'scheme': c.scheme = text; break;
      case 'userinfo': c.userinfo = text; authorityStart = n.start; break;
      case 'IP-literal': case 'IPv4address': case 'reg-name':
        c.host = text;
        // IP-literal = "[" ( IPv6address / IPvFuture ) "]": an IPvFuture is a node here; an
        // IPv6address is not, though its ls32 may hold an IPv4address node.
        c.hostKind = n.rule !== 'IP-literal' ? n.rule : n.children[0]?.rule === 'IPvFuture' ? 'IPvFuture' : 'IPv6address';
        if (authorityStart < 0) authorityStart = n.start;
        authorityEnd = n.end;
        break;
      case 'port': c.port = text; authorityEnd = n.end; break;
      case 'query': c.query = text; break;
      case 'fragment': c.fragment = text; break;
      default: c.path = text; // one of the five path rules
    }
  }
  if (authorityEnd >= 0) c.authority = input.slice(authorityStart, authorityEnd);
  return c;
}
