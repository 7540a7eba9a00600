/**
 * Hints: how to fix the mistakes people make in config files, on top of the exact error.
 *
 * The error's `index` keeps its definition (the first offset at which the input stops being a
 * prefix of anything the rule matches); a hint says what is most likely wrong, and may point at
 * a second, more useful place (`hintIndex`; the message then says "at offset N"). Where the fix
 * is mechanical, `suggestion` is the corrected string — given only after the library has
 * checked it is valid under the same rule (and policy). A suggestion is never in the message
 * (it may hold a password); the hint text quotes no part of the input but single characters.
 */
import { driver, type RuleName } from './rules';
import { caretLines, GrammarSyntaxError, type HintKind, type UriSyntaxError } from './errors';
import { givenOf, withHintLine } from '../engine/errors';
import { LONG } from '../engine/limits';
import { schemeColonLength, schemeLength } from './scheme';
import { invisibleName, isInvisible } from '../engine/shown';

export type { HintKind } from './errors';

export interface Hint {
  readonly kind: HintKind;
  /** One line: what is wrong and how to fix it. */
  readonly text: string;
  /** Where the hint points (may differ from the error's index). */
  readonly index: number;
  /** The corrected input, checked valid; absent when no mechanical fix is known to be valid. */
  readonly suggestion?: string;
}

/** Where an input fails (the error's index), or undefined when it is valid. */
export type Checker = (input: string) => number | undefined;

/** What a hint is computed from. */
export interface HintContext {
  readonly input: string;
  readonly rule: string;
  readonly index: number;
  /** For a policy error: the component that broke the policy, and why. */
  readonly component?: string;
  readonly reason?: string;
  /** For a policy error: the schemes the policy allows (a suggestion then uses the first that fits). */
  readonly schemes?: readonly string[];
}

/** The grammar's checker for `rule` (RFC 3986). */
export function grammarChecker(rule: RuleName): Checker {
  const yes = driver.tester(rule);
  return (s) => (yes(s) ? undefined : driver.verdict(s, rule).index);
}

/** The hint for an error, or undefined when none of the known mistakes fits. */
export function findHint(ctx: HintContext, check: Checker): Hint | undefined {
  // The detectors use RegExps, whose backtracking stack V8 overflows on megabytes (see
  // engine/limits.ts); an input that long is no config value: its error stays exact, unhinted.
  if (ctx.input.length >= LONG) return undefined;
  const first = detect(ctx);
  if (!first) return undefined;
  // Apply fixes until the text is valid (several mistakes in one line, e.g. a leading space and
  // an inner one); the suggestion is given only when the end result passes `check`.
  let candidate = first.fix?.();
  for (let round = 0; candidate !== undefined && candidate.length < 4 * LONG && round < 6; round++) {
    const at = check(candidate);
    if (at === undefined) return { kind: first.kind, text: first.text, index: first.index, suggestion: candidate };
    const next = detect({ input: candidate, rule: ctx.rule, index: at });
    candidate = next?.fix?.();
  }
  return { kind: first.kind, text: first.text, index: first.index };
}

/**
 * The text of the hint for an error, as a one-line summary shows it, without its suggestion: no
 * fix is checked. Undefined when no known mistake fits (or, as in `hinted`, when looking for one
 * overflows V8's RegExp stack).
 */
