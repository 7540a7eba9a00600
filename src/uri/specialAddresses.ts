/**
 * Special-purpose address ranges, the one table the private-host rule reads.
 *
 * Source: the IANA IPv4 Special-Purpose Address Registry
 * (https://www.iana.org/assignments/iana-ipv4-special-registry/) and the IANA IPv6
 * Special-Purpose Address Registry (https://www.iana.org/assignments/iana-ipv6-special-registry/),
 * RFC 6890 and its updates: each row is a registry entry with its "Globally Reachable" column.
 * Rows that are globally reachable and lie inside no other row (AS112, AMT, ...) are left out:
 * they change no answer. Added from other registries, each with its source: multicast (IPv4
 * Multicast Address Space Registry, RFC 5771; RFC 4291 2.7), IPv6 site-local (RFC 3879) and the
 * IPv6 forms that carry an IPv4 address (RFC 4291 2.5.5, RFC 2765 4.1).
 *
 * A row that embeds an IPv4 address is judged by that address (`embeds` says where it is): the
 * client's operating system, a NAT64 gateway, a 6to4 or Teredo relay delivers it there.
 */

/** Where an IPv6 row carries an IPv4 address. */
export type Embedding = 'last32' | '6to4' | 'teredo';

export interface AddressRange {
  /** `127.0.0.0/8`, `2002::/16`: the row as the registry writes it. */
  readonly range: string;
  /** What the range is, as a noun phrase for a message: `a loopback address`. */
  readonly name: string;
  /** The RFC that defines it. */
  readonly source: string;
  /** The registry's "Globally Reachable": false for an address no public server has. */
  readonly global: boolean;
  /** An IPv6 form that carries an IPv4 address: judged by that address. */
  readonly embeds?: Embedding;
}

type Row = readonly [range: string, name: string, source: string, global: boolean, embeds?: Embedding];

/** IANA IPv4 Special-Purpose Address Registry, then multicast (RFC 5771). */
const IPV4: readonly Row[] = [
  ['0.0.0.0/8', 'an address of "this network" (a client connects to this machine)', 'RFC 791 3.2', false],
  ['0.0.0.0/32', 'the unspecified address, "this host" (a client connects to this machine)', 'RFC 1122 3.2.1.3', false],
  ['10.0.0.0/8', 'a private address (RFC 1918)', 'RFC 1918', false],
  ['100.64.0.0/10', 'a shared (CGNAT) address', 'RFC 6598', false],
  ['127.0.0.0/8', 'a loopback address', 'RFC 1122 3.2.1.3', false],
  ['169.254.0.0/16', 'a link-local address, where cloud metadata services live', 'RFC 3927', false],
  ['172.16.0.0/12', 'a private address (RFC 1918)', 'RFC 1918', false],
  ['192.0.0.0/24', 'an IETF protocol assignment', 'RFC 6890 2.1', false],
  ['192.0.0.0/29', 'an IPv4 service continuity address (DS-Lite)', 'RFC 7335', false],
  ['192.0.0.8/32', 'the IPv4 dummy address', 'RFC 7600', false],
  ['192.0.0.9/32', 'the Port Control Protocol anycast address', 'RFC 7723', true],
  ['192.0.0.10/32', 'the TURN anycast address', 'RFC 8155', true],
  ['192.0.0.170/32', 'a NAT64/DNS64 discovery address', 'RFC 8880', false],
  ['192.0.0.171/32', 'a NAT64/DNS64 discovery address', 'RFC 8880', false],
  ['192.0.2.0/24', 'a documentation address (TEST-NET-1)', 'RFC 5737', false],
  ['192.168.0.0/16', 'a private address (RFC 1918)', 'RFC 1918', false],
  ['198.18.0.0/15', 'a benchmarking address, which local proxies also use', 'RFC 2544', false],
  ['198.51.100.0/24', 'a documentation address (TEST-NET-2)', 'RFC 5737', false],
  ['203.0.113.0/24', 'a documentation address (TEST-NET-3)', 'RFC 5737', false],
  ['224.0.0.0/4', 'a multicast address', 'RFC 5771', false],
  ['240.0.0.0/4', 'a reserved address', 'RFC 1112 4', false],
  ['255.255.255.255/32', 'the limited broadcast address', 'RFC 919 7', false],
];

