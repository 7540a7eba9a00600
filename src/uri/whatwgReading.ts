/**
 * One reading or none: a URL parser differential is an input that two parsers read as two
 * different URLs. The policy judges the RFC 3986 reading; the program the URL is handed to acts
 * on the WHATWG reading (browsers, Node's `URL`, `fetch`). Where they part, an attacker chooses
 * which one is checked and which one is used (CVE-2025-56200, validator.js `isURL`, is one case).
 *
 * `whatReadingDiffers` reads the input a second time with the platform's `URL` and names the
 * first of scheme, host and port on which the two readings disagree. `hostlessSpecial` is the
 * cheap check for the open-redirect shapes (`https:evil.com`, `https:/evil.com`,
 * `https:///evil.com`), which RFC 3986 reads without a host and the client with one.
 */
import type { UriComponents } from './split';
import { ipv6Groups } from './specialAddresses';
import { hidePassword, redact } from './redact';

/** The URL Standard's special schemes with a host (file's host may be empty) and their default ports. */
const SPECIAL_PORTS: Readonly<Record<string, number>> = Object.freeze({ http: 80, https: 443, ws: 80, wss: 443, ftp: 21 });

const isSpecial = (scheme: string) => Object.prototype.hasOwnProperty.call(SPECIAL_PORTS, scheme);

type UrlClass = new (input: string, base?: string) => { href: string; protocol: string; hostname: string; port: string };

/** The platform's WHATWG `URL`, or undefined where there is none. */
export function platformUrl(): UrlClass | undefined {
  const U = (globalThis as { URL?: unknown }).URL;
  return typeof U === 'function' ? (U as UrlClass) : undefined;
}

/** An href as an error may show it: no password (src/uri/redact.ts), cut to 80 characters. */
function shownHref(href: string): string {
  let s: string;
  try {
    s = redact(href);
  } catch {
    s = hidePassword(href);
  }
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
}

const quote = (s: string) => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);

/**
 * For a URI with a special scheme (http, https, ws, wss, ftp) and no host: RFC 3986 reads a path
 * (`https:evil.com`, `https:/evil.com`) or an empty host (`https:///evil.com`); a WHATWG client
 * takes the host from what follows (`https://evil.com/`) or refuses the URL. The reason, or undefined.
 */
export function hostlessSpecial(input: string, c: UriComponents): string | undefined {
  if (c.scheme === undefined || !isSpecial(c.scheme.toLowerCase()) || (c.host !== undefined && c.host !== '')) return undefined;
  const rfc = `RFC 3986 reads no host here (${c.authority === undefined ? `no "//" after "${c.scheme}:"` : 'an empty host after "//"'})`;
  const fix = `write "${c.scheme}://" and the host`;
  const U = platformUrl();
  let u: InstanceType<UrlClass> | undefined;
  try {
    u = U && new U(input);
  } catch {
    return `${rfc}, and a browser or \`fetch\` refuses it; ${fix}`;
  }
  const client = u ? `a browser or \`fetch\` reads ${shownHref(u.href)} (host ${quote(u.hostname)})` : 'a browser or `fetch` takes the host from what follows';
  return `${rfc}, and ${client}: the client would go to a host the policy never checked; ${fix}`;
}

/** A host as a comparison sees it: an IP literal's address, or the text lowercased with unreserved characters decoded (RFC 3986 6.2.2). */
function sameHost(rfc: string, whatwg: string): boolean {
  if (rfc === whatwg || rfc.toLowerCase() === whatwg) return true;
  if (rfc.startsWith('[') && whatwg.startsWith('[')) {
    const a = ipv6Groups(rfc.slice(1, -1));
    const b = ipv6Groups(whatwg.slice(1, -1));
    return !!a && !!b && a.every((g, i) => g === b[i]);
  }
  const norm = (h: string) => h.replace(/%([0-9A-Fa-f]{2})/g, (t, x: string) => {
    const ch = String.fromCharCode(parseInt(x, 16));
    return /[A-Za-z0-9\-._~]/.test(ch) ? ch : t.toUpperCase();
  }).toLowerCase();
  return norm(rfc) === norm(whatwg);
}

/** A port as a number, the scheme's default for an absent or empty one (RFC 3986 3.2.3), undefined when neither. */
function portOf(port: string | undefined, scheme: string): number | undefined {
  if (port === undefined || port === '') return SPECIAL_PORTS[scheme];
  return Number(port.length > 15 ? Infinity : port);
}

/**
 * Reads `input` (components `c`, valid by the grammar) with the platform's WHATWG `URL` and says
 * where the two readings differ, or undefined when they agree on scheme, host and port. A
 * reference without a scheme is read against `base` by both (RFC 3986 5.2 and the URL parser).
 */
export function whatReadingDiffers(input: string, c: UriComponents, base: string, U: UrlClass): string | undefined {
  const hostless = hostlessSpecial(input, c);
  if (hostless) return hostless;
  const b = c.scheme === undefined ? new U(base) : undefined;
  const scheme = (c.scheme ?? b!.protocol.slice(0, -1)).toLowerCase();
  // RFC 3986 5.2.2: a reference without an authority keeps the base's.
  const rfcHost = b && c.authority === undefined ? b.hostname : c.host ?? '';
  const rfcPort = portOf(b && c.authority === undefined ? b.port : c.port, scheme);
  let u: InstanceType<UrlClass>;
  try {
    u = new U(input, c.scheme === undefined ? base : undefined);
  } catch {
    return `a browser or \`fetch\` (WHATWG URL) refuses it, while RFC 3986 reads scheme ${quote(scheme)}, host ${quote(rfcHost)}`;
  }
  const whatwgScheme = u.protocol.slice(0, -1);
  const whatwgPort = portOf(u.port, whatwgScheme);
  const differs = whatwgScheme !== scheme ? 'scheme' : !sameHost(rfcHost, u.hostname) ? 'host' : whatwgPort !== rfcPort ? 'port' : undefined;
  if (!differs) return undefined;
  const say = (s: string, h: string, p: number | undefined) => `scheme ${quote(s)}, host ${quote(h)}${p === undefined ? '' : `, port ${p}`}`;
  return `the two readings differ in the ${differs}: RFC 3986 reads ${say(scheme, rfcHost, rfcPort)}; a browser or \`fetch\` (WHATWG URL) reads ${say(whatwgScheme, u.hostname, whatwgPort)} (${shownHref(u.href)})`;
}
