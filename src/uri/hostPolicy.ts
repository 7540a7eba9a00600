/**
 * Host rules of a policy, on top of the grammar's `host` (RFC 3986 3.2.2): which hosts an HTTP
 * client can actually reach, and which name this machine or a private network as written.
 *
 * RFC 3986's `reg-name` is any run of unreserved, sub-delims and percent-encodings: `1.2.3.4.5`,
 * `-bad-.com`, `...` and `ex%20ample.com` are valid reg-names, and `[v1.x]` a valid IPvFuture, but
 * no resolver takes them. `dns` keeps what a client uses (RFC 1123 2.1, RFC 952, RFC 3696 2):
 *   - a DNS name: labels of letters, digits and "-" (LDH), 1 to 63 characters each, not beginning
 *     or ending with "-", at most 253 characters in all, no empty label but an optional final
 *     root dot, and a last label that is not all digits (it would read as an IPv4 address);
 *   - an IPv4 address in dotted decimal (the grammar's `IPv4address`: four dec-octets);
 *   - an IPv6 literal in brackets (no IPvFuture).
 * No percent-encoding anywhere (a reg-name's `%` triplets are not DNS).
 */
import type { HostKind } from './components';

/** Why `host` is not a host a client resolves, or undefined when it is (see the header). */
export function dnsHostProblem(host: string, kind: HostKind | undefined): string | undefined {
  if (kind === 'IPv4address' || kind === 'IPv6address') return undefined;
  if (kind === 'IPvFuture') return 'an IPvFuture literal ("[v…]") is not an address a client can reach';
  if (host.includes('%')) return 'a host name cannot be percent-encoded (DNS names are letters, digits, "-" and ".")';
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name.length === 0) return 'the host name is empty';
  if (name.length > 253) return `the host name is ${name.length} characters long (at most 253)`;
  const labels = name.split('.');
  for (const label of labels) {
    if (label.length === 0) return 'the host name has an empty label (".." or a leading ".")';
    if (label.length > 63) return `a label of the host name is ${label.length} characters long (at most 63)`;
    if (!/^[A-Za-z0-9-]+$/.test(label)) return `the host name label ${JSON.stringify(label.length > 20 ? label.slice(0, 20) + '…' : label)} has a character other than letters, digits and "-"`;
    if (label.startsWith('-') || label.endsWith('-')) return 'a label of the host name begins or ends with "-"';
  }
  if (/^[0-9]+$/.test(labels[labels.length - 1])) return 'the last label of the host name is all digits: not a DNS name, and not an IPv4 address in dotted decimal (four numbers 0-255)';
  return undefined;
}

/** An IPv4 address's four numbers, or undefined. */
function ipv4(text: string): number[] | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return undefined;
  const n = m.slice(1).map(Number);
  return n.every((x) => x <= 255) ? n : undefined;
}

/** Which private or local range an IPv4 address is in (RFC 1122, 1918, 3927, 6598), or undefined. */
function privateIpv4([a, b]: number[]): string | undefined {
  if (a === 127) return 'a loopback address (127.0.0.0/8)';
  if (a === 0) return 'an unspecified address (0.0.0.0/8)';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'a private address (RFC 1918)';
  if (a === 169 && b === 254) return 'a link-local address (169.254.0.0/16)';
  if (a === 100 && b >= 64 && b <= 127) return 'a shared (CGNAT) address (100.64.0.0/10)';
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (no brackets, no zone), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  let s = text.toLowerCase();
  const tail: number[] = [];
  const dot = s.lastIndexOf(':');
  const v4 = ipv4(s.slice(dot + 1));
  if (v4) {
    tail.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
    s = s.slice(0, dot + 1) + '0'; // a placeholder group, dropped below
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const part = (h: string) => (h === '' ? [] : h.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  let head = part(halves[0]);
  let rest = halves.length === 2 ? part(halves[1]) : [];
  if (v4) {
    if (halves.length === 2 && rest.length > 0) rest = rest.slice(0, -1);
    else head = head.slice(0, -1);
  }
  const given = head.length + rest.length + tail.length;
  if ([...head, ...rest].some(Number.isNaN) || given > 8 || (halves.length === 1 && given !== 8)) return undefined;
  return [...head, ...Array(8 - given).fill(0), ...rest, ...tail];
}

/**
 * Why `host` names this machine or a private network as written, or undefined: `localhost` and
 * `*.localhost` (RFC 6761 6.3), IPv4 loopback, private, link-local, shared (CGNAT) and
 * unspecified ranges, IPv6 `::1`, `::`, unique local `fc00::/7`, link-local `fe80::/10`, and the
 * IPv4-mapped (`::ffff:a.b.c.d`, also in hex) and IPv4-compatible (`::a.b.c.d`) forms of private
 * IPv4 addresses. A DNS name can still resolve to such an address: only a check after
 * resolution catches that (docs/policy.md).
 */
export function privateHostProblem(host: string, kind: HostKind | undefined): string | undefined {
  if (kind === 'reg-name') {
    const name = host.toLowerCase().replace(/\.$/, '');
    return name === 'localhost' || name.endsWith('.localhost') ? 'it names this machine (localhost)' : undefined;
  }
  if (kind === 'IPv4address') {
    const why = privateIpv4(ipv4(host)!);
    return why && `it is ${why}`;
  }
  if (kind !== 'IPv6address') return undefined;
  const g = ipv6Groups(host.slice(1, -1));
  if (!g) return undefined;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(7) && g[7] === 1) return 'it is the IPv6 loopback address (::1)';
  if (zeros(8)) return 'it is the IPv6 unspecified address (::)';
  if ((g[0] & 0xfe00) === 0xfc00) return 'it is an IPv6 unique local address (fc00::/7)';
  if ((g[0] & 0xffc0) === 0xfe80) return 'it is an IPv6 link-local address (fe80::/10)';
  // ::ffff:a.b.c.d (IPv4-mapped, RFC 4291 2.5.5.2) and ::a.b.c.d (IPv4-compatible, deprecated).
  if (zeros(5) && (g[5] === 0xffff || g[5] === 0)) {
    const v4 = [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff];
    const why = privateIpv4(v4);
    if (why) return `it is ${why} written as IPv6 (${g[5] === 0xffff ? 'IPv4-mapped' : 'IPv4-compatible'})`;
  }
  return undefined;
}