/** IANA IPv6 Special-Purpose Address Registry, then the embedding forms, site-local and multicast. */
const IPV6: readonly Row[] = [
  ['::1/128', 'the IPv6 loopback address', 'RFC 4291 2.5.3', false],
  ['::/128', 'the IPv6 unspecified address (a client connects to this machine)', 'RFC 4291 2.5.2', false],
  ['::ffff:0:0/96', 'an IPv4-mapped IPv6 address', 'RFC 4291 2.5.5.2', false, 'last32'],
  ['::/96', 'an IPv4-compatible IPv6 address (deprecated form)', 'RFC 4291 2.5.5.1', false, 'last32'],
  ['::ffff:0:0:0/96', 'an IPv4-translated (SIIT) IPv6 address', 'RFC 2765 4.1', false, 'last32'],
  ['64:ff9b::/96', 'a NAT64 well-known-prefix address', 'RFC 6052 2.1', true, 'last32'],
  ['64:ff9b:1::/48', 'a local-use NAT64 address', 'RFC 8215', false],
  ['100::/64', 'a discard-only address', 'RFC 6666', false],
  ['100:0:0:1::/64', 'a dummy IPv6 prefix address', 'RFC 9780', false],
  ['2001::/23', 'an IETF protocol assignment', 'RFC 2928', false],
  ['2001::/32', 'a Teredo address', 'RFC 4380', true, 'teredo'],
  ['2001:1::1/128', 'the Port Control Protocol anycast address', 'RFC 7723', true],
  ['2001:1::2/128', 'the TURN anycast address', 'RFC 8155', true],
  ['2001:1::3/128', 'the DNS-SD service registration protocol anycast address', 'RFC 9665', true],
  ['2001:2::/48', 'a benchmarking address', 'RFC 5180', false],
  ['2001:3::/32', 'an AMT address', 'RFC 7450', true],
  ['2001:4:112::/48', 'an AS112-v6 address', 'RFC 7535', true],
  ['2001:10::/28', 'a deprecated ORCHID address', 'RFC 4843', false],
  ['2001:20::/28', 'an ORCHIDv2 address', 'RFC 7343', true],
  ['2001:30::/28', 'a drone remote ID (DET) address', 'RFC 9374', true],
  ['2001:db8::/32', 'a documentation address', 'RFC 3849', false],
  ['2002::/16', 'a 6to4 address', 'RFC 3056', true, '6to4'],
  ['3fff::/20', 'a documentation address', 'RFC 9637', false],
  ['5f00::/16', 'a segment routing (SRv6) SID', 'RFC 9602', false],
  ['fc00::/7', 'an IPv6 unique local address', 'RFC 4193', false],
  ['fe80::/10', 'an IPv6 link-local address', 'RFC 4291 2.5.6', false],
  ['fec0::/10', 'an IPv6 site-local address (deprecated)', 'RFC 3879', false],
  ['ff00::/8', 'an IPv6 multicast address', 'RFC 4291 2.7', false],
];

interface Entry4 extends AddressRange { readonly prefix: number; readonly bits: number }
interface Entry6 extends AddressRange { readonly prefix: bigint; readonly bits: number }

const entry = ([range, name, source, global, embeds]: Row): AddressRange => (embeds ? { range, name, source, global, embeds } : { range, name, source, global });

/** Most specific first: the first row that holds an address is the one that describes it. */
const TABLE4: readonly Entry4[] = IPV4.map((r) => {
  const [text, bits] = r[0].split('/');
  return { ...entry(r), prefix: ipv4Number(text)!, bits: Number(bits) };
}).sort((a, b) => b.bits - a.bits);
const TABLE6: readonly Entry6[] = IPV6.map((r) => {
  const [text, bits] = r[0].split('/');
  return { ...entry(r), prefix: ipv6Number(ipv6Groups(text)!), bits: Number(bits) };
}).sort((a, b) => b.bits - a.bits);