export function briefHint(ctx: HintContext): string | undefined {
  if (ctx.input.length >= LONG) return undefined;
  try {
    return detect(ctx)?.text;
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}

interface Found {
  kind: HintKind;
  text: string;
  index: number;
  /** The corrected input, unchecked (computed when asked for: a summary line never asks). */
  fix?: () => string | undefined;
}

/** The detectors, most specific first; the first that fits wins. */
function detect(ctx: HintContext): Found | undefined {
  if (ctx.component !== undefined) return policyHint(ctx);
  const has = traits(ctx);
  // An index loop, not `for (const [d, needs] of …)`: a batch's errors run this before V8 has
  // optimized it, and there each destructuring walks an iterator (about 0.6 µs an error).
  for (let k = 0; k < DETECTORS.length; k++) {
    const needs = DETECTORS[k][1];
    if ((has & needs) !== needs) continue;
    const f = DETECTORS[k][0](ctx);
    if (f) return f;
  }
  return undefined;
}

// What a detector cannot fit without (each returns undefined when its trait is missing): one
// look at the input up front skips the others, so that a process's first error neither compiles
// them nor builds their RegExps.
const ABSOLUTE = 1; //  the rule is URI or absolute-URI (missing-scheme)
const PERCENT = 2; //   a "%" (zone-id, percent)
const BRACKET = 4; //   a "[" (zone-id)
const SLASHES = 8; //   a "//", before any authority (scheme-slashes, password, ipv6-brackets, port)
const AT = 16; //       an "@" (password)
const COLONS = 32; //   two ":" or more (ipv6-brackets: two in the authority)
const BACKSLASH = 64; // a "\" at the error's index (backslash)
const NON_ASCII = 128; // a non-ASCII character at the error's index (non-ascii)
const PORT_COLON = 256; // a ":" after the first "//" (port)
const NO_COLON_SLASHES = 512; // a "//" with a run before it and no ":" before it (scheme-slashes)
const QUOTES = 1024; // the same quote mark (" or ') first and last (quotes)

/** @internal The traits of a context (exported for the tests). */
export function traits({ input, rule, index }: HintContext): number {
  // No read past the end (an error at the end of its input): V8 would throw away code it had
  // optimized for reads within the string.
  const c = index < input.length ? input.charCodeAt(index) : -1;
  const slashes = input.indexOf('//');
  const colon = input.indexOf(':');
  return (rule === 'URI' || rule === 'absolute-URI' ? ABSOLUTE : 0)
    | (input.includes('%') ? PERCENT : 0)
    | (input.includes('[') ? BRACKET : 0)
    | (slashes >= 0 ? SLASHES : 0)
    | (input.includes('@') ? AT : 0)
    | (colon !== input.lastIndexOf(':') ? COLONS : 0)
    | (slashes >= 0 && input.lastIndexOf(':') > slashes ? PORT_COLON : 0)
    | (slashes > 0 && (colon < 0 || colon > slashes) ? NO_COLON_SLASHES : 0)
    | (c === 0x5c ? BACKSLASH : 0)
    | (c >= 0x80 ? NON_ASCII : 0)
    | (input.length > 1 && (input[0] === '"' || input[0] === "'") && input[input.length - 1] === input[0] ? QUOTES : 0);
}

type Detector = (ctx: HintContext) => Found | undefined;

/** Leading or trailing whitespace (copied from a document, a line end left in). */
const whitespace: Detector = ({ input, index }) => {
  const lead = input.length - input.trimStart().length;
  const trail = input.length - input.trimEnd().length;
  if (!(index < lead || (trail > 0 && index >= input.length - trail))) return undefined;
  return { kind: 'whitespace', text: `remove the ${index < lead ? 'leading' : 'trailing'} whitespace`, index, fix: () => input.trim() };
};

/** A zone id in an IPv6 literal: `[fe80::1%eth0]`. */
const zoneId: Detector = ({ input, index }) => {
  // Bounded runs (an IPv6 address is at most 45 characters): an unbounded `+` over a 5 MB
  // `[1:1:1:…` overflows V8's RegExp backtracking stack (merge fix, h14; test/index.test.ts).
  const m = /\[([0-9A-Fa-f:.]{1,64})%(?!25)([^\]]{0,256})\]/.exec(input) ?? /\[([0-9A-Fa-f:.]{1,64})%25([^\]]{0,256})\]/.exec(input);
  if (!m || index < m.index || index > m.index + m[0].length) return undefined;
  return {
    kind: 'zone-id',
    index: m.index + 1 + m[1].length,
    text: 'an IPv6 zone id ("%" and an interface name) is not URI syntax (RFC 3986); RFC 6874 allowed "%25" and the zone in brackets (grammar rfc6874), which RFC 9844 obsoletes; leave the zone out of the URI',
  };
};

/** `%` not followed by two hex digits. */
const percent: Detector = ({ input, index }) => {
  for (let p = Math.max(0, index - 2); p <= index && p < input.length; p++) {
    if (input[p] === '%' && !/^%[0-9A-Fa-f]{2}/.test(input.slice(p, p + 3))) {
      return {
        kind: 'percent',
        index: p,
        text: `"%" must begin a percent-encoding of two hex digits; write a literal "%" as "%25"`,
        fix: () => input.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'),
      };
    }
  }
  return undefined;
};

