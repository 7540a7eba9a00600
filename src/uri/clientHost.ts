/**
 * The host as the client reads it: the WHATWG URL Standard's host parser (section 3.5, "host
 * parsing") for a special scheme (http, https, ws, wss, ftp), which browsers, Node's `URL` and
 * `fetch` run on the text RFC 3986 calls the host. Where RFC 3986 sees the reg-name `0x7f000001`
 * (a name to look up), the client sees the IPv4 address 127.0.0.1; `getaddrinfo` and
 * `inet_aton` read the same number forms.
 *
 *   host parser (special):  [ ... ]  -> IPv6 parser
 *                           otherwise -> percent-decode, UTF-8 decode without BOM,
 *                                        domain to ASCII (UTS #46, WHATWG profile),
 *                                        a forbidden domain code point -> failure,
 *                                        ends in a number -> IPv4 parser
 *
 * Written from the standard's algorithms (not from any implementation) and checked against the
 * web-platform-tests URL data (test/uri/clientHost.test.ts). The platform `URL` is not used here:
 * this reading must answer the same on every platform and version, for every scheme (a database
 * client's `getaddrinfo` reads `0x7f000001` too), and cheaply for an ordinary host name.
 */
import type { ToASCIIOptions } from 'tr46';
import { tr46 } from './tr46';
import { ipv4Text, ipv6Groups, ipv6Text } from './specialAddresses';

export type ClientHost =
  | { readonly kind: 'ipv4'; readonly address: number; readonly text: string }
  | { readonly kind: 'ipv6'; readonly groups: readonly number[]; readonly text: string }
  | { readonly kind: 'domain'; readonly text: string }
  | { readonly kind: 'failure'; readonly why: string }
  /** Where the IDNA tables cannot be loaded (an ES module build without `require`): not known. */
  | { readonly kind: 'unknown'; readonly why: string };

/** UTS #46 ToASCII as the URL Standard's "domain to ASCII" runs it (beStrict false). */
const WHATWG_PROFILE: Readonly<ToASCIIOptions> = Object.freeze({
  checkHyphens: false,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: false,
  transitionalProcessing: false,
  verifyDNSLength: false,
  ignoreInvalidPunycode: false,
});

/**
 * Forbidden domain code points: the forbidden host code points (U+0000, TAB, LF, CR, space, "#",
 * "/", ":", "<", ">", "?", "@", "[", "\", "]", "^", "|"), the C0 controls, "%" and U+007F.
 */
/** The longest host text that is percent-decoded and IDNA-mapped here (a DNS name has at most 253 characters). */
const MAX_MAPPED = 4096;

/** Letters, digits, "-" and ".": ASCII, no "%", no forbidden code point, so domain to ASCII is lowercasing. */
const LDH_DOTS = /^[A-Za-z0-9.-]+$/;

