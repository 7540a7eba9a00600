/**
 * RFC 2396 (August 1998), the URI grammar RFC 3986 replaced, loaded from its own text
 * (grammar/rfc2396.bnf, Appendix A in the RFC's notation) and run exactly by the engine's
 * first-match reading: no rule is rewritten, no guard added. The traps a greedy PEG falls
 * into here (`domainlabel`/`toplabel` giving back their last character, `hostname`'s
 * trailing dot, `authority = server | reg_name` with `server` matching a prefix, `abs_path`
 * beginning with "//", `opaque_part` swallowing "?") are the engine's ordinary business.
 *
 * The grammar is read on first use, so that loading the package does not pay for it.
 */
import { RFC2396_BNF } from '../generated/texts';
import { compileAbnf } from '../engine/text/abnf';
import { shippedGrammar } from '../engine/grammar/fromCompiled';
import { RuleGrammar } from '../engine/grammar/grammar';
import { rfc2396Compiled, rfc2396Plans } from '../generated/load';
import type { Grammar } from '../engine/grammar/types';
import type { TypedGrammar } from '../engine/grammar/typedTrees';
import type { Rfc2396Children } from '../generated/treeTypes';
import { rfc2396ComponentsOf, type Rfc2396Components } from './rfc2396Components';

export type { Rfc2396Components, Rfc2396HostKind, Rfc2396PathRule } from './rfc2396Components';
export type { Rfc2396Children };

/** The 40 rule names of RFC 2396 Appendix A, spelled as the RFC spells them. */
export type Rfc2396Rule =
  | 'URI-reference' | 'absoluteURI' | 'relativeURI' | 'hier_part' | 'opaque_part' | 'uric_no_slash'
  | 'net_path' | 'abs_path' | 'rel_path' | 'rel_segment' | 'scheme' | 'authority' | 'reg_name' | 'server'
  | 'userinfo' | 'hostport' | 'host' | 'hostname' | 'domainlabel' | 'toplabel' | 'IPv4address' | 'port'
  | 'path' | 'path_segments' | 'segment' | 'param' | 'pchar' | 'query' | 'fragment' | 'uric' | 'reserved'
  | 'unreserved' | 'mark' | 'escaped' | 'hex' | 'alphanum' | 'alpha' | 'lowalpha' | 'upalpha' | 'digit';

/**
 * Character-level rules: tree nodes only with `{ lexical: true }` (as RFC 3986's pchar,
 * unreserved, pct-encoded). domainlabel and toplabel stay structural: they are what a
 * teacher shows of a host name.
 */
export const RFC2396_LEXICAL_RULES: readonly Rfc2396Rule[] = Object.freeze([
  'uric', 'uric_no_slash', 'pchar', 'reserved', 'unreserved', 'mark', 'escaped', 'hex', 'alphanum', 'alpha', 'lowalpha', 'upalpha', 'digit',
] as Rfc2396Rule[]);

/** Rules an error names for the characters that begin them (`expected: unreserved, escaped, ...`). */
const LABEL_RULES: readonly Rfc2396Rule[] = ['unreserved', 'escaped', 'reserved', 'mark', 'alphanum', 'alpha', 'digit', 'hex'];

let compiled: Grammar<Rfc2396Rule> | undefined;

/** The grammar compiled from grammar/rfc2396.bnf now (what `npm run generate` writes out). */
export function rfc2396FromText(): RuleGrammar<Rfc2396Rule> {
  return compileAbnf(RFC2396_BNF, {
    notation: 'rfc2396',
    name: 'rfc2396',
    lexicalRules: [...RFC2396_LEXICAL_RULES],
    labelRules: [...LABEL_RULES],
  }) as RuleGrammar<Rfc2396Rule>;
}

/**
 * The grammar, from its compiled form made at build time (src/generated/rfc2396Compiled.ts,
 * scripts/generate-compiled.ts): its tables answer a first call with nothing to build.
 */
export function rfc2396Grammar(): Grammar<Rfc2396Rule> {
  compiled ??= shippedGrammar<Rfc2396Rule>(rfc2396Compiled(), rfc2396Plans);
  return compiled;
}

/**
 * RFC 2396 as a `Grammar`, its trees typed by parent (`Rfc2396Children`: `parseTree(s, 'hostport')`
 * has `host` and `port` children), plus `parse` for the components of a URI-reference.
 */
export interface Rfc2396Grammar extends TypedGrammar<Rfc2396Children> {
  /**
   * The components of `input` read as an RFC 2396 `URI-reference` (first match wins): scheme,
   * authority, userinfo, host and its kind, port, path and its rule, query, fragment; absent
   * (`undefined`) kept apart from empty (`''`). A `GrammarSyntaxError` when `input` is not one.
   */
  parse(input: string): Rfc2396Components;
}

/** The built-in RFC 2396 grammar (also `grammarByName('rfc2396')`). */
export const rfc2396: Rfc2396Grammar = Object.assign(new RuleGrammar<Rfc2396Rule>(() => rfc2396Grammar() as RuleGrammar<Rfc2396Rule>, undefined, { name: 'rfc2396' }), {
  parse(input: string): Rfc2396Components {
    if (typeof input !== 'string') throw new TypeError(`rfc2396.parse: argument "input" must be a string, got ${input === null ? 'null' : typeof input}`);
    return rfc2396ComponentsOf(rfc2396Grammar().parseTree(input, 'URI-reference'), input);
  },
}) as Rfc2396Grammar & RuleGrammar<Rfc2396Rule>;
