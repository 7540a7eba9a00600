/**
 * IPv6 zone identifiers in URIs (RFC 6874), opt-in: `grammarByName('rfc6874')`.
 *
 * RFC 6874 is OBSOLETE: RFC 9844 (August 2025) obsoletes it and returns URIs to the zone-less
 * syntax of RFC 3986. This grammar is for reading URIs written under RFC 6874
 * (`http://[fe80::1%25en1]/`); the default grammar (rfc3986) rejects them, correctly.
 *
 * The grammar is grammar/rfc3986.abnf followed by grammar/rfc6874.abnf (which adds
 * `IPv6addrz` to `IP-literal` with "=/", and `ZoneID`), compiled by the engine: every RFC 3986
 * rule, plus `IPv6addrz` and `ZoneID`.
 */
import { givenOf } from '../engine/errors';
import { compileAbnf } from '../engine/text/abnf';
import { shippedGrammar } from '../engine/grammar/fromCompiled';
import { rfc6874Compiled, rfc6874Plans } from '../generated/load';
import type { TypedGrammar } from '../engine/grammar/typedTrees';
import type { Rfc6874Children } from '../generated/treeTypes';
import { RuleGrammar } from '../engine/grammar/grammar';
import { RFC3986_ABNF } from '../generated/texts';
import { RFC6874_ABNF } from '../generated/texts';
import { LABEL_RULES, LEXICAL_RULES, type RuleName } from '../uri/rules';
import type { UriComponents } from '../uri/components';
import { UriSyntaxError, expectString } from '../uri/errors';
import { percentDecode } from '../uri/percent';

/** RFC 6874's rules: RFC 3986's and the two section 2 adds. */
export type Rfc6874Rule = RuleName | 'IPv6addrz' | 'ZoneID';
export type { Rfc6874Children };

let compiled: RuleGrammar<Rfc6874Rule> | undefined;

/** RFC 3986 + RFC 6874 section 2, compiled on first use. */
export function rfc6874Grammar(): RuleGrammar<Rfc6874Rule> {
  compiled ??= shippedGrammar<Rfc6874Rule>(rfc6874Compiled(), rfc6874Plans);
  return compiled;
}

/** The grammar compiled from its text now (what `npm run generate` writes out, src/generated/rfc6874Compiled.ts). */
export function rfc6874FromText(): RuleGrammar<Rfc6874Rule> {
  return compileAbnf<Rfc6874Rule>(RFC3986_ABNF + '\n' + RFC6874_ABNF, {
    name: 'rfc6874',
    lexicalRules: [...LEXICAL_RULES],
    labelRules: [...LABEL_RULES],
  });
}

/** The components of a URI reference under RFC 6874, with `zoneId`: the ZoneID percent-decoded, or undefined. */
export interface ZonedUriComponents extends UriComponents {
  zoneId: string | undefined;
}

const RULES = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'] as const;

/**
 * `parse` under RFC 6874: the RFC 3986 components (the host is the IP-literal as written,
 * zone included: `[fe80::1%25en1]`), and `zoneId` decoded (`en1`; RFC 6874: "%" is written
 * "%25" in a URI, and a ZoneID's own pct-encoded octets are UTF-8). A `UriSyntaxError` when
 * the text is not a `rule` of this grammar.
 */
export function parseZoned(input: string, rule: (typeof RULES)[number] = 'URI-reference'): ZonedUriComponents {
  expectString(input, 'input', 'rfc6874.parse');
  if (!(RULES as readonly unknown[]).includes(rule)) throw new TypeError(`rfc6874.parse: argument "rule" must be one of ${RULES.join(', ')}, got ${typeof rule === 'string' ? JSON.stringify(rule) : typeof rule}`);
  const g = rfc6874Grammar();
  const v = g.validate(input, rule);
  if (!v.ok) throw new UriSyntaxError(input, rule, givenOf(v.error).index, v.error.expected);
  const tree = g.parseTree(input, rule);
  const c: ZonedUriComponents = {
    scheme: undefined, authority: undefined, userinfo: undefined, host: undefined, port: undefined,
    path: '', query: undefined, fragment: undefined, hostKind: undefined, zoneId: undefined,
  };
  const visit = (n: { rule: string; start: number; end: number; children: readonly unknown[] }): void => {
    const text = input.slice(n.start, n.end);
    switch (n.rule) {
      case 'scheme': c.scheme = text; return;
      case 'authority': c.authority = text; break;
      case 'userinfo': c.userinfo = text; return;
      case 'host': c.host = text; break;
      case 'port': c.port = text; return;
      case 'IPvFuture': c.hostKind = 'IPvFuture'; return;
      case 'IPv6address': if (c.hostKind === undefined) c.hostKind = 'IPv6address'; return;
      case 'IPv4address': if (c.hostKind === undefined) c.hostKind = 'IPv4address'; return;
      case 'reg-name': c.hostKind = 'reg-name'; return;
      case 'ZoneID': c.zoneId = percentDecode(text, { lenient: true }); return;
      case 'query': c.query = text; return;
      case 'fragment': c.fragment = text; return;
      case 'path-abempty': case 'path-absolute': case 'path-noscheme': case 'path-rootless': case 'path-empty': c.path = text; return;
    }
    for (const child of n.children) visit(child as never);
  };
  visit(tree as never);
  return c;
}

/** The RFC 6874 grammar (declared type: its `.d.ts` then names no inferred import). */
export const rfc6874: TypedGrammar<Rfc6874Children> & { readonly name: 'rfc6874'; parse: typeof parseZoned } =
  Object.assign(new RuleGrammar<Rfc6874Rule>(rfc6874Grammar, undefined, { name: 'rfc6874' }), { parse: parseZoned }) as TypedGrammar<Rfc6874Children> & RuleGrammar<Rfc6874Rule> & { readonly name: 'rfc6874'; parse: typeof parseZoned };