/** The ranges as rows (for docs and tests). */
export const SPECIAL_RANGES: { readonly ipv4: readonly AddressRange[]; readonly ipv6: readonly AddressRange[] } = Object.freeze({
  ipv4: Object.freeze(IPV4.map(entry)),
  ipv6: Object.freeze(IPV6.map(entry)),
});

/** The most specific row that holds the IPv4 address `n` (a 32-bit number), or undefined. */
export function ipv4Range(n: number): AddressRange | undefined {
  // `>>> 0` keeps the numbers unsigned; a shift of 32 is no shift in JavaScript, so /0 never occurs here.
  return TABLE4.find((e) => e.bits === 32 ? n >>> 0 === e.prefix : n >>> (32 - e.bits) === e.prefix >>> (32 - e.bits));
}

/** The most specific row that holds the IPv6 address with these eight groups, or undefined. */
export function ipv6Range(groups: readonly number[]): AddressRange | undefined {
  const n = ipv6Number(groups);
  return TABLE6.find((e) => n >> BigInt(128 - e.bits) === e.prefix >> BigInt(128 - e.bits));
}

/** The IPv4 address an IPv6 address of an embedding row carries. */
export function embeddedIpv4(groups: readonly number[], how: Embedding): number {
  const at = (i: number) => ((groups[i] << 16) | groups[i + 1]) >>> 0;
  if (how === '6to4') return at(1); // 2002:V4HI:V4LO::/48 (RFC 3056 2)
  if (how === 'teredo') return (at(6) ^ 0xffffffff) >>> 0; // the client's address, every bit inverted (RFC 4380 4)
  return at(6);
}

/** `a.b.c.d` of a 32-bit number. */
export function ipv4Text(n: number): string {
  return [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff].join('.');
}

/** The 32-bit number of dotted decimal `a.b.c.d` (each 0-255, no leading zero), or undefined. */
export function ipv4Number(text: string): number | undefined {
  const m = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.exec(text);
  return m ? (((+m[1] << 24) | (+m[2] << 16) | (+m[3] << 8) | +m[4]) >>> 0) : undefined;
}

/** The eight 16-bit groups of an RFC 4291 2.2 text address (no brackets, no zone), or undefined. */
export function ipv6Groups(text: string): number[] | undefined {
  let s = text.toLowerCase();
  const tail: number[] = [];
  const colon = s.lastIndexOf(':');
  if (colon < 0) return undefined;
  if (s.includes('.', colon)) {
    const v4 = ipv4Number(s.slice(colon + 1));
    if (v4 === undefined) return undefined;
    tail.push(v4 >>> 16, v4 & 0xffff);
    s = s.slice(0, colon + 1);
    // "::a.b.c.d" leaves "::", "x::a.b.c.d" leaves "x::", "x:a.b.c.d" leaves "x:" (its ":" ends a group).
    if (!s.endsWith('::')) s = s.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const part = (h: string) => (h === '' ? [] : h.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = part(halves[0]);
  const rest = halves.length === 2 ? part(halves[1]) : [];
  const given = head.length + rest.length + tail.length;
  if ([...head, ...rest].some(Number.isNaN)) return undefined;
  if (halves.length === 1 ? given !== 8 : given > 7) return undefined;
  return [...head, ...Array<number>(8 - given).fill(0), ...rest, ...tail];
}

/** The address as the WHATWG URL Standard serializes it (IPv6 serializer: the first longest run of two or more zero groups becomes "::"). */
export function ipv6Text(groups: readonly number[]): string {
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [best, bestLength] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = (a: readonly number[]) => a.map((g) => g.toString(16)).join(':');
  return best < 0 ? hex(groups) : `${hex(groups.slice(0, best))}::${hex(groups.slice(best + bestLength))}`;
}

function ipv6Number(groups: readonly number[]): bigint {
  return groups.reduce((n, g) => (n << BigInt(16)) | BigInt(g), BigInt(0));
}
