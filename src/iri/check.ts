/**
 * The verdict and error offset of an RFC 3987 rule, read through the RFC 3986 rule it
 * generalises.
 *
 * RFC 3987 2.2 changes RFC 3986 in one way: where RFC 3986 allows `unreserved`, the IRI
 * rules allow `iunreserved` = unreserved / ucschar, and `iquery` also allows `iprivate`.
 * Every rule that allows `iunreserved` also allows `pct-encoded` in the same place (iuserinfo,
 * ireg-name, the isegments, iquery, ifragment), and the delimiters are ASCII. So a string
 * is an IRI exactly when each non-ASCII character is a `ucschar` (or an `iprivate` in the
 * query) and the string with each such character replaced by a `pct-encoded` triplet is a
 * URI; and it stops being a prefix of an IRI at the same character. (This is the mapping of
 * section 3.1, with a placeholder triplet.) ASCII input goes straight to the RFC 3986 check:
 * it pays nothing for Unicode. test/iri/grammar.test.ts compares this with the grammar itself.
 */
import { driver, type RuleName } from '../uri/rules';
import type { WideAs } from '../engine/automata/tableDfa';
import { BIDI_NAMES, isBidiFormatting, isIprivate, isUcschar, uPlus, type BidiCheck } from './ucschar';

/** The RFC 3987 rules that generalise an RFC 3986 rule (2.2: "'URI' ... changed to 'IRI'. Otherwise, an 'i' has been prefixed"). */
export const URI_COUNTERPART = Object.freeze({
  'IRI': 'URI', 'IRI-reference': 'URI-reference', 'absolute-IRI': 'absolute-URI', 'irelative-ref': 'relative-ref',
  'ihier-part': 'hier-part', 'irelative-part': 'relative-part', 'iauthority': 'authority', 'iuserinfo': 'userinfo',
  'ihost': 'host', 'ireg-name': 'reg-name', 'ipath': 'path', 'ipath-abempty': 'path-abempty',
  'ipath-absolute': 'path-absolute', 'ipath-noscheme': 'path-noscheme', 'ipath-rootless': 'path-rootless',
  'ipath-empty': 'path-empty', 'isegment': 'segment', 'isegment-nz': 'segment-nz', 'isegment-nz-nc': 'segment-nz-nc',
  'iquery': 'query', 'ifragment': 'fragment',
} as const satisfies Record<string, RuleName>);

export type MappedRule = keyof typeof URI_COUNTERPART;

/** Where `iprivate` may stand: after the query's "?" (before any "#"), everywhere in `iquery`, or nowhere. */
const WITH_QUERY: ReadonlySet<string> = new Set(['IRI', 'IRI-reference', 'absolute-IRI', 'irelative-ref']);

export type IriVerdict = { ok: true } | { ok: false; index: number; reason?: string };

export function isMappedRule(rule: string): rule is MappedRule {
  return Object.prototype.hasOwnProperty.call(URI_COUNTERPART, rule);
}

const NON_ASCII = /[^\x00-\x7f]/;

/** Does all of `input` match `rule`? With `bidi`, section 4.1's characters are refused too. */
export function iriTest(input: string, rule: MappedRule, bidi: BidiCheck): boolean {
  return iriTester(rule, bidi)(input);
}

/**
 * The ucschar code units an IRI may hold anywhere `pct-encoded` stands (without section 4.1's
 * controls when `bidi` refuses them), read as the triplet `mapped` puts in their place: RFC
 * 3986's tables then walk the IRI itself (../engine/automata/tableDfa.ts `locateAs`), those
 * above the Basic Multilingual Plane as surrogate pairs (UCSCHAR_PAIRS). An `iprivate`, a lone
 * surrogate or a refused control stops the walk, and `mapped` decides. Made once per `bidi`.
 */
