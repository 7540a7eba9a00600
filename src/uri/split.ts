/**
 * RFC 3986 Appendix B's split of a valid URI or IRI reference into its components, by scans: for
 * input the grammar accepts, exactly the grammar's components (see `splitReference`). Nothing
 * here reads the grammar, so that `uri-grammar/lite` (src/lite/) splits with the same code. The
 * one reading of Appendix B in the library: the components as text (`splitReference`,
 * `splitComponents`) and the host's and query's offsets that src/iri/ rewrites in place
 * (`sections`) are made by the same scans.
 *
 * Every value is the text as written (not decoded). 5.3: a component whose delimiter is
 * absent is `undefined`; one whose delimiter is present with nothing after it is `''`. The
 * path is never undefined (3.3, 5.2.1).
 */
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

const COLON = 0x3a;
const SLASH = 0x2f;
const QUESTION = 0x3f;
const HASH = 0x23;

/**
 * RFC 3986 Appendix B, "the regular expression for breaking-down a well-formed URI reference
 * into its components":
 *
 *   ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
 *     scheme          authority  path    query        fragment
 *
 * For a string the grammar accepts as any of the four component rules, these are the
 * grammar's own components (first match wins): no rule lets a "/", "?" or "#" before the
 * scheme's ":" (a relative-ref's first segment holds no ":", 4.2), an authority ends at the
 * first "/", "?" or "#" (3.2), a query at the first "#" (3.4), and a path after "//" that is
 * not an authority cannot begin with "//" (3.3). The same holds for IRI references (RFC 3987
 * 2.2 has the same delimiters), which src/iri/semantics.ts splits here too. The test suite
 * checks the split against the parse trees. Written as scans rather than as that RegExp: linear
 * and stackless on inputs of any length, and nothing for V8 to compile on a first call.
 */
export function splitReference(input: string): UriComponents {
  const c = noComponents();
  const n = input.length;
  const colon = schemeColon(input);
  let at = 0;
  if (colon >= 0) {
    c.scheme = input.slice(0, colon);
    at = colon + 1;
  }
  const end = pathEnd(input, at);
  if (input.charCodeAt(at) === SLASH && input.charCodeAt(at + 1) === SLASH) {
    const i = authorityEnd(input, at + 2, end);
    c.authority = input.slice(at + 2, i);
    at = i;
  }
  c.path = input.slice(at, end);
  if (end < n && input.charCodeAt(end) === QUESTION) {
    const hash = input.indexOf('#', end + 1);
    c.query = input.slice(end + 1, hash < 0 ? n : hash);
    if (hash >= 0) c.fragment = input.slice(hash + 1);
  } else if (end < n) c.fragment = input.slice(end + 1);
  return c;
}

/**
 * Where the path that begins at `from` ends: at the first "?" or "#" (3.3), or the end. Two
 * `indexOf`s, which V8 runs as vectorized scans: a loop over the characters costs several times more.
 */
export function pathEnd(s: string, from: number): number {
  const q = s.indexOf('?', from);
  const h = s.indexOf('#', from);
  return q < 0 ? (h < 0 ? s.length : h) : h < 0 || q < h ? q : h;
}

/**
 * The scheme's ":", or -1: the first ":" before any "/", "?" or "#", with text before it (Appendix
 * B's `^(([^:/?#]+):)?`). The scheme is short: a loop to the first delimiter is cheaper than scans.
 */
export function schemeColon(s: string): number {
  let i = 0;
  let ch = 0;
  while (i < s.length && (ch = s.charCodeAt(i)) !== COLON && ch !== SLASH && ch !== QUESTION && ch !== HASH) i++;
  return i > 0 && i < s.length && ch === COLON ? i : -1;
}

/**
 * Where the authority that begins at `from` (after "//") ends: at the first "/" before `end`, the
 * end of the path that begins there (`pathEnd`), or at `end` (an authority holds no "?" or "#").
 */
export function authorityEnd(s: string, from: number, end: number): number {
  const slash = s.indexOf('/', from);
  return slash >= 0 && slash < end ? slash : end;
}

/** `splitReference`, and the authority split into userinfo, host (and its kind) and port. */
export function splitComponents(input: string): UriComponents {
  const c = splitReference(input);
  if (c.authority !== undefined) splitAuthority(c.authority, c);
  return c;
}

/**
 * authority = [ userinfo "@" ] host [ ":" port ] (3.2): neither userinfo nor host holds an
 * "@", and only an IP-literal host, which ends at its "]", holds a ":".
 */
