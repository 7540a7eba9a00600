/**
 * The grammars the page offers, their examples, and what the page can say beyond the tree
 * for the URI grammar (components and normalized form). A grammar the engine knows joins
 * through GRAMMAR_VIEWS (src/teaching/grammarView.ts), one line each.
 */
import { GRAMMAR_VIEWS, type GrammarView } from '../src/teaching/grammarView';
import { COMPONENT_RULES, type ComponentRule } from '../src/uri/components';
import * as api from '../src/index';

export const GRAMMARS: ReadonlyMap<string, GrammarView> = GRAMMAR_VIEWS;

export interface Example {
  readonly input: string;
  readonly rule?: string;
  /** What the example shows (the button's tooltip). */
  readonly why: string;
}

export const EXAMPLES: ReadonlyMap<string, readonly Example[]> = new Map([
  ['rfc3986', [
    { input: 'http://user@example.com:8080/a/b?q=1#top', rule: 'URI-reference', why: 'every component of a URI' },
    { input: 'http://1.2.3.4.5/', rule: 'URI-reference', why: 'why is 1.2.3.4.5 a reg-name and not an IPv4address?' },
    { input: '//a/b', rule: 'URI-reference', why: 'an authority and a path' },
    { input: '/a/b', rule: 'URI-reference', why: 'a path only' },
    { input: 'http://[2001:db8::7]:80/', rule: 'URI-reference', why: 'an IPv6 literal' },
    { input: 'http://[::1', rule: 'URI-reference', why: 'why does this fail at 11?' },
    { input: 'mailto:someone@example.com', rule: 'URI-reference', why: 'no authority: path-rootless' },
  ]],
  ['rfc2396', [
    { input: 'http://a/b;p?q', rule: 'URI-reference', why: 'RFC 2396 splits a segment into params' },
    { input: 'http://1.2.3.4.5/', rule: 'URI-reference', why: 'compare with RFC 3986: hostname or IPv4address?' },
    { input: 'http://[::1]/', rule: 'URI-reference', why: 'no IPv6 literals before RFC 2732' },
  ]],
  ['rfc3987', [
    { input: 'http://例え.テスト/パス', rule: 'IRI-reference', why: 'an IRI: ucschar in ireg-name and isegment' },
    { input: 'http://example.com/ä?q=ü', rule: 'IRI-reference', why: 'non-ASCII in the path and the query' },
  ]],
  ['rfc6874', [
    { input: 'http://[fe80::1%25eth0]/', rule: 'URI-reference', why: 'an IPv6 zone identifier, percent-encoded' },
  ]],
  // Recursive grammars.
  ['json', [
    { input: '{"a": [1, {"b": null}]}', rule: 'JSON-text', why: 'values inside arrays inside objects: recursion' },
    { input: '[1, 2,]', rule: 'JSON-text', why: 'a trailing comma: where does it stop?' },
  ]],
  ['rfc5322', [
    { input: 'pete(his (nested) account)@silly.test', rule: 'addr-spec', why: 'a nested comment in an address' },
    { input: '"john doe"@example.com', rule: 'addr-spec', why: 'a quoted local part' },
  ]],
]);

const NAMES: ReadonlyArray<[string, keyof api.UriComponents]> = [
  ['scheme', 'scheme'], ['authority', 'authority'], ['userinfo', 'userinfo'], ['host', 'host'],
  ['host kind', 'hostKind'], ['port', 'port'], ['path', 'path'], ['query', 'query'], ['fragment', 'fragment'],
];

/**
 * The components table for the page: rows of [name, value] (undefined: absent), a sentence
 * saying why there is none, or undefined when the grammar has no components.
 */
export function componentsOf(grammar: string, rule: string, input: string, valid: boolean): Array<[string, string | undefined]> | string | undefined {
  if (grammar !== 'rfc3986') return undefined;
  if (!(COMPONENT_RULES as readonly string[]).includes(rule)) return `Components are read for ${COMPONENT_RULES.join(', ')}.`;
  if (!valid) return 'Components are read from a valid input.';
  const c = api.parse(input, rule as ComponentRule);
  const rows: Array<[string, string | undefined]> = NAMES.map(([label, key]) => [label, c[key]]);
  rows.push(['normalized', api.isValid(input, 'URI') ? api.normalize(input) : undefined]);
  return rows;
}

/** Does the engine load ABNF text? */
export function canCompileAbnf(): boolean {
  return typeof api.compileAbnf === 'function';
}

/** A grammar from pasted ABNF text (an AbnfSyntaxError, with line and column, when it is not ABNF). */
export function customGrammar(text: string): GrammarView {
  return api.compileAbnf(text, { name: 'custom' });
}
