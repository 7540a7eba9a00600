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
import { driver, type RuleName } from './grammar';
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

/** The rules `parse` reads components from. */
export const COMPONENT_RULES = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'] as const;
export type ComponentRule = (typeof COMPONENT_RULES)[number];

/** The components of `input` as `rule`; `UriSyntaxError` if it is not one. */
export function parse(input: string, rule: ComponentRule = 'URI-reference'): UriComponents {
  expectString(input, 'input', 'parse');
  if (!(COMPONENT_RULES as readonly unknown[]).includes(rule)) {
    const got = typeof rule === 'string' ? JSON.stringify(rule) : typeof rule;
    throw new TypeError(`parse: argument "rule" must be one of ${COMPONENT_RULES.join(', ')}, got ${got}`);
  }
  // The one source of the tree: the rest of this file only reads nodes by rule name.
  return fromTree(input, driver.tree(input, rule as RuleName));
}

/**
 * Reads the components off the tree. Only the nodes above the path's segments are looked
 * at: the children of the reference rules, hier-part / relative-part, authority, host and
 * IP-literal. A path node's text is the path; what lies inside it is never visited.
 */
export function fromTree(input: string, root: Node): UriComponents {
  const c: UriComponents = {
    scheme: undefined, authority: undefined, userinfo: undefined, host: undefined, port: undefined,
    path: '', query: undefined, fragment: undefined, hostKind: undefined,
  };
  readChildren(input, root, c);
  return c;
}

/** The recursion only descends the grammar's fixed nesting (at most three levels), never the input. */
function readChildren(input: string, node: Node, c: UriComponents): void {
  const kids = node.children;
  for (let k = 0; k < kids.length; k++) {
    const n = kids[k];
    switch (n.rule) {
      case 'URI': case 'relative-ref': case 'hier-part': case 'relative-part':
        readChildren(input, n, c);
        break;
      case 'scheme': c.scheme = input.slice(n.start, n.end); break;
      case 'authority': readAuthority(input, n, c); break;
      case 'path-abempty': case 'path-absolute': case 'path-noscheme': case 'path-rootless': case 'path-empty':
        c.path = input.slice(n.start, n.end);
        break;
      case 'query': c.query = input.slice(n.start, n.end); break;
      case 'fragment': c.fragment = input.slice(n.start, n.end); break;
    }
  }
}

// authority = [ userinfo "@" ] host [ ":" port ]
function readAuthority(input: string, authority: Node, c: UriComponents): void {
  c.authority = input.slice(authority.start, authority.end);
  for (const n of authority.children) {
    if (n.rule === 'userinfo') c.userinfo = input.slice(n.start, n.end);
    else if (n.rule === 'port') c.port = input.slice(n.start, n.end);
    else if (n.rule === 'host') {
      c.host = input.slice(n.start, n.end);
      c.hostKind = hostKind(c.host, n);
    }
  }
}

// host = IP-literal / IPv4address / reg-name;  IP-literal = "[" ( IPv6address / IPvFuture ) "]"
function hostKind(text: string, host: Node): HostKind {
  const alt = host.children[0];
  if (alt === undefined) return classify(text); // a tree without the host's alternatives
  if (alt.rule === 'IP-literal') {
    const inner = alt.children[0];
    if (inner === undefined) return classify(text);
    return inner.rule === 'IPvFuture' ? 'IPvFuture' : 'IPv6address';
  }
  return alt.rule === 'IPv4address' ? 'IPv4address' : 'reg-name';
}

/** First match wins on the host text, for a tree builder that gives no nodes below `host`. */
function classify(text: string): HostKind {
  if (text.startsWith('[')) return text[1] === 'v' || text[1] === 'V' ? 'IPvFuture' : 'IPv6address';
  return driver.test(text, 'IPv4address') ? 'IPv4address' : 'reg-name';
}