function splitAuthority(authority: string, c: UriComponents): void {
  const start = hostStart(authority, 0, authority.length);
  if (start > 0) c.userinfo = authority.slice(0, start - 1);
  const end = hostEnd(authority, start, authority.length);
  c.host = authority.slice(start, end);
  if (end < authority.length) c.port = authority.slice(end + 1);
  c.hostKind = kindOf(c.host);
}

/** Where the host of the authority [from, end) begins: after the userinfo's "@", if any (3.2.1). */
function hostStart(s: string, from: number, end: number): number {
  const at = s.indexOf('@', from);
  return at >= 0 && at < end ? at + 1 : from;
}

/**
 * Where the host that begins at `from` ends, in an authority that ends at `end`: after an
 * IP-literal's "]" (3.2.2), else at the port's ":" (3.2.3) or at `end`.
 */
function hostEnd(s: string, from: number, end: number): number {
  if (s.charCodeAt(from) === 0x5b) return s.indexOf(']', from) + 1;
  const colon = s.indexOf(':', from);
  return colon >= 0 && colon < end ? colon : end;
}

/**
 * Where the host and the query of a valid URI or IRI reference are, as offsets into it: what
 * src/iri/toUri.ts and toIri.ts rewrite in place. RFC 3987 2.2 keeps the delimiters of RFC 3986
 * and adds only non-ASCII characters, so Appendix B's split holds for IRIs, and inside the
 * authority `[ iuserinfo "@" ] ihost [ ":" port ]` as for `splitComponents`.
 */
export interface Sections {
  /** The host's offsets, or -1 when there is no authority. */
  hostStart: number;
  hostEnd: number;
  /** The query's offsets (after "?", up to "#"), or -1 when there is none. */
  queryStart: number;
  queryEnd: number;
}

/** `splitComponents`' host and query as offsets (for input already known to be valid). */
export function sections(s: string): Sections {
  const colon = schemeColon(s);
  const at = colon + 1;
  const end = pathEnd(s, at);
  let host = -1;
  let hostAfter = -1;
  if (s.charCodeAt(at) === SLASH && s.charCodeAt(at + 1) === SLASH) {
    const authority = authorityEnd(s, at + 2, end);
    host = hostStart(s, at + 2, authority);
    hostAfter = hostEnd(s, host, authority);
  }
  if (end === s.length || s.charCodeAt(end) !== QUESTION) return { hostStart: host, hostEnd: hostAfter, queryStart: -1, queryEnd: -1 };
  const hash = s.indexOf('#', end + 1);
  return { hostStart: host, hostEnd: hostAfter, queryStart: end + 1, queryEnd: hash < 0 ? s.length : hash };
}

/**
 * host = IP-literal / IPv4address / reg-name, first match wins on the whole host text (3.2.2);
 * IP-literal = "[" ( IPv6address / IPvFuture ) "]", and IPvFuture begins with "v".
 */
function kindOf(host: string): HostKind {
  const c = host.charCodeAt(0);
  if (c === 0x5b) return host[1] === 'v' || host[1] === 'V' ? 'IPvFuture' : 'IPv6address';
  return c >= 0x30 && c <= 0x39 && isIPv4address(host) ? 'IPv4address' : 'reg-name';
}

/**
 * IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet (3.2.2), for a host the
 * grammar accepted (so its characters are reg-name's):
 *
 *   dec-octet   = DIGIT                 ; 0-9
 *               / %x31-39 DIGIT         ; 10-99
 *               / "1" 2DIGIT            ; 100-199
 *               / "2" %x30-34 DIGIT     ; 200-249
 *               / "25" %x30-35          ; 250-255
 *
 * that is, one to three digits without a leading zero (but "0" itself), at most 255. Read here
 * rather than by the rule's automaton: it is asked on every parse of a host that begins with a
 * digit. test/uri/components.test.ts holds it to the grammar's rule.
 */
export function isIPv4address(host: string): boolean {
  let octets = 0;
  let i = 0;
  for (;;) {
    const start = i;
    let value = 0;
    while (i < host.length && i - start < 4) {
      const d = host.charCodeAt(i) - 0x30;
      if (d < 0 || d > 9) break;
      value = value * 10 + d;
      i++;
    }
    const digits = i - start;
    if (digits === 0 || digits > 3 || value > 255 || (digits > 1 && host.charCodeAt(start) === 0x30)) return false;
    if (++octets === 4) return i === host.length;
    if (host.charCodeAt(i) !== 0x2e) return false;
    i++;
  }
}