const FORBIDDEN_DOMAIN = /[\u0000-\u001f #/:<>?@[\\\]^|%\u007f]/;

/** What a WHATWG client makes of `host` (the host text of a URL with a special scheme). */
export function clientHost(host: string): ClientHost {
  if (host.startsWith('[')) {
    const groups = host.endsWith(']') ? ipv6Groups(host.slice(1, -1)) : undefined;
    return groups ? { kind: 'ipv6', groups, text: `[${ipv6Text(groups)}]` } : { kind: 'failure', why: 'it is not an IPv6 address' };
  }
  let ascii: string | undefined;
  if (LDH_DOTS.test(host)) {
    ascii = host.toLowerCase(); // the usual host name: nothing to decode, map or forbid
  } else {
    // UTS #46 may drop code points (U+00AD and others are "ignored"), so a long text can still map
    // to "127.0.0.1"; and its cost grows faster than the length. No host name is this long.
    if (host.length > MAX_MAPPED) return { kind: 'unknown', why: `a host of ${host.length} characters to decode and map is more than this reads (${MAX_MAPPED})` };
    const domain = host.includes('%') ? percentDecode(host) : host;
    try {
      ascii = domainToAscii(domain);
    } catch (e) {
      return { kind: 'unknown', why: e instanceof Error ? e.message : String(e) };
    }
    if (ascii === undefined) return { kind: 'failure', why: 'IDNA (UTS #46) refuses it' };
    if (FORBIDDEN_DOMAIN.test(ascii)) return { kind: 'failure', why: `it holds ${JSON.stringify(FORBIDDEN_DOMAIN.exec(ascii)![0])}, which a host name may not` };
  }
  if (!endsInANumber(ascii)) return { kind: 'domain', text: ascii };
  const address = ipv4(ascii);
  if (typeof address === 'string') return { kind: 'failure', why: address };
  return { kind: 'ipv4', address, text: ipv4Text(address) };
}

/** Percent-decode (bytes), then UTF-8 decode without BOM (a bad sequence becomes U+FFFD). */
function percentDecode(s: string): string {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
      continue;
    }
    const cp = s.codePointAt(i)!;
    if (cp > 0xffff) i++; // a surrogate pair, encoded whole
    for (const b of encoder.encode(String.fromCodePoint(cp))) bytes.push(b);
  }
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(bytes));
}

/**
 * Domain to ASCII (beStrict false), or undefined for a failure. An ASCII domain is lowercased
 * and nothing more, as the standard now says and the web-platform-tests expect (`xn--a` stays
 * `xn--a`; Node 20's `URL` still refuses such a label, a refusal no policy has to fear), so an
 * ordinary host name never loads the IDNA tables.
 */
function domainToAscii(domain: string): string | undefined {
  const result = /^[\x00-\x7f]*$/.test(domain) ? domain.toLowerCase() : tr46().toASCII(domain, WHATWG_PROFILE);
  return result === null || result === '' ? undefined : result;
}

/** The ends-in-a-number checker: is the last label (after a final empty one) a number? */
function endsInANumber(s: string): boolean {
  const end = s.endsWith('.') ? s.length - 1 : s.length;
  const last = s.slice(s.lastIndexOf('.', end - 1) + 1, end);
  return /^[0-9]+$/.test(last) || parseIpv4Number(last) !== undefined;
}

/**
 * The IPv4 number parser: decimal, "0x"/"0X" hexadecimal, or "0" octal; "0x" alone is 0.
 * Undefined for a failure. Long inputs give a number too big for any part, which is a failure
 * later (precision past 2^53 cannot matter).
 */
function parseIpv4Number(part: string): number | undefined {
  if (part === '') return undefined;
  let radix = 10;
  let digits = part;
  if (part.length >= 2 && (part.startsWith('0x') || part.startsWith('0X'))) [radix, digits] = [16, part.slice(2)];
  else if (part.length >= 2 && part.startsWith('0')) [radix, digits] = [8, part.slice(1)];
  if (digits === '') return 0;
  const ok = radix === 16 ? /^[0-9A-Fa-f]+$/ : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  return ok.test(digits) ? parseInt(digits, radix) : undefined;
}

/** The IPv4 parser: one to four numbers, the last filling the bytes the others leave; a failure's reason as a string. */
function ipv4(s: string): number | string {
  const parts = s.split('.');
  if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
  if (parts.length > 4) return `it ends in a number, so it is read as an IPv4 address, and it has ${parts.length} parts (at most 4)`;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = parseIpv4Number(part);
    if (n === undefined) return `it ends in a number, so it is read as an IPv4 address, and ${JSON.stringify(part.length > 20 ? part.slice(0, 20) + '…' : part)} is not a number`;
    numbers.push(n);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255)) return 'it ends in a number, so it is read as an IPv4 address, and a part before the last is over 255';
  if (last >= 256 ** (4 - numbers.length)) return `it ends in a number, so it is read as an IPv4 address, and its last part is over ${256 ** (4 - numbers.length) - 1}`;
  return numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), last);
}
