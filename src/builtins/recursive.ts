/**
 * The recursive grammars shipped as files (grammar/json.abnf, grammar/rfc5322-addr-spec.abnf,
 * grammar/abnf.abnf), each compiled from its text on first use and run by the engine's recursive
 * machinery (src/engine/recursive/): `grammarByName('json')`, `'rfc5322'`, `'abnf'`; with other
 * limits, `grammarByName('json', { maxNesting: 100_000 })`.
 */
import { ABNF_ABNF, JSON_ABNF, RFC5322_ADDR_SPEC_ABNF } from '../generated/texts';
import { compileAbnfWith } from '../engine/text/abnf';
import type { TypedGrammar } from '../engine/grammar/typedTrees';
import type { ChildMap } from '../engine/tree';
import type { AbnfChildren, JsonChildren, Rfc5322Children } from '../generated/treeTypes';
import { RuleGrammar } from '../engine/grammar/grammar';

/** The limits a shipped recursive grammar may be given (grammarByName's options). */
export interface RecursiveLimits {
  /** Rule calls in progress at once (nesting depth). Default 5,000. */
  readonly maxNesting?: number;
  /** Steps per character of input. Default 2,000. */
  readonly workLimit?: number;
}

/** Where the limits of a shipped grammar are raised, as its errors say it. */
const how = (name: string) => ({
  nesting: `raise it with grammarByName('${name}', { maxNesting }), or --max-nesting in the CLI`,
  work: `raise it with grammarByName('${name}', { workLimit }), or --work-limit in the CLI`,
});

const TEXTS: Readonly<Record<string, string>> = { json: JSON_ABNF, rfc5322: RFC5322_ADDR_SPEC_ABNF, abnf: ABNF_ABNF };

/** A few grammars with other limits, kept (a program asks for the same limits again and again). */
const withLimits = new Map<string, RuleGrammar>();

/** A shipped recursive grammar, compiled with the limits given (`{}`: the defaults, compiled once). */
export function recursiveGrammar(name: 'json' | 'rfc5322' | 'abnf', limits: RecursiveLimits = {}): RuleGrammar {
  const key = `${name} ${limits.maxNesting ?? ''} ${limits.workLimit ?? ''}`;
  let g = withLimits.get(key);
  if (!g) {
    if (withLimits.size >= 16) withLimits.delete(withLimits.keys().next().value!);
    withLimits.set(key, (g = compileAbnfWith(TEXTS[name], {
      name,
      ...(limits.maxNesting !== undefined ? { maxNesting: limits.maxNesting } : {}),
      ...(limits.workLimit !== undefined ? { workLimit: limits.workLimit } : {}),
    }, { limitsHow: how(name) })));
  }
  return g;
}

export type { AbnfChildren, JsonChildren, Rfc5322Children };
/** The rules of each grammar, as its text spells them. */
export type JsonRule = Extract<keyof JsonChildren, string>;
export type Rfc5322Rule = Extract<keyof Rfc5322Children, string>;
export type AbnfRule = Extract<keyof AbnfChildren, string>;

/**
 * A shipped recursive grammar, compiled on first use, typed by its rules and its trees by parent
 * (src/generated/treeTypes.ts, from the same text).
 */
function shipped<M extends ChildMap<Extract<keyof M, string>>>(name: 'json' | 'rfc5322' | 'abnf'): TypedGrammar<M> & RuleGrammar<Extract<keyof M, string>> {
  return new RuleGrammar(() => recursiveGrammar(name), undefined, { name }) as TypedGrammar<M> & RuleGrammar<Extract<keyof M, string>>;
}

/** RFC 8259 (JSON) sections 2-7; entry `JSON-text`. */
export const json: TypedGrammar<JsonChildren> = shipped<JsonChildren>('json');
/** RFC 5322 sections 3.2, 3.4, 4.1, 4.2, 4.4 (addresses, with nested comments); entry `addr-spec`. */
export const rfc5322: TypedGrammar<Rfc5322Children> = shipped<Rfc5322Children>('rfc5322');
/** RFC 5234 section 4 (ABNF itself, errata 2968/3076, RFC 7405); entry `rulelist`; CRLF line ends. */
export const abnf: TypedGrammar<AbnfChildren> = shipped<AbnfChildren>('abnf');
