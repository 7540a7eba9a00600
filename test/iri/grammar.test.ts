/**
 * rfc3987 as a Grammar: the text compiled by the engine is the file; the engine's verdicts and
 * error offsets agree with the fast mapped verdicts of every rule; trees, parsers, registry.
 */
import fc from 'fast-check';
import P from 'parsimmon';
import { readFileSync } from 'fs';
import { join } from 'path';
import { grammarByName, GRAMMAR_NAMES, rfc3987, RFC3987_RULES } from '../../src/index';
import { RFC3987_ABNF } from '../../src/generated/texts';
import { mappedCheck, rfc3987FromText } from '../../src/iri/rfc3987';


test('registered as rfc3987', () => {
  expect(GRAMMAR_NAMES).toContain('rfc3987');
  expect(grammarByName('rfc3987')).toBe(rfc3987);
  expect(rfc3987FromText().rules).toEqual(RFC3987_RULES);
});

describe('engine and mapped verdicts agree, rule by rule, offsets too', () => {
  const chars = fc.constantFrom(...'aZ0-._~%2F:/?#[]@!$&\'()*+=v. '.split(''), '\u00e9', '\u{20000}', '\ue000', '\ufffe', '\ud800', '\u200e', '\u{e0001}', '\u00a0', '\u{10fffd}');
  const str = fc.array(chars, { maxLength: 12 }).map((a) => a.join(''));
  const prefix = fc.constantFrom('', 'http://', 'a:', '//', 'http://[::1]', 'http://u@h:80/');
  test.each([...RFC3987_RULES])('%s', (rule) => {
    const g = rfc3987FromText();
    fc.assert(fc.property(prefix, str, (p, s) => {
      const t = p + s;
      const e = g.validate(t, rule);
      const m = mappedCheck(t, rule, false);
      const v = rfc3987.validate(t, rule, { abnfOnly: true });
      return e.ok === m.ok && e.ok === rfc3987.isValid(t, rule, { abnfOnly: true }) && v.ok === e.ok
        && (e.ok || m.ok || (e.error.index === m.index && (v.ok || v.error.index === e.error.index)));
    }), { seed: 9, numRuns: 600 });
  });
});

describe('trees', () => {
  test('every component, astral characters as one, the rules named as in RFC 3987', () => {
    const s = 'http://\u00fc@b\u00fccher.de:8/\u{20000}?\ue000#f';
    const t = rfc3987.parseTree(s, 'IRI');
    const names: string[] = [];
    const walk = (n: { rule: string; start: number; end: number; children: readonly unknown[] }): void => {
      names.push(`${n.rule}=${s.slice(n.start, n.end)}`);
      n.children.forEach((c) => walk(c as never));
    };
    walk(t);
    expect(names).toEqual(expect.arrayContaining(['IRI=' + s, 'scheme=http', 'iuserinfo=\u00fc', 'ihost=b\u00fccher.de', 'ireg-name=b\u00fccher.de', 'port=8', 'isegment=\u{20000}', 'iquery=\ue000', 'ifragment=f']));
    const lex: string[] = [];
    const walk2 = (n: { rule: string; start: number; end: number; children: readonly unknown[] }): void => {
      if (n.rule === 'ucschar' || n.rule === 'iprivate') lex.push(`${n.rule}:${n.end - n.start}`);
      n.children.forEach((c) => walk2(c as never));
    };
    walk2(rfc3987.parseTree(s, 'IRI', { lexical: true }));
    expect(lex).toEqual(['ucschar:1', 'ucschar:1', 'ucschar:2', 'iprivate:1']);
  });
  test('section 4.1 applies to trees unless abnfOnly', () => {
    expect(() => rfc3987.parseTree('http://h/\u200e', 'IRI')).toThrow(/4\.1/);
    expect(rfc3987.parseTree('http://h/\u200e', 'IRI', { abnfOnly: true }).end).toBe(10);
  });
  test('parser(rule) embeds in a parsimmon grammar', () => {
    const angle = P.seq(P.string('<'), rfc3987.parser('IRI'), P.string('>'));
    const r = angle.parse('<http://\u4f8b.jp/\u30d1\u30b9>');
    expect(r.status).toBe(true);
    if (r.status) expect(r.value[1].end).toBe(15);
  });
  test('ruleText is the definition as written', () => {
    expect(rfc3987.ruleText('iprivate')).toContain('%xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD');
  });
  test('errors name what was expected in ABNF words', () => {
    const v = rfc3987.validate('http://h/a b', 'IRI');
    expect(!v.ok && v.error.index).toBe(10);
    expect(!v.ok && v.error.expected.length).toBeGreaterThan(0);
  });
});
