/**
 * The derivation in words (src/teaching/explain.ts), the ABNF printed from the grammar expressions
 * (src/teaching/abnfText.ts) and the alternative a node took (src/teaching/grammarView.ts).
 */
import fc from 'fast-check';
import { explain, derivation, ordinal, shownText } from '../../src/teaching/explain';
import { exprText, ruleDefinition } from '../../src/teaching/abnfText';
import { rfc3986View, alternatives } from '../../src/teaching/grammarView';
import { parseTree, UriSyntaxError, RULE_NAMES, grammarByName } from '../../src/index';
import type { Node } from '../../src/engine/tree';
import { arb } from '../support/arbitraries';
import { appendixA, ruleTexts, parseAbnf } from '../oracles/rfc3986';

const g = rfc3986View;

describe('explain', () => {
  it('says which alternative of hier-part `//example.com` is, as the issue words it', () => {
    const lines = explain(g, 'http://example.com', 'URI-reference');
    expect(lines).toContain('    `//example.com` is the first alternative of hier-part: "//" authority path-abempty');
    expect(lines[0]).toBe('`http://example.com` is the first alternative of URI-reference: URI');
    expect(lines).toContain('    `http` is scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )');
    expect(lines).toContain('        `example.com` is the third alternative of host: reg-name');
    expect(lines).toContain('      the empty string is path-abempty: *( "/" segment )');
  });

  it('one line per node, indented by depth, in document order', () => {
    const input = 'http://u@[::1]:8/a?b#c';
    const tree = parseTree(input, 'URI-reference');
    const nodes: Array<[Node, number]> = [];
    const walk = (n: Node, d: number) => { nodes.push([n, d]); n.children.forEach((c) => walk(c, d + 1)); };
    walk(tree, 0);
    const lines = explain(g, input, 'URI-reference');
    expect(lines).toHaveLength(nodes.length);
    lines.forEach((line, k) => {
      const [n, d] = nodes[k];
      expect(line.startsWith('  '.repeat(d) + shownText(input.slice(n.start, n.end)) + ' is ')).toBe(true);
      expect(line).toContain(n.rule);
    });
    expect(explain(g, input, 'URI-reference', { lexical: true }).length).toBeGreaterThan(lines.length);
  });

  it('first match wins: 1.2.3.4 is an IPv4address, 1.2.3.4.5 a reg-name', () => {
    expect(explain(g, '1.2.3.4', 'host')[0]).toBe('`1.2.3.4` is the second alternative of host: IPv4address');
    expect(explain(g, '1.2.3.4.5', 'host')[0]).toBe('`1.2.3.4.5` is the third alternative of host: reg-name');
    expect(explain(g, '25', 'dec-octet', { lexical: true })[0]).toBe('`25` is the second alternative of dec-octet: %x31-39 DIGIT');
    expect(explain(g, '255', 'dec-octet', { lexical: true })[0]).toBe('`255` is the fifth alternative of dec-octet: "25" %x30-35');
    expect(explain(g, '//a/b', 'URI-reference')[2]).toBe('    `//a/b` is the first alternative of relative-part: "//" authority path-abempty');
    expect(explain(g, '/a/b', 'URI-reference')[2]).toBe('    `/a/b` is the second alternative of relative-part: path-absolute');
  });

  it('invalid input throws the syntax error', () => {
    expect(() => explain(g, 'http://[::1', 'URI')).toThrow(UriSyntaxError);
  });

  // Independent of how the alternative is found: where an alternative of host, URI-reference,
  // hier-part or relative-part is a rule name, the node's one child is a node of that rule; where
  // it begins with "//", its first child is the authority.
  it('the alternative named is the one the tree went through (generated URI-references)', () => {
    const CHOICES = new Set(['host', 'URI-reference', 'hier-part', 'relative-part']);
    fc.assert(fc.property(arb['URI-reference'], (s) => {
      for (const step of derivation(g, s, parseTree(s, 'URI-reference'))) {
        if (!CHOICES.has(step.node.rule)) continue;
        expect(step.alternative).toBeDefined();
        const kid = step.node.children[0]?.rule;
        const abnf = step.abnf;
        if (abnf.startsWith('"//"')) expect(kid).toBe('authority');
        else expect(kid).toBe(abnf);
      }
    }), { numRuns: 300, seed: 12 });
  });

  it('ordinals and shown text', () => {
    expect([0, 1, 2, 8, 9, 10, 11, 20, 21, 22].map(ordinal)).toEqual(['first', 'second', 'third', 'ninth', 'tenth', '11th', '12th', '21st', '22nd', '23rd']);
    expect(shownText('')).toBe('the empty string');
    expect(shownText('a\tb`')).toBe('`a\\x09b\\x60`');
  });

  it('rfc3986View is the registry\'s RFC 3986; other names are the registry\'s TypeError', () => {
    expect(grammarByName('rfc3986')).toBe(g);
    expect(() => grammarByName('nope')).toThrow(TypeError);
    expect(() => g.expr('nope')).toThrow(TypeError);
  });
});

describe('ABNF printed from the expressions', () => {
  const rfc = new Map(ruleTexts(appendixA()));
  const refs = (text: string) => new Set((text.match(/"[^"]*"|[A-Za-z][A-Za-z0-9-]*/g) ?? []).filter((t) => !t.startsWith('"') && !/^x[0-9A-F]/i.test(t)));

  it.each([...RULE_NAMES])('%s: parses as ABNF and names the rules the RFC names', (rule) => {
    const printed = exprText(g.expr(rule));
    expect(() => parseAbnf(printed)).not.toThrow();
    // path-empty is `0<pchar>` in the RFC, the empty string; the expression prints it as `""`.
    if (rule === 'path-empty') expect(printed).toBe('""');
    else expect([...refs(printed)].sort()).toEqual([...refs(rfc.get(rule)!)].sort());
  });

  it('reads like the RFC', () => {
    const def = (rule: string) => ruleDefinition(rule, g.expr(rule));
    expect(def('URI')).toBe('URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]');
    expect(def('host')).toBe('host = IP-literal / IPv4address / reg-name');
    expect(def('pct-encoded')).toBe('pct-encoded = "%" HEXDIG HEXDIG');
    expect(def('h16')).toBe('h16 = 1*4HEXDIG');
    expect(def('port')).toBe('port = *DIGIT');
    expect(exprText(alternatives(g.expr('IPv6address'))[4])).toBe('[ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32');
    expect(ruleDefinition('hier-part', g.expr('hier-part')).split('\n')).toEqual([
      'hier-part = "//" authority path-abempty',
      '          / path-absolute',
      '          / path-rootless',
      '          / path-empty',
    ]);
    expect(exprText({ t: 'lit', text: 'a"\n' })).toBe('%x61.22.0A');
  });
});
