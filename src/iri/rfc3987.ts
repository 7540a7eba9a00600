/**
 * The RFC 3987 grammar (grammar/rfc3987.abnf, section 2.2) with section 4.1 on top, as an
 * object: verdicts and errors for every rule under its RFC name, and the RFC 3986
 * algorithms (parse, recompose, resolve, normalize, equivalent) on IRIs.
 *
 * The grammar is grammar/rfc3987.abnf compiled by the engine (compileAbnf): errors with
 * `expected` in ABNF words, trees, parsimmon parsers, rule texts. The verdict (`isValid`) of
 * the rules that generalise an RFC 3986 rule comes from that rule's RFC 3986 automaton
 * through the placeholder mapping (./check.ts), so ASCII input costs what a URI costs;
 * test/iri/grammar.test.ts checks that both give the same verdicts and offsets.
 * Offsets are UTF-16 offsets; a character outside the BMP is one character and an error
 * never points into its second half.
 */
import { givenOf, withoutFrames } from '../engine/errors';
import { driver, type RuleName } from '../uri/driver';
import { UriSyntaxError, expectString } from '../uri/errors';
import { GrammarSyntaxError } from '../engine/errors';
import type { TreeVisitor } from '../engine/trees/flatTree';
import { readOptions, REVEAL_OPTIONS, TREE_OPTIONS } from '../engine/options';
import { revealed } from '../engine/secrets';
import type { ValidateOptions } from '../engine/grammar/types';
import { iriCheck, iriTester, isMappedRule, type IriVerdict } from './check';
import { iriError } from './errors';
import { isBidiFormatting, isIprivate, isUcschar, BIDI_NAMES, uPlus, type BidiCheck } from './ucschar';
import { equivalentIri, normalizeIri, parseIri, recomposeIri, resolveIri, type IriCheckOptions } from './semantics';
import { toUri } from './toUri';
import { toIri } from './toIri';
import type P from 'parsimmon';
import { compileAbnf } from '../engine/text/abnf';
import { shippedGrammar } from '../engine/build/compiled';
import { rfc3987Compiled, rfc3987Plans } from '../generated/load';
import type { Expr } from '../engine/expr';
import type { Grammar, TreeOptions, ValidationOf } from '../engine/grammar/types';
import type { RuleGrammar } from '../engine/grammar/grammar';
import type { TreeNode } from '../engine/tree';
import { RFC3987_ABNF } from '../generated/texts';

/** The rules of RFC 3987 2.2, in the order written. */
export const RFC3987_RULES = Object.freeze([
  'IRI', 'ihier-part', 'IRI-reference', 'absolute-IRI', 'irelative-ref', 'irelative-part', 'iauthority',
  'iuserinfo', 'ihost', 'ireg-name', 'ipath', 'ipath-abempty', 'ipath-absolute', 'ipath-noscheme',
  'ipath-rootless', 'ipath-empty', 'isegment', 'isegment-nz', 'isegment-nz-nc', 'ipchar', 'iquery',
  'ifragment', 'iunreserved', 'ucschar', 'iprivate',
  'scheme', 'port', 'IP-literal', 'IPvFuture', 'IPv6address', 'h16', 'ls32', 'IPv4address', 'dec-octet',
  'pct-encoded', 'unreserved', 'reserved', 'gen-delims', 'sub-delims',
] as const);

export type Rfc3987Rule = (typeof RFC3987_RULES)[number];

export type IriValidationResult = ValidationOf<UriSyntaxError>;

const RULES: ReadonlySet<string> = new Set(RFC3987_RULES);

const BY_LOWER_CASE: ReadonlyMap<string, Rfc3987Rule> = new Map(RFC3987_RULES.map((r) => [r.toLowerCase(), r]));

/** The options of `parseTree` and `walk`: the grammar's tree options and section 4.1's. */
const IRI_TREE_OPTIONS = { abnfOnly: 'boolean', allowNewerBidiControls: 'boolean', ...TREE_OPTIONS } as const;

/** The options of `validate`: section 4.1's and whether its error may show a password. */
const IRI_VALIDATE_OPTIONS = { abnfOnly: 'boolean', allowNewerBidiControls: 'boolean', ...REVEAL_OPTIONS } as const;

