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
 *
 * Both rules read the host as the client will (./clientHost.ts, the WHATWG host parser): to a
 * browser, Node's `URL`, `fetch` and `getaddrinfo` the reg-names `0x7f000001`, `2130706433`,
 * `127.1`, `0177.0.0.1` and `127.0.0.1.` are all 127.0.0.1, and `%6Cocalhost` is `localhost`.
 * `dns` refuses an IPv4 address in any form but dotted decimal on purpose (RFC 3986 reads a name
 * to look up, the client an address: RFC 3986 7.4 warns of exactly this); the private rule judges
 * the address the client reaches, by the one table of special ranges (./specialAddresses.ts).
 */
import type { HostKind } from './components';
import { clientHost, type ClientHost } from './clientHost';
import { embeddedIpv4, ipv4Range, ipv4Text, ipv6Range } from './specialAddresses';

/** A host for a message: as written, cut to 40 characters. */
function shown(host: string): string {
  return host.length > 40 ? `${host.slice(0, 40)}… (${host.length} characters)` : host;
}

/** The reason a `hostSyntax: 'dns'` policy gives for `host`, or undefined when a client resolves it as written (see the header). */
export function dnsHostProblem(host: string, kind: HostKind | undefined, read: ClientHost = clientHost(host)): string | undefined {
  if (kind === 'IPv4address' || kind === 'IPv6address') return undefined;
  const not = (why: string) => `not a host name a client resolves: ${why}`;
  if (kind === 'IPvFuture') return not('an IPvFuture literal ("[v…]") is not an address a client can reach');
  // A reg-name the client reads as an IPv4 address: the two readings name different things.
  if (read.kind === 'ipv4') {
    return `${shown(host)} is ${read.text} to a browser or \`fetch\`, but a name to look up to RFC 3986 (3.2.2, 7.4): write the address in dotted decimal (${read.text})`;
  }
  if (host.includes('%')) return not('a host name cannot be percent-encoded (DNS names are letters, digits, "-" and ".")');
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name.length === 0) return not('the host name is empty');
  if (name.length > 253) return not(`the host name is ${name.length} characters long (at most 253)`);
  const labels = name.split('.');
  for (const label of labels) {
    if (label.length === 0) return not('the host name has an empty label (".." or a leading ".")');
    if (label.length > 63) return not(`a label of the host name is ${label.length} characters long (at most 63)`);
    if (!/^[A-Za-z0-9-]+$/.test(label)) return not(`the host name label ${JSON.stringify(label.length > 20 ? label.slice(0, 20) + '…' : label)} has a character other than letters, digits and "-"`);
    if (label.startsWith('-') || label.endsWith('-')) return not('a label of the host name begins or ends with "-"');
  }
  if (/^[0-9]+$/.test(labels[labels.length - 1])) {
    return not('the last label of the host name is all digits, so a browser or `fetch` reads it as an IPv4 address, and it is not one (four numbers 0-255, or fewer in a number form)');
  }
  if (read.kind === 'failure') return not(`a browser or \`fetch\` refuses it: ${read.why}`);
  return undefined;
}

/**
 * Why `host` reaches this machine, a private network or another address no public server has,
 * as the client reads it (see the header), or undefined: `localhost` and `*.localhost` (RFC 6761
 * 6.3), every IPv4 and IPv6 range the IANA special-purpose registries say is not globally
 * reachable, multicast, and the IPv6 forms that carry such an IPv4 address (mapped, compatible,
 * translated, NAT64, 6to4, Teredo). A DNS name can still resolve to such an address: only a
 * check after resolution catches that (docs/policy.md).
 */
export function privateHostProblem(host: string, kind: HostKind | undefined, read: ClientHost = clientHost(host)): string | undefined {
  if (kind === 'IPvFuture' || read.kind === 'failure') return undefined;
  // Not knowing what the client reaches is no answer a private-host rule may pass.
  if (read.kind === 'unknown') return `${shown(host)} is a name whose IDNA mapping cannot be worked out here, so what a browser or \`fetch\` reaches is not known (${read.why})`;
  const asWritten = host.toLowerCase() === read.text;
  const lead = asWritten ? `${read.text} is` : `${shown(host)} is ${read.text} to a browser or \`fetch\`:`;
  if (read.kind === 'domain') {
    const name = read.text.replace(/\.$/, '');
    return name === 'localhost' || name.endsWith('.localhost') ? `${lead} ${asWritten ? 'a name for' : 'it names'} this machine (localhost, RFC 6761 6.3)` : undefined;
  }
  if (read.kind === 'ipv4') {
    const range = ipv4Range(read.address);
    return range && !range.global ? `${lead} ${range.name} (${range.range}, ${range.source})` : undefined;
  }
  const range = ipv6Range(read.groups);
  if (!range) return undefined;
  if (range.embeds) {
    const v4 = embeddedIpv4(read.groups, range.embeds);
    const inner = ipv4Range(v4);
    if (!inner || inner.global) return undefined;
    if (range.range === '::ffff:0:0/96') {
      return `${shown(host)} is ${ipv4Text(v4)} to a browser or \`fetch\`: ${inner.name} (${inner.range}), written as ${range.name} (${range.range})`;
    }
    const how = range.embeds === 'teredo' ? ' (the Teredo client, its bits inverted)' : '';
    return `${shown(host)} carries ${ipv4Text(v4)}${how}, ${inner.name} (${inner.range}), as ${range.name} (${range.range}, ${range.source})`;
  }
  return range.global ? undefined : `${shown(host)} is ${range.name} (${range.range}, ${range.source})`;
}