/** `\` for `/` (a Windows path, or a browser's leniency). */
const backslash: Detector = ({ input, index }) => {
  if (input[index] !== '\\') return undefined;
  return { kind: 'backslash', index, text: 'use "/" to separate path segments, not "\\" (percent-encode a literal backslash as "%5C")', fix: () => input.replace(/\\/g, '/') };
};

/** `http//x`: the scheme's ":" left out. */
const schemeSlashes: Detector = ({ input, index }) => {
  const n = schemeLength(input);
  if (n === 0 || !input.startsWith('//', n) || index > n + 2) return undefined;
  const scheme = input.slice(0, n);
  return { kind: 'scheme-slashes', index: n, text: `a ":" after the scheme is missing (write "${scheme}://")`, fix: () => `${scheme}:${input.slice(n)}` };
};

/** Where the authority begins (after `scheme://` or a leading `//`), or -1. */
function authorityStart(input: string): number {
  const n = schemeColonLength(input);
  return input.startsWith('//', n) ? n + 2 : -1;
}

const AUTHORITY_END = /[/?#]/g;
/**
 * Where the authority that runs on from `from` (default: where it starts) ends: at the first
 * "/", "?" or "#", or the end; 0 when the input has no authority.
 */
function authorityEnd(input: string, from = authorityStart(input)): number {
  if (from < 0) return 0;
  AUTHORITY_END.lastIndex = from;
  const m = AUTHORITY_END.exec(input);
  return m ? m.index : input.length;
}

const USERINFO_OK = /[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2}/y;

// Cheap shapes for deciding whether a hint fits (a suggestion is still checked by the grammar):
//   userinfo    = *( unreserved / pct-encoded / sub-delims / ":" )            (exact)
//   host        = IP-literal / IPv4address / reg-name                         (IP-literal loosely)
//   reg-name    = *( unreserved / pct-encoded / sub-delims )                  (covers IPv4address)
//   authority   = [ userinfo "@" ] host [ ":" port ]
const USERINFO = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*$/;
const HOST = /^(?:\[[0-9A-Za-z:.\-_~!$&'()*+,;=]+\]|(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*)$/;
const HOST_PORT = /^(?:\[[0-9A-Za-z:.\-_~!$&'()*+,;=]+\]|(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*)(?::[0-9]*)?$/;

/** Percent-encodes every character of a userinfo that may not stand there as it is. */
function encodeUserinfo(s: string): string | undefined {
  let out = '';
  for (let i = 0; i < s.length; ) {
    USERINFO_OK.lastIndex = i;
    const m = USERINFO_OK.exec(s);
    if (m) {
      out += m[0];
      i += m[0].length;
      continue;
    }
    const cp = s.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const enc = utf8Percent(ch);
    if (enc === undefined) return undefined;
    out += enc;
    i += ch.length;
  }
  return out;
}

/** `postgres://user:p@ss@db`: `@` (or `/`, `?`, `#`, a space ...) in a password. */
const password: Detector = ({ input, index }) => {
  const start = authorityStart(input);
  if (start < 0) return undefined;
  if (input.indexOf('@', start) < 0) return undefined; // no userinfo: nothing to build testers for
  const hostPort = (t: string) => HOST_PORT.test(t);
  // The last "@" after which a plain `host [":" port]` follows up to "/", "?", "#" or the end.
  // At most the last 8 "@": linear time on any input (a real authority has one or two).
  let tries = 8;
  for (let at = input.lastIndexOf('@'); at > start && tries-- > 0; at = input.lastIndexOf('@', at - 1)) {
    const hp = input.slice(at + 1, authorityEnd(input, at + 1));
    if (hp.includes('@') || !hostPort(hp)) continue;
    const userinfo = input.slice(start, at);
    if (USERINFO.test(userinfo) || index > at) return undefined;
    const colon = userinfo.indexOf(':');
    const inPassword = colon >= 0 && index - start > colon;
    return {
      kind: 'password',
      index,
      text: `${inPassword ? 'the password' : 'the userinfo'} holds a character that must be percent-encoded ("@" as "%40", "/" as "%2F", "?" as "%3F", "#" as "%23", ":" in a user name as "%3A")`,
      fix: () => {
        const enc = encodeUserinfo(userinfo);
        return enc === undefined ? undefined : input.slice(0, start) + enc + input.slice(at);
      },
    };
  }
  return undefined;
};

/** `http://::1/`: an IPv6 address without its brackets. */
const ipv6Brackets: Detector = ({ input, index }) => {
  const start = authorityStart(input);
  if (start < 0 || index < start) return undefined;
  const authority = input.slice(start, authorityEnd(input, start));
  if (!authority.includes(':') || authority.indexOf(':') === authority.lastIndexOf(':')) return undefined;
  if (!driver.tester('IPv6address')(authority)) return undefined;
  return {
    kind: 'ipv6-brackets',
    index: start,
    text: 'an IPv6 address in a URI goes in brackets: "[" address "]" (RFC 3986 3.2.2)',
    fix: () => `${input.slice(0, start)}[${authority}]${input.slice(start + authority.length)}`,
  };
};

/** `http://localhost:80a/`: a port with letters (the error's index lands later: it could still be userinfo). */
const portLetters: Detector = ({ input, index }) => {
  const start = authorityStart(input);
  if (start < 0 || index < start) return undefined;
  const authority = input.slice(start, authorityEnd(input, start));
  const at = authority.lastIndexOf('@');
  const hostPort = authority.slice(at + 1);
  const colon = hostPort.lastIndexOf(':');
  if (colon < 0 || hostPort.includes(']', colon)) return undefined;
  const port = hostPort.slice(colon + 1);
  const bad = port.search(/\D/);
  if (bad < 0 || !HOST.test(hostPort.slice(0, colon))) return undefined;
  const where = start + at + 1 + colon + 1 + bad;
  return { kind: 'port', index: where, text: 'the port must be digits only (RFC 3986 3.2.3: port = *DIGIT)' };
};

/**
 * `mongodb://h1:27017,h2:27017/db`: a list of hosts. RFC 3986 3.2 has one host and one port in an
 * authority; `h2:27017` after a "," cannot be a port's digits (a list without ports, `a,b`, is a
 * valid reg-name and gets no error).
 */
const hostList: Detector = ({ input, index }) => {
  const start = authorityStart(input);
  if (start < 0 || index < start) return undefined;
  const end = authorityEnd(input, start);
  if (index > end) return undefined;
  const authority = input.slice(start, end);
  const hosts = authority.slice(authority.lastIndexOf('@') + 1);
  const comma = hosts.search(/:\d*,/);
  if (comma < 0) return undefined;
  return {
    kind: 'host-list',
    index: start + authority.lastIndexOf('@') + 1 + hosts.indexOf(',', comma),
    text: 'a list of hosts ("h1:port,h2:port") is not RFC 3986 syntax: an authority has one host and one port; ' +
      'give one host here and the others where the driver takes them (its own option or connection string), or one DNS name that lists them (e.g. an SRV record)',
  };
};

/** A character outside ASCII: percent-encode its UTF-8 bytes, or use the IRI grammar. */
const nonAscii: Detector = ({ input, index }) => {
  if (index >= input.length || input.charCodeAt(index) < 0x80) return undefined;
  const start = authorityStart(input);
  let hostRange: [number, number] | undefined;
  if (start >= 0) {
    const authority = input.slice(start, authorityEnd(input, start));
    const at = authority.lastIndexOf('@');
    const hp = authority.slice(at + 1);
    const colon = hp.lastIndexOf(':');
    const host = colon >= 0 && /^\d*$/.test(hp.slice(colon + 1)) ? hp.slice(0, colon) : hp;
    hostRange = [start + at + 1, start + at + 1 + host.length];
  }
  const inHost = hostRange !== undefined && index >= hostRange[0] && index < hostRange[1];
  const fix = (): string | undefined => {
    if (!hostRange) return encodeNonAscii(input);
    const host = input.slice(hostRange[0], hostRange[1]);
    const ascii = /[^\x00-\x7f]/.test(host) ? idnaToAscii(host) : host;
    const before = encodeNonAscii(input.slice(0, hostRange[0]));
    const after = encodeNonAscii(input.slice(hostRange[1]));
    return ascii === undefined || before === undefined || after === undefined ? undefined : before + ascii + after;
  };
  return {
    kind: 'non-ascii',
    index,
    text: inHost
      ? 'a non-ASCII host name: write it in ASCII (IDNA, "xn--..."), or use the IRI grammar (rfc3987)'
      : 'a non-ASCII character: percent-encode its UTF-8 bytes (e.g. "\u00fc" as "%C3%BC"), or use the IRI grammar (rfc3987)',
    fix,
  };
};

/**
 * A character nobody sees (a zero-width space, a BOM, a no-break space, a direction mark, any
 * other format character or space but SP), pasted in with the text: say what it is, and that
 * deleting it is the fix (percent-encoding it keeps it, still unseen).
 */
const invisible: Detector = ({ input, index }) => {
  if (index >= input.length || input.charCodeAt(index) < 0x80) return undefined;
  const cp = input.codePointAt(index)!;
  // A lone surrogate is no character anybody pasted: it has no UTF-8 (non-ascii says so).
  const ch = String.fromCodePoint(cp);
  if ((cp >= 0xd800 && cp <= 0xdfff) || !isInvisible(ch)) return undefined;
  return {
    kind: 'invisible',
    index,
    text: `${invisibleName(ch)} stands here, an invisible character: delete it`,
    fix: () => Array.from(input).filter((c) => c.charCodeAt(0) < 0x80 || !isInvisible(c)).join(''),
  };
};

/**
 * A value in quotes (`"https://x"`, `'https://x'`): a config file's or a shell's quotes kept with
 * the text. The quotes are not part of a URI.
 */
const quotes: Detector = ({ input, index }) => {
  const q = input[0];
  if ((q !== '"' && q !== "'") || input.length < 2 || input[input.length - 1] !== q) return undefined;
  if (index !== 0 && index !== input.length - 1 && input.indexOf(q, 1) !== input.length - 1) return undefined;
  return { kind: 'quotes', index: 0, text: 'remove the quotes: they are not part of the URI', fix: () => input.slice(1, -1) };
};

/** Characters that never stand as they are in a URI (RFC 3986 2, 2.2): percent-encode them. */
const encode: Detector = ({ input, index }) => {
  if (index >= input.length) return undefined;
  const ch = input[index];
  const c = input.charCodeAt(index);
  const space = c === 0x20;
  // Plain comparisons, no RegExp: a batch meets this on most of its errors before V8 optimizes it.
  const never = space || c <= 0x1f || c === 0x7f || NEVER_IN_URI.includes(ch);
  const secondHash = ch === '#' && input.indexOf('#') < index;
  const bracket = (ch === '[' || ch === ']') && index > Math.max(0, authorityEnd(input));
  if (!never && !secondHash && !bracket) return undefined;
  const enc = percentOf(c);
  const from = secondHash ? input.indexOf('#') + 1 : bracket ? authorityEnd(input) : 0;
  const fix = () => input.slice(0, from) + input.slice(from).split(ch).join(enc);
  return { kind: space ? 'space' : 'encode', index, text: (ENCODE_TEXT[c] ??= `this character must be percent-encoded as "${enc}"`), fix };
};

/** The printable ASCII characters no URI holds as they are (RFC 3986 2: neither reserved nor unreserved), but for space and "%". */
const NEVER_IN_URI = '"<>\\^`{|}';
const HEX = '0123456789ABCDEF';
/** An ASCII character's percent-encoding ("%7B"). */
const percentOf = (c: number) => `%${HEX[c >> 4]}${HEX[c & 15]}`;
/** `encode`'s text for each ASCII character, made once (a batch's errors repeat a few characters). */
const ENCODE_TEXT: string[] = [];
ENCODE_TEXT[0x20] = 'a space must be percent-encoded as "%20"';
ENCODE_TEXT[0x09] = 'a tab must be percent-encoded as "%09" (delete it if it came in with a paste)';

/**
 * An absolute URI was asked for and the text has no scheme. Checked early when the error stands
 * in the would-be scheme (`www.example.com`, `a%zz`), last otherwise.
 */
const missingScheme: Detector = ({ input, rule }) => {
  if (!(rule === 'URI' || rule === 'absolute-URI') || schemeColonLength(input) > 0) return undefined;
  return { kind: 'missing-scheme', index: 0, text: 'an absolute URI begins with a scheme and ":" (e.g. "https:")', fix: () => schemeFix(input) };
};

/** `https://` before what looks like a host name, `https:` before `//host`. */
function schemeFix(input: string): string | undefined {
  if (input.startsWith('//')) return `https:${input}`;
  if (/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d*)?([/?#]|$)/.test(input)) return `https://${input}`;
  return undefined;
}

const missingSchemeEarly: Detector = (ctx) => {
  const run = /^[A-Za-z0-9+.-]*/.exec(ctx.input)![0].length;
  const n = schemeLength(ctx.input);
  return ctx.index <= run && !(n > 0 && ctx.input.startsWith('//', n)) ? missingScheme(ctx) : undefined;
};

/** @internal Each detector and the traits it needs (exported for the tests). */
export const DETECTORS: ReadonlyArray<readonly [Detector, number]> = [
  [invisible, NON_ASCII], [quotes, QUOTES], [whitespace, 0], [missingSchemeEarly, ABSOLUTE], [zoneId, BRACKET | PERCENT], [percent, PERCENT], [backslash, BACKSLASH],
  [schemeSlashes, NO_COLON_SLASHES], [password, SLASHES | AT], [ipv6Brackets, SLASHES | COLONS], [hostList, PORT_COLON], [portLetters, PORT_COLON],
  [nonAscii, NON_ASCII], [encode, 0], [missingScheme, ABSOLUTE],
];

/**
 * `localhost:8080`, `db.internal:5432/x`: a host and port with no scheme before them. RFC 3986
 * reads the name as a scheme (`scheme ":" path`), so the text is a valid URI with no host.
 */
function hostPortAsScheme(input: string, schemes: readonly string[] | undefined): Found | undefined {
  const n = schemeColonLength(input);
  if (n === 0 || !/^\d+(?:[/?#]|$)/.test(input.slice(n))) return undefined;
  const name = input.slice(0, n - 1);
  // The first scheme the policy allows that a host and port go with (http before https, as written).
  const scheme = (schemes ?? ['http', 'https']).find((s) => s === 'http' || s === 'https') ?? schemes?.[0] ?? 'http';
  return {
    kind: 'missing-scheme', index: 0,
    text: `"${name}" was read as a scheme (RFC 3986 3.1: the text before the first ":"); a host and port need a scheme and "//" first (write "${scheme}://${input}")`,
    fix: () => `${scheme}://${input}`,
  };
}

/**
 * `admin:hunter2@db.example.com:5432/mydb`: a user name, password and host with no scheme before
 * them. RFC 3986 reads the user name as a scheme and the rest as a path; the hint names only the
 * user name (the password is never quoted), and the suggestion is checked and shown redacted.
 */
function credentialsAsScheme(input: string, schemes: readonly string[] | undefined): Found | undefined {
  const n = schemeColonLength(input);
  if (n === 0 || !/^[^/?#@]*@[^/?#@]+(?:[/?#]|$)/.test(input.slice(n))) return undefined;
  const name = input.slice(0, n - 1);
  const scheme = schemes?.[0] ?? 'https';
  return {
    kind: 'missing-scheme', index: 0,
    text: `"${name}" was read as a scheme (RFC 3986 3.1: the text before the first ":"); a user name, password and host need a scheme and "//" first (write "${scheme}://" before them)`,
    fix: () => `${scheme}://${input}`,
  };
}

/** Hints for a URI that is valid by the grammar and breaks a policy. */
function policyHint(ctx: HintContext): Found | undefined {
  const { input, component, reason = '' } = ctx;
  if (component === 'scheme' && reason.startsWith('scheme ')) {
    const f = hostPortAsScheme(input, ctx.schemes) ?? credentialsAsScheme(input, ctx.schemes);
    if (f) return f;
  }
  if (component === 'host' && reason.startsWith('a host is required')) {
    // `http:/example.com`, `http:example.com`: the "//" (or one "/") left out.
    // `scheme ":" ["/"] rest`, where rest is not empty and does not begin with "/".
    const n = schemeColonLength(input);
    const slash = n > 0 && input[n] === '/' && input[n + 1] !== '/' ? 1 : 0;
    const m = n > 0 && input.length > n + slash && input[n + slash] !== '/' ? [input, input.slice(0, n - 1), input.slice(n + slash)] : null;
    if (m && /^\d+(?:[/?#]|$)/.test(m[2])) return hostPortAsScheme(input, ctx.schemes);
    if (m) {
      return { kind: 'scheme-slashes', index: m[1].length + 1, text: `"//" and the host follow the scheme's ":" (write "${m[1]}://")`, fix: () => `${m[1]}://${m[2]}` };
    }
  }
  if (component === 'userinfo' && reason.startsWith('userinfo')) {
    // `https://user:secret@host/`: credentials where the policy takes none. The text names no part
    // of the userinfo (it may hold a password).
    const start = authorityStart(input);
    const at = start < 0 ? -1 : input.lastIndexOf('@', authorityEnd(input, start));
    if (at >= start && start >= 0) {
      return {
        kind: 'userinfo', index: start,
        text: 'remove the credentials and the "@" after them ("scheme://host/"); pass them another way (e.g. an Authorization header or the client\'s own option)',
        fix: () => input.slice(0, start) + input.slice(at + 1),
      };
    }
  }
  if (component === 'scheme' && reason.startsWith('a relative reference')) {
    return { kind: 'missing-scheme', index: 0, text: 'an absolute URI begins with a scheme and ":" (e.g. "https:")', fix: () => schemeFix(input) };
  }
  return undefined;
}

/** UTF-8 percent-encoding of one character; undefined for a lone surrogate. */
function utf8Percent(ch: string): string | undefined {
  try {
    return encodeURIComponent(ch).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  } catch {
    return undefined;
  }
}

/** Every non-ASCII character percent-encoded as UTF-8 (RFC 3986 2.5, RFC 3987 3.1). */
function encodeNonAscii(s: string): string | undefined {
  let ok = true;
  const out = s.replace(/[^\x00-\x7f]/gu, (ch) => {
    const e = utf8Percent(ch);
    if (e === undefined) ok = false;
    return e ?? '';
  });
  return ok && !/[\ud800-\udfff]/.test(out) ? out : undefined;
}

/** A host name in IDNA ASCII form (`bücher.de` → `xn--bcher-kva.de`), by the WHATWG URL parser. */
function idnaToAscii(host: string): string | undefined {
  try {
    const h = new URL(`http://${host}/`).hostname;
    return /^[\x21-\x7e]+$/.test(h) ? h : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The error with `hint`, `hintKind`, `hintIndex` and `suggestion` set and the hint in its
 * message: a `hint:` line above the input, and where the hint points elsewhere than `index`,
 * `~` under the characters from there to the caret (one offset in words: the error's).
 */
export function attachHint<E extends Error & { input: string; index: number; end?: number }>(error: E, hint: Hint | undefined): E {
  if (!hint) return error;
  // A syntax error composes its message on first read (src/engine/errors.ts).
  if (error instanceof GrammarSyntaxError) return error.withHint(hint);
  const old = error.message;
  const caret = caretLines(error.input, error.index, error.end ?? error.index, hint.index !== error.index ? hint.index : undefined);
  const props: PropertyDescriptorMap = {
    message: { value: withHintLine(old, hint.text, caret), writable: true, configurable: true, enumerable: false },
    hint: { value: hint.text, enumerable: true },
    hintKind: { value: hint.kind, enumerable: true },
    hintIndex: { value: hint.index, enumerable: true },
  };
  if (hint.suggestion !== undefined) props.suggestion = { value: hint.suggestion, enumerable: true };
  Object.defineProperties(error, props);
  if (typeof error.stack === 'string') error.stack = error.stack.replace(old, error.message);
  return error;
}

/** A syntax error of the RFC 3986 grammar with its hint attached (validated against `rule`). */
export function hinted(error: UriSyntaxError, check?: Checker): UriSyntaxError {
  const rule = error.rule as RuleName;
  if (!driver.hasRule(rule)) return error;
  let hint: Hint | undefined;
  try {
    // Worked out on the text as given (the error shows it with any password hidden).
    const { input, index } = givenOf(error);
    hint = findHint({ input, rule, index }, check ?? grammarChecker(rule));
  } catch (e) {
    // A hint is extra: a RangeError while looking for one (V8's RegExp backtracking stack on a
    // multi-megabyte input, seen once in a full test run) must not turn the verdict into a crash.
    if (e instanceof RangeError) return error;
    throw e;
  }
  return attachHint(error, hint);
}