/** The grammar's tree options: none for the usual call that gives none (nothing made, nothing to read again). */
function treeOptionsOf(lexical: boolean | undefined, maxNodes: number | undefined): TreeOptions | undefined {
  return lexical === undefined && maxNodes === undefined ? undefined : { lexical, maxNodes };
}

/** The rule as RFC 3987 spells it (rule names are case-insensitive, RFC 5234 2.1), or a TypeError. */
function ruleNamed(rule: unknown, fn: string): Rfc3987Rule {
  if (typeof rule === 'string') {
    const named = RULES.has(rule) ? (rule as Rfc3987Rule) : BY_LOWER_CASE.get(rule.toLowerCase());
    if (named !== undefined) return named;
  }
  expectRule(rule, fn);
  return rule;
}

function expectRule(rule: unknown, fn: string): asserts rule is Rfc3987Rule {
  if (typeof rule !== 'string' || !RULES.has(rule)) {
    throw new TypeError(`${fn}: argument "rule" must be one of the RFC 3987 rules (rfc3987.rules), got ${typeof rule === 'string' ? JSON.stringify(rule) : typeof rule}`);
  }
}

/** Which bidi controls are refused (BidiCheck): none with `{ abnfOnly: true }` (own properties only: src/engine/options.ts). */
function bidiOption(options: IriCheckOptions | undefined, fn: string): BidiCheck {
  const o = readOptions(fn, options, { abnfOnly: 'boolean', allowNewerBidiControls: 'boolean' });
  return o.abnfOnly === true ? false : o.allowNewerBidiControls === true ? 'rfc3987' : true;
}

/** The verdict of any RFC 3987 rule; `bidi` adds section 4.1. */
function check(input: string, rule: Rfc3987Rule, bidi: BidiCheck): IriVerdict {
  if (isMappedRule(rule)) return iriCheck(input, rule, bidi);
  switch (rule) {
    case 'ucschar': return oneChar(input, bidi, (cp) => isUcschar(cp));
    case 'iprivate': return oneChar(input, bidi, (cp) => isIprivate(cp));
    // iunreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
    case 'iunreserved': return oneChar(input, bidi, (cp) => isUcschar(cp) || (cp < 0x80 && driver.test(String.fromCharCode(cp), 'unreserved')));
    // ipchar         = iunreserved / pct-encoded / sub-delims / ":" / "@"
    case 'ipchar':
      if (input[0] === '%') {
        const v = driver.verdict(input, 'pct-encoded');
        return v.ok ? { ok: true } : { ok: false, index: v.index };
      }
      return oneChar(input, bidi, (cp) => isUcschar(cp) || (cp < 0x80 && driver.test(String.fromCharCode(cp), 'pchar')));
    default: {
      // The rules RFC 3987 takes from RFC 3986 unchanged: ASCII, the same automaton.
      const v = driver.verdict(input, rule as RuleName);
      return v.ok ? { ok: true } : { ok: false, index: v.index };
    }
  }
}

/** A rule that is one character (one code point: an astral character is one). */
function oneChar(input: string, bidi: BidiCheck, allowed: (cp: number) => boolean): IriVerdict {
  const cp = input.codePointAt(0);
  if (cp === undefined) return { ok: false, index: 0 };
  const lone = cp >= 0xd800 && cp <= 0xdfff;
  if (lone || !allowed(cp)) return { ok: false, index: 0, reason: lone ? `${uPlus(cp)} is a lone surrogate, not a character` : undefined };
  if (bidi && isBidiFormatting(cp, bidi !== 'rfc3987')) return { ok: false, index: 0, reason: `RFC 3987 4.1: an IRI must not contain the bidirectional formatting character ${uPlus(cp)} ${BIDI_NAMES[cp]}` };
  const width = cp > 0xffff ? 2 : 1;
  return input.length === width ? { ok: true } : { ok: false, index: width };
}

let compiled: RuleGrammar<Rfc3987Rule> | undefined;

/**
 * grammar/rfc3987.abnf compiled now, the character-level rules marked as for RFC 3986: what
 * `npm run generate` writes out (src/generated/rfc3987Compiled.ts, scripts/generate-compiled.ts).
 */