function ucscharAs(bidi: BidiCheck): WideAs {
  const key = bidi === 'rfc3987' ? 2 : bidi ? 1 : 0;
  let as = UCSCHAR_AS[key];
  if (!as) {
    // ucschar's ranges in the Basic Multilingual Plane (./ucschar.ts), less the refused controls.
    let ranges = [[0xa0, 0xd7ff], [0xf900, 0xfdcf], [0xfdf0, 0xffef]];
    if (bidi) {
      for (const c of BIDI_CONTROLS) {
        if (!isBidiFormatting(c, bidi !== 'rfc3987')) continue;
        ranges = ranges.flatMap(([lo, hi]) => (c < lo || c > hi ? [[lo, hi]] : [[lo, c - 1], [c + 1, hi]].filter(([a, b]) => a <= b)));
      }
    }
    const units = new Uint8Array(0x10000);
    const hex = (c: number) => '\\u' + c.toString(16).padStart(4, '0');
    let source = '';
    for (const [lo, hi] of ranges) {
      units.fill(1, lo, hi + 1);
      source += lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`;
    }
    as = UCSCHAR_AS[key] = { units, source, text: '%80', pairs: UCSCHAR_PAIRS };
  }
  return as;
}

/**
 * The ucschar above the Basic Multilingual Plane (planes 1 to 14, ./ucschar.ts), as surrogate
 * pairs the walk reads as `%80` too: a high surrogate takes every low one, or all but the two
 * of its plane's last code points (xFFFE, xFFFF), or none (U+E0000-E0FFF; planes 15 and 16 are
 * `iprivate`, which the mapping decides). The RegExp alternatives are made from `isUcschar`.
 */
const UCSCHAR_PAIRS: NonNullable<WideAs['pairs']> = (() => {
  const codePoint = (high: number, low: number) => (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  const hex = (c: number) => '\\u' + c.toString(16);
  // The high surrogates that take DC00-DFFD (each of planes 1 to 13, and 14 from U+E1000: two
  // ranges), and those that take DFFE and DFFF too (all but each plane's last). The first
  // alternative, two classes of few ranges, reads nearly every pair.
  const most: number[] = [];
  const all: number[] = [];
  for (let high = 0xd800; high <= 0xdbff; high++) {
    if (isUcschar(codePoint(high, 0xdc00))) most.push(high);
    if (isUcschar(codePoint(high, 0xdfff))) all.push(high);
  }
  const ranges = (units: number[]) => units.reduce((out, c, k) => out + (units[k - 1] === c - 1 ? (units[k + 1] === c + 1 ? '' : '-' + hex(c)) : hex(c)), '');
  return {
    takes: (high, low) => high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff && isUcschar(codePoint(high, low)),
    source: `[${ranges(most)}][\\udc00-\\udffd]|[${ranges(all)}][\\udffe\\udfff]`,
  };
})();
/** Every control `isBidiFormatting` may refuse. */
const BIDI_CONTROLS = Object.keys(BIDI_NAMES).map(Number);
const UCSCHAR_AS: (WideAs | undefined)[] = [];

/**
 * From this many characters on, `iriTester` walks the tables at once, with no RFC 3986 RegExp
 * first. The RegExp refuses an IRI only after backtracking over all it read: an ASCII kilobyte
 * with one ucschar at its end took about 4 ns a character that way, the walk about 0.75 (ASCII
 * input pays the walk's 0.75–0.85 ns for the RegExp's 0.65 there). Below it, the RegExp's refusal
 * costs at most about 4 µs, and short ASCII input (the common case) one RegExp test.
 */
export const WALK_FROM = 1024;

/**
 * `iriTest` as a function of the input. A string the RFC 3986 rule accepts is ASCII and so
 * also an IRI (with or without 4.1): that is the first and, for short ASCII input, the only
 * test. Then (and from WALK_FROM characters on, at once) RFC 3986's tables walk the IRI itself,
 * each ucschar read as a triplet (`ucscharAs`): linear, no copy, and each state's loops read by
 * a RegExp, so a long IRI costs what a long URI does. Only where the walk stops at a character
 * it does not read does `mapped` decide.
 */
export function iriTester(rule: MappedRule, bidi: BidiCheck): (input: string) => boolean {
  const uriRule = URI_COUNTERPART[rule];
  const uriTest = driver.tester(uriRule);
  const as = ucscharAs(bidi);
  const locate = driver.tableLocatorAs(uriRule, as);
  return (input) => {
    if (input.length < WALK_FROM) {
      if (uriTest(input)) return true;
      if (!NON_ASCII.test(input)) return false;
    }
    if (locate) {
      const code = locate(input);
      if (code < 0) return true;
      const at = driver.failureIndex(code);
      // Stopped at the end, an ASCII character or a ucschar the walk read: what mapped text
      // would say. At any other character (an iprivate, a refused control, a surrogate pair):
      // the mapping decides.
      if (at >= input.length) return false;
      const c = input.charCodeAt(at);
      if (c < 0x80 || as.units[c] === 1 || as.pairs!.takes(c, input.charCodeAt(at + 1))) return false;
    } else if (!NON_ASCII.test(input)) return uriTest(input);
    const m = mapped(input, rule, bidi, null);
    return typeof m === 'string' && uriTest(m);
  };
}

/** The verdict with the offset at which `input` stops being a prefix of a `rule`, and why when it is a character. */
export function iriCheck(input: string, rule: MappedRule, bidi: BidiCheck): IriVerdict {
  const uriRule = URI_COUNTERPART[rule];
  if (!NON_ASCII.test(input)) {
    const v = driver.verdict(input, uriRule);
    return v.ok ? { ok: true } : { ok: false, index: v.index };
  }
  // The verdict first; the offsets of the mapped text only for an error.
  const first = mapped(input, rule, bidi, null);
  if (typeof first === 'string' && driver.test(first, uriRule)) return { ok: true };
  const origin: number[] = [];
  const m = mapped(input, rule, bidi, origin);
  const text = typeof m === 'string' ? m : m.prefix;
  const v = driver.verdict(text, uriRule);
  if (typeof m === 'string') return v.ok ? { ok: true } : { ok: false, index: origin[v.index] ?? input.length };
  // A character the IRI cannot hold at m.index: the error is there unless the text before it
  // already stopped being a prefix.
  if (!v.ok && v.index < text.length) return { ok: false, index: origin[v.index] };
  return { ok: false, index: m.index, reason: m.reason };
}

/**
 * `input` with each allowed non-ASCII character replaced by "%80", or the first character
 * that cannot stand where it is (with the mapped text before it). With `origin`, records the
 * input offset of each mapped character (and of the end).
 */
function mapped(input: string, rule: MappedRule, bidi: BidiCheck, origin: number[] | null): string | { index: number; reason: string; prefix: string } {
  const anyPrivate = rule === 'iquery';
  const queryRule = WITH_QUERY.has(rule);
  let inQuery = false;
  let sawHash = false;
  let out = '';
  let from = 0;
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c < 0x80) {
      if (queryRule) {
        // The first "?" begins the query, the first "#" the fragment (neither can come earlier).
        if (c === 0x3f && !sawHash) inQuery = true;
        else if (c === 0x23) { sawHash = true; inQuery = false; }
      }
      if (origin) origin.push(i);
      continue;
    }
    let cp = c;
    let width = 1;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < input.length) {
      const d = input.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { cp = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000; width = 2; }
    }
    let reason: string | undefined;
    if (isUcschar(cp)) {
      if (bidi && isBidiFormatting(cp, bidi !== 'rfc3987')) {
        reason = `RFC 3987 4.1: an IRI must not contain the bidirectional formatting character ${uPlus(cp)} ${BIDI_NAMES[cp]}`;
      }
    } else if (isIprivate(cp)) {
      if (!anyPrivate && !inQuery) reason = `${uPlus(cp)} is an iprivate character, allowed only in the query (RFC 3987 2.2)`;
    } else if (cp >= 0xd800 && cp <= 0xdfff) {
      reason = `${uPlus(cp)} is a lone surrogate, not a character`;
    } else {
      reason = `${uPlus(cp)} is not a ucschar (RFC 3987 2.2)`;
    }
    if (reason !== undefined) {
      if (origin) origin.push(i);
      return { index: i, reason, prefix: out + input.slice(from, i) };
    }
    out += input.slice(from, i) + '%80';
    if (origin) origin.push(i, i, i);
    i += width - 1;
    from = i + 1;
  }
  if (origin) origin.push(input.length);
  return out + input.slice(from);
}

