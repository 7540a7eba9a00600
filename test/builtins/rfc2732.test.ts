/**
 * RFC 2732 as a grammar built from RFC 2396's text plus RFC 2732's change list
 * (src/builtins/rfc2732.ts): the unchanged rules are RFC 2396's definitions as written, the three
 * changes and the added IPv6 rules take effect, and first match handles RFC 2373's hexseq and
 * hexpart without rewriting.
 */
import * as fs from 'fs';
import * as path from 'path';
import { RFC2732_BNF } from '../../src/generated/texts';
import { grammarByName } from '../../src/builtins/registry';
import { rfc2396 } from '../../src/builtins/rfc2396';
import { rfc2732, type Rfc2732Rule } from '../../src/builtins/rfc2732';

const texts = (t: { rule: string; start: number; end: number; children: ReadonlyArray<unknown> }, rule: string, input: string): string[] => [
  ...(t.rule === rule ? [input.slice(t.start, t.end)] : []),
  ...t.children.flatMap((c) => texts(c as never, rule, input)),
];

describe('rfc2732: RFC 2396 plus RFC 2732 section 3', () => {
  it('is grammarByName("rfc2732")', () => {
    expect(grammarByName('rfc2732')).toBe(rfc2732);
  });

  it('has every RFC 2396 rule, the changed ones redefined, the IPv6 rules added after host', () => {
    const rules = [...rfc2732.rules];
    const changed = ['host', 'IPv4address', 'reserved'];
    for (const r of rfc2396.rules) {
      expect(rules).toContain(r);
      if (!changed.includes(r)) expect(rfc2732.ruleText(r)).toBe(rfc2396.ruleText(r));
      else expect(rfc2732.ruleText(r)).not.toBe(rfc2396.ruleText(r));
    }
    expect(rules.slice(rules.indexOf('host'), rules.indexOf('host') + 6)).toEqual(['host', 'ipv6reference', 'IPv6address', 'hexpart', 'hexseq', 'hex4']);
    expect(rfc2732.ruleText('host')).toBe('host          = hostname | IPv4address | IPv6reference');
  });

  it.each([
    ['URI-reference', 'http://[::1]/', true, false],
    ['URI-reference', 'http://[::ffff:1.2.3.4]:80/a', true, false],
    ['URI-reference', 'http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html', true, false], // RFC 2732 section 2
    ['URI-reference', 'http://[1080::8:800:200C:417A]/foo', true, false], // RFC 2732 section 2
    // RFC 2732 section 2's own example, which RFC 2373's ABNF as written rejects: after "::" it needs
    // a hexseq or ":" before the IPv4address (`hexpart [ ":" IPv4address ]`). One reason RFC 3986
    // D.1 wrote a new IPv6address rule.
    ['URI-reference', 'http://[::192.9.5.5]/ipng', false, false],
    ['URI-reference', 'http://[::ffff:192.9.5.5]/ipng', true, false],
    ['URI-reference', 'a?b[c]', true, false], // "[" "]" now reserved, so in uric
    ['URI-reference', 'http://[::1/', false, false],
    ['URI-reference', 'http://[x]/', false, false],
    ['host', '1.2.3.4', true, true],
    ['host', '1234.1.1.1', false, true], // IPv4address: at most three digits a part (RFC 2373)
    ['IPv6address', '1:2:3:4:5:6:7:8:9', true, false], // as written, RFC 2373's ABNF has no count
    ['IPv6address', '::', true, false],
    ['IPv6address', '1::2::3', false, false],
    ['IPv6address', '12345::', false, false],
    ['reserved', '[', true, false],
  ] as Array<[Rfc2732Rule, string, boolean, boolean]>)('%s %j: RFC 2732 %s, RFC 2396 %s', (rule, input, v2732, v2396) => {
    expect(rfc2732.isValid(input, rule)).toBe(v2732);
    if (rfc2396.rules.includes(rule as never)) expect(rfc2396.isValid(input, rule as never)).toBe(v2396);
  });

  it('hexseq gives back the group before an embedded IPv4 address (a greedy PEG eats "ffff:1")', () => {
    const input = '::ffff:1.2.3.4';
    const t = rfc2732.parseTree(input, 'IPv6address');
    expect(texts(t, 'hexseq', input)).toEqual(['ffff']);
    expect(texts(t, 'IPv4address', input)).toEqual(['1.2.3.4']);
  });

  it('hexpart: the bare hexseq is tried first, and gives way to hexseq "::" hexseq', () => {
    const input = '1:2::3';
    expect(rfc2732.alternativeOf('hexpart', input)).toBe(1);
    expect(texts(rfc2732.parseTree(input, 'hexpart'), 'hexseq', input)).toEqual(['1:2', '3']);
  });

  it('an error keeps its index: "http://[::1" is cut short', () => {
    const v = rfc2732.validate('http://[::1', 'URI-reference');
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.error.index).toBe(11);
  });
});