export function rfc3987FromText(): RuleGrammar<Rfc3987Rule> {
  return compileAbnf(RFC3987_ABNF, {
    name: 'rfc3987',
    lexicalRules: ['ipchar', 'iunreserved', 'ucschar', 'iprivate', 'h16', 'ls32', 'dec-octet', 'pct-encoded', 'unreserved', 'reserved', 'gen-delims', 'sub-delims'],
    labelRules: ['iunreserved', 'unreserved', 'pct-encoded', 'sub-delims', 'gen-delims', 'h16', 'dec-octet'],
  }) as RuleGrammar<Rfc3987Rule>;
}

/** The grammar, from its compiled form made at build time (nothing is read from text at run time). */
export function rfc3987Grammar(): RuleGrammar<Rfc3987Rule> {
  compiled ??= shippedGrammar<Rfc3987Rule>(rfc3987Compiled(), rfc3987Plans) as RuleGrammar<Rfc3987Rule>;
  return compiled;
}

/** Section 4.1 on top of the grammar's verdict: the first bidi formatting character, unless an earlier syntax error. */
function withBidi(input: string, rule: Rfc3987Rule, bidi: BidiCheck, fn: string): IriValidationResult {
  const v = rfc3987Grammar().validate(input, rule);
  const b = bidi ? firstBidi(input, bidi !== 'rfc3987') : -1;
  // Offsets in the text as given (the error shows it with any password hidden).
  if (b < 0 || (!v.ok && givenOf(v.error).index <= b)) {
    if (v.ok) return v;
    const e = { index: givenOf(v.error).index, expected: v.error.expected };
    const cp = input.codePointAt(e.index);
    // The engine names what it expected; a character that is never allowed gets its reason too.
    const reason = cp !== undefined && cp >= 0xd800 && cp <= 0xdfff ? ` (${uPlus(cp)} is a lone surrogate, not a character)` : '';
    return { ok: false, error: new UriSyntaxError(input, rule, e.index, e.expected, reason ? `${fn}: not a valid ${rule}: at offset ${e.index}, found ${uPlus(cp!)}${reason}` : undefined) };
  }
  const cp = input.codePointAt(b)!;
  return { ok: false, error: iriError(input, rule, { ok: false, index: b, reason: `RFC 3987 4.1: an IRI must not contain the bidirectional formatting character ${uPlus(cp)} ${BIDI_NAMES[cp]}` }, fn) };
}

const BIDI = /[\u200e\u200f\u202a-\u202e]/;
const BIDI_AND_NEWER = /[\u200e\u200f\u202a-\u202e\u061c\u2066-\u2069]/; // isBidiFormatting(cp, true)
function firstBidi(input: string, newer: boolean): number {
  const m = (newer ? BIDI_AND_NEWER : BIDI).exec(input);
  return m ? m.index : -1;
}

let lastRule: unknown;
let lastTester: (input: string) => boolean;

export interface IriTreeOptions extends TreeOptions, IriCheckOptions {}

