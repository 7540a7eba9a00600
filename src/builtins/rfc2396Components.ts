/**
 * The components of an RFC 2396 URI-reference, read off its first-match tree.
 *
 *   URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
 *   absoluteURI   = scheme ":" ( hier_part | opaque_part )
 *   relativeURI   = ( net_path | abs_path | rel_path ) [ "?" query ]
 *   hier_part     = ( net_path | abs_path ) [ "?" query ]
 *   net_path      = "//" authority [ abs_path ]
 *   authority     = server | reg_name
 *   server        = [ [ userinfo "@" ] hostport ]
 *   hostport      = host [ ":" port ]
 *   host          = hostname | IPv4address
 *
 * Absent and empty are kept apart as for RFC 3986 (5.3): a component whose rule did not
 * take part in the parse is `undefined`; one that matched nothing is `''`. Two differences
 * from RFC 3986 follow from the grammar itself:
 * - `opaque_part` has no query component: in `mailto:a?subject=b` the `?subject=b` is part
 *   of the opaque path (`uric_no_slash` and `uric` include "?").
 * - `authority = server | reg_name`: when the authority is a `reg_name` (first match: only
 *   when no `server` matches all of it, as in `a@b@c` or `my_host`) the whole authority is
 *   the registry name: `host` is that text, `hostKind` is `'reg_name'`, and there is no
 *   userinfo or port. An empty `server` (`file:///x`) is an empty authority with no host.
 */
import type { Node } from '../engine/tree';

export type Rfc2396HostKind = 'hostname' | 'IPv4address' | 'reg_name';
export type Rfc2396PathRule = 'abs_path' | 'rel_path' | 'opaque_part';

export interface Rfc2396Components {
  scheme?: string;
  authority?: string;
  userinfo?: string;
  /** The `host` text, or the whole authority when it is a `reg_name`. */
  host?: string;
  hostKind?: Rfc2396HostKind;
  port?: string;
  /** Always a string: `''` when the reference has no path. */
  path: string;
  /** Which rule the path is: `abs_path`, `rel_path` or `opaque_part`; absent for an empty path. */
  pathRule?: Rfc2396PathRule;
  query?: string;
  fragment?: string;
}

type AnyNode = Node<string>;

function child(node: AnyNode | undefined, rule: string): AnyNode | undefined {
  return node?.children.find((c) => c.rule === rule);
}

/** Components of the first-match tree of `input` as `URI-reference` (or `absoluteURI`, `relativeURI`). */
export function rfc2396ComponentsOf(tree: AnyNode, input: string): Rfc2396Components {
  const text = (n: AnyNode | undefined) => (n ? input.slice(n.start, n.end) : undefined);
  const out: Rfc2396Components = { path: '' };

  const top = tree.rule === 'URI-reference' ? tree : { rule: 'URI-reference', start: tree.start, end: tree.end, children: [tree] };
  const absolute = child(top, 'absoluteURI');
  const relative = child(top, 'relativeURI');
  const fragment = child(top, 'fragment');
  if (fragment) out.fragment = text(fragment);

  // The part that may hold net_path / abs_path / rel_path and a query.
  let hier: AnyNode | undefined;
  if (absolute) {
    out.scheme = text(child(absolute, 'scheme'));
    const opaque = child(absolute, 'opaque_part');
    if (opaque) {
      out.path = text(opaque)!;
      out.pathRule = 'opaque_part';
    }
    hier = child(absolute, 'hier_part');
  } else hier = relative;
  if (!hier) return clean(out);

  const net = child(hier, 'net_path');
  const path = child(net ?? hier, 'abs_path') ?? child(hier, 'rel_path');
  if (path) {
    out.path = text(path)!;
    out.pathRule = path.rule as Rfc2396PathRule;
  }
  const query = child(hier, 'query');
  if (query) out.query = text(query);

  const authority = child(net, 'authority');
  if (authority) {
    out.authority = text(authority);
    const regName = child(authority, 'reg_name');
    if (regName) {
      out.host = text(regName);
      out.hostKind = 'reg_name';
    }
    const hostport = child(child(authority, 'server'), 'hostport');
    if (hostport) {
      const server = child(authority, 'server')!;
      const userinfo = child(server, 'userinfo');
      // `[ userinfo "@" ]` took part even when userinfo is empty: the "@" is there.
      if (userinfo) out.userinfo = text(userinfo);
      else if (input[hostport.start - 1] === '@' && hostport.start > server.start) out.userinfo = '';
      const host = child(hostport, 'host')!;
      out.host = text(host);
      const kind = child(host, 'hostname') ?? child(host, 'IPv4address');
      if (kind) out.hostKind = kind.rule as Rfc2396HostKind;
      const port = child(hostport, 'port');
      if (port) out.port = text(port);
      else if (input[host.end] === ':' && host.end < hostport.end) out.port = '';
    }
  }
  return clean(out);
}

/** Drops the keys left undefined, so that `toEqual` and `in` read absent as absent. */
function clean(c: Rfc2396Components): Rfc2396Components {
  for (const k of Object.keys(c) as Array<keyof Rfc2396Components>) if (c[k] === undefined) delete c[k];
  return c;
}
