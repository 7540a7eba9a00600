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
import { driver, type RuleName } from '../uri/rules';
import { UriSyntaxError } from '../uri/errors';
import type { GrammarSyntaxError } from '../engine/errors';
import { iriCheck, iriTester, isMappedRule, type IriVerdict } from './check';
import { iriError } from './errors';
import { isBidiFormatting, isIprivate, isUcschar, BIDI_NAMES, uPlus, type BidiCheck } from './ucschar';
import { equivalentIri, normalizeIri, parseIri, recomposeIri, resolveIri, type IriCheckOptions } from './semantics';
import { toUri } from './toUri';
import { toIri } from './toIri';
import { compileAbnf } from '../engine/text/abnf';
import { shippedGrammar } from '../engine/grammar/fromCompiled';
import { rfc3987Compiled, rfc3987Plans } from '../generated/load';
import type { TreeOptions, ValidateOptions, ValidationOf } from '../engine/grammar/types';
import type { TreeNodeOf } from '../engine/tree';
import type { TypedGrammar } from '../engine/grammar/typedTrees';
import type { Rfc3987Children } from '../generated/treeTypes';
import type { TreeVisitor } from '../engine/trees/flatTree';
import { RuleGrammar } from '../engine/grammar/grammar';
import type { Verdict } from '../engine/grammar/runner';
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
export type { Rfc3987Children };

export type IriValidationResult = ValidationOf<UriSyntaxError>;

/** The options RFC 3987 adds to the grammar's calls on input (section 4.1). */
const IRI_OPTIONS = { abnfOnly: 'boolean', allowNewerBidiControls: 'boolean' } as const;

/** Which bidi controls are refused (BidiCheck): none with `{ abnfOnly: true }`. */
function bidiOf(options: IriCheckOptions | undefined): BidiCheck {
  return options?.abnfOnly === true ? false : options?.allowNewerBidiControls === true ? 'rfc3987' : true;
}

/** The TypeError of a call on input for a rule RFC 3987 does not have. */
function badRule(rule: unknown, fn: string): TypeError {
  return new TypeError(`${fn}: argument "rule" must be one of the RFC 3987 rules (rfc3987.rules), got ${typeof rule === 'string' ? JSON.stringify(rule) : typeof rule}`);
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

/**
 * Section 4.1 on top of the grammar's verdict `v`: the first bidi formatting character, unless an
 * earlier syntax error; a syntax error as a `UriSyntaxError`, with the reason when the character
 * there is a lone surrogate. Undefined when the input is one.
 */
function withBidi(input: string, rule: Rfc3987Rule, v: Verdict, bidi: BidiCheck, fn: string): UriSyntaxError | undefined {
  const b = bidi ? firstBidi(input, bidi !== 'rfc3987') : -1;
  // Offsets in the text as given (the error shows it with any password hidden).
  if (b < 0 || (!v.ok && v.index <= b)) {
    if (v.ok) return undefined;
    const cp = input.codePointAt(v.index);
    // The engine names what it expected; a character that is never allowed gets its reason too.
    const reason = cp !== undefined && cp >= 0xd800 && cp <= 0xdfff ? ` (${uPlus(cp)} is a lone surrogate, not a character)` : '';
    return new UriSyntaxError(input, rule, v.index, v.expected, reason ? `${fn}: not a valid ${rule}: at offset ${v.index}, found ${uPlus(cp!)}${reason}` : undefined);
  }
  const cp = input.codePointAt(b)!;
  return iriError(input, rule, { ok: false, index: b, reason: `RFC 3987 4.1: an IRI must not contain the bidirectional formatting character ${uPlus(cp)} ${BIDI_NAMES[cp]}` }, fn);
}

const BIDI = /[\u200e\u200f\u202a-\u202e]/;
const BIDI_AND_NEWER = /[\u200e\u200f\u202a-\u202e\u061c\u2066-\u2069]/; // isBidiFormatting(cp, true)
function firstBidi(input: string, newer: boolean): number {
  const m = (newer ? BIDI_AND_NEWER : BIDI).exec(input);
  return m ? m.index : -1;
}

export interface IriTreeOptions extends TreeOptions, IriCheckOptions {}

/**
 * RFC 3987 as a `Grammar` (src/engine/grammar/grammar.ts), made from its compiled form on first
 * use, with section 4.1 through the grammar's hooks (src/engine/grammar/hooks.ts): the options
 * `abnfOnly` and `allowNewerBidiControls`, the mapped yes/no of `isValid` (./check.ts) and the
 * bidi check of `validate`, `parseTree` and `walk`; plus the RFC 3986 algorithms on IRIs.
 */
export const rfc3987 = Object.assign(new RuleGrammar<Rfc3987Rule>(rfc3987Grammar, RFC3987_RULES, {
  name: 'rfc3987',
  hooks: {
    prefix: 'rfc3987.',
    defaultRule: 'IRI-reference',
    options: IRI_OPTIONS,
    badRule,
    // The rule of the last call with no options, and its tester, are kept as for any grammar.
    tester: (rule, options) => {
      const bidi = bidiOf(options);
      return isMappedRule(rule) ? iriTester(rule, bidi) : (s: string) => check(s, rule as Rfc3987Rule, bidi).ok;
    },
    // The trees check the grammar themselves; with abnfOnly, their error is the grammar's.
    check: (input, rule, v, options, fn) => {
      const bidi = bidiOf(options);
      return bidi || fn === 'rfc3987.validate' ? withBidi(input, rule as Rfc3987Rule, v, bidi, fn) : undefined;
    },
  },
}), {
  parse: parseIri,
  recompose: recomposeIri,
  resolve: resolveIri,
  normalize: normalizeIri,
  equivalent: equivalentIri,
  toUri,
  toIri,
}) as Rfc3987Extras & TypedGrammar<Rfc3987Children> & RuleGrammar<Rfc3987Rule>;

/** What the RFC 3987 grammar adds to its `Grammar` (section 4.1's options, and the RFC 3986 algorithms on IRIs). */
export interface Rfc3987Extras {
  readonly name: 'rfc3987';
  /** Does the whole input match `rule`? Section 4.1 applies unless `{ abnfOnly: true }`. */
  isValid(input: string, rule?: Rfc3987Rule, options?: IriCheckOptions): boolean;
  /** `{ ok: true }` or `{ ok: false, error }`: the offset, what stands there, and why when it is a character. */
  validate(input: string, rule?: Rfc3987Rule, options?: IriCheckOptions & ValidateOptions): IriValidationResult;
  /**
   * The first-match-wins tree (character-level rules with `{ lexical: true }`), typed by parent
   * (`Rfc3987Children`); section 4.1 applies unless `abnfOnly`.
   */
  parseTree<K extends Rfc3987Rule = 'IRI-reference'>(input: string, rule?: K, options?: IriTreeOptions): TreeNodeOf<Rfc3987Children, K>;
  /** `parseTree`'s tree as enter and leave events (no node objects); section 4.1 applies unless `abnfOnly`. */
  walk(input: string, rule: Rfc3987Rule, visitor: TreeVisitor<Rfc3987Rule>, options?: IriTreeOptions): void;
  parse: typeof parseIri;
  recompose: typeof recomposeIri;
  resolve: typeof resolveIri;
  normalize: typeof normalizeIri;
  equivalent: typeof equivalentIri;
  toUri: typeof toUri;
  toIri: typeof toIri;
}

/** The mapped verdict and offset (./check.ts), for the tests that compare it with the engine. */
export const mappedCheck = check;