export const rfc3987 = Object.freeze({
  name: 'rfc3987' as const,
  rules: RFC3987_RULES,

  /** Does the whole input match `rule`? Section 4.1 applies unless `{ abnfOnly: true }`. */
  isValid(input: string, rule: Rfc3987Rule = 'IRI-reference', options?: IriCheckOptions): boolean {
    // The rule of the last call with no options, and its tester, as the module-level isValid does.
    if (rule === lastRule && options === undefined && typeof input === 'string') return lastTester(input);
    expectString(input, 'input', 'rfc3987.isValid');
    rule = ruleNamed(rule, 'rfc3987.isValid');
    const bidi = bidiOption(options, 'rfc3987.isValid');
    const tester = isMappedRule(rule) ? iriTester(rule, bidi) : (s: string) => check(s, rule, bidi).ok;
    if (options === undefined) { lastRule = rule; lastTester = tester; }
    return tester(input);
  },

  /** `{ ok: true }` or `{ ok: false, error }`: the offset, what stands there, and why when it is a character. */
  validate(input: string, rule: Rfc3987Rule = 'IRI-reference', options?: IriCheckOptions & ValidateOptions): IriValidationResult {
    expectString(input, 'input', 'rfc3987.validate');
    rule = ruleNamed(rule, 'rfc3987.validate');
    const o = readOptions('rfc3987.validate', options, IRI_VALIDATE_OPTIONS);
    const bidi: BidiCheck = o.abnfOnly === true ? false : o.allowNewerBidiControls === true ? 'rfc3987' : true;
    const r = rule;
    // Handed back, not thrown: no call-site frames (see withoutFrames).
    return revealed(o.revealPasswords, () => withoutFrames(() => withBidi(input, r, bidi, 'rfc3987.validate')));
  },

  /** The first-match-wins tree (character-level rules with `{ lexical: true }`); section 4.1 applies unless `abnfOnly`. */
  parseTree(input: string, rule: Rfc3987Rule = 'IRI-reference', options?: IriTreeOptions): TreeNode<Rfc3987Rule> {
    expectString(input, 'input', 'rfc3987.parseTree');
    rule = ruleNamed(rule, 'rfc3987.parseTree');
    const { abnfOnly, allowNewerBidiControls, lexical, maxNodes, revealPasswords } = readOptions('rfc3987.parseTree', options, IRI_TREE_OPTIONS);
    if (revealPasswords === true) return revealed(true, () => rfc3987.parseTree(input, rule, { abnfOnly, allowNewerBidiControls, lexical, maxNodes }));
    const treeOptions = treeOptionsOf(lexical, maxNodes);
    const bidi: BidiCheck = abnfOnly === true ? false : allowNewerBidiControls === true ? 'rfc3987' : true;
    // The tree checks the grammar itself; the combined verdict (which of a grammar error and a
    // bidi character comes first, and the error's words) only when either is there.
    if (!bidi) return rfc3987Grammar().parseTree(input, rule, treeOptions);
    if (firstBidi(input, bidi !== 'rfc3987') >= 0) throw (withBidi(input, rule, bidi, 'rfc3987.parseTree') as { error: Error }).error;
    try {
      return rfc3987Grammar().parseTree(input, rule, treeOptions);
    } catch (e) {
      if (!(e instanceof GrammarSyntaxError)) throw e;
      const v = withBidi(input, rule, bidi, 'rfc3987.parseTree');
      throw v.ok ? e : v.error;
    }
  },
  /** `parseTree`'s tree as enter and leave events (no node objects); section 4.1 applies unless `abnfOnly`. */
  walk(input: string, rule: Rfc3987Rule, visitor: TreeVisitor<Rfc3987Rule>, options?: IriTreeOptions): void {
    expectString(input, 'input', 'rfc3987.walk');
    rule = ruleNamed(rule, 'rfc3987.walk');
    const { abnfOnly, allowNewerBidiControls, lexical, maxNodes, revealPasswords } = readOptions('rfc3987.walk', options, IRI_TREE_OPTIONS);
    if (revealPasswords === true) return revealed(true, () => rfc3987.walk(input, rule, visitor, { abnfOnly, allowNewerBidiControls, lexical, maxNodes }));
    const treeOptions = treeOptionsOf(lexical, maxNodes);
    const bidi: BidiCheck = abnfOnly === true ? false : allowNewerBidiControls === true ? 'rfc3987' : true;
    // The verdict with section 4.1 first: an error comes before any event.
    if (bidi) {
      const v = withBidi(input, rule, bidi, 'rfc3987.walk');
      if (!v.ok) throw v.error;
    }
    rfc3987Grammar().walk(input, rule, visitor, treeOptions);
  },
  /** A parsimmon parser of `rule` (the ABNF alone: it consumes the longest matching prefix). */
  parser: (rule: Rfc3987Rule): P.Parser<TreeNode<Rfc3987Rule>> => rfc3987Grammar().parser(rule),
  ruleText: (rule: Rfc3987Rule): string => rfc3987Grammar().ruleText(rule),
  expr: (rule: Rfc3987Rule): Expr => rfc3987Grammar().expr(rule),
  alternativeOf: (rule: Rfc3987Rule, text: string): number => rfc3987Grammar().alternativeOf(rule, text),

  parse: parseIri,
  recompose: recomposeIri,
  resolve: resolveIri,
  normalize: normalizeIri,
  equivalent: equivalentIri,
  toUri,
  toIri,
}) satisfies Grammar<Rfc3987Rule>;

/** The mapped verdict and offset (./check.ts), for the tests that compare it with the engine. */
export const mappedCheck = check;
