/**
 * The step-through (src/teaching/trace.ts) and the reasons built from it (src/teaching/why.ts):
 * replaying the steps gives the engine's own tree, on real URIs, RFC 2396 and RFC 3987, and on
 * small grammars with fast-check inputs (seeded); the sentences for the examples.
 */
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { compileAbnf, rfc3986, rfc2396, rfc3987, type Node } from '../../src/index';
import { MAX_TRACE_INPUT, replay, trace, type ReplayNode } from '../../src/teaching/trace';
import { whereStopped, whyNodes } from '../../src/teaching/why';
import { explain } from '../../src/teaching/explain';
import { readableExpected } from '../../src/engine/errors';
import type { GrammarView } from '../../src/teaching/grammarView';

const plain = (n: Node | ReplayNode): unknown => ({ rule: n.rule, start: n.start, end: n.end, children: n.children.map((c) => plain(c as Node)) });

/** Replaying the whole trace gives the engine's tree (lexical: a node for every rule). */
function agrees(g: GrammarView, input: string, rule: string): void {
  const v = g.validate(input, rule);
  const t = trace(g, input, rule, { maxSteps: 200_000 });
  expect([input, t.truncated]).toEqual([input, false]);
  expect([input, t.ok]).toEqual([input, v.ok]);
  if (v.ok) expect([input, plain(replay(t.steps)!)]).toEqual([input, plain(g.parseTree(input, rule, { lexical: true }))]);
}

describe('the steps replay to the engine\'s tree', () => {
  const urls = fs.readFileSync(path.join(__dirname, '..', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter((l) => l && l.length <= 120).slice(0, 150);
  it('RFC 3986 on real URIs', () => {
    for (const u of urls) agrees(rfc3986, u, 'URI-reference');
  });
  it('RFC 3986 at its first-match traps', () => {
    for (const [s, r] of [['1.2.3.4.5', 'host'], ['1.2.3.4', 'host'], ['255', 'dec-octet'], ['25', 'dec-octet'], ['1:2:3:4:5:6:7::', 'IPv6address'],
      ['::1.2.3.4', 'IPv6address'], ['1::2:3.4.5.6', 'IPv6address'], ['//a:b:c@d/x', 'URI-reference'], ['http://[v1.x]/', 'URI'], ['a:b', 'URI-reference']]) agrees(rfc3986, s, r);
  });
  it('RFC 2396 (domainlabel gives back, server before reg_name) and RFC 3987', () => {
    for (const u of ['http://www.ics.uci.edu/x', 'http://a@b@c/', 'mailto:a@b?subject=hi', 'http://h:80:90/', 'ftp://a-b.c/']) agrees(rfc2396, u, 'URI-reference');
    for (const u of ['http://例え.jp/パス?q#f', 'http://b\u00fccher.de/stra\u00dfe']) agrees(rfc3987 as unknown as GrammarView, u, 'IRI');
  });
  it.each([
    ['NID = alphanum 0*30(ldh) alphanum\nldh = alphanum / "-"\nalphanum = ALPHA / DIGIT', 'NID', 'ab-'],
    ['a = *( "x" / "xy" ) "y" *b\nb = "y" / ""', 'a', 'xy'],
    ['s = 1*( t [ "," ] )\nt = 1*2"ab" / "a"', 's', 'ab,'],
    ['s = *x "x" x\nx = "x" / "xx" / ""', 's', 'x'],
  ])('a small grammar, fast-check inputs (seeded): %#', (text, rule, alphabet) => {
    const g = compileAbnf(text);
    fc.assert(fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 9 }).map((a) => a.join('')), (s) => agrees(g, s, rule)), { seed: 24, numRuns: 150 });
  });
});

describe('why, in words', () => {
  it('1.2.3.4.5 is a reg-name: IP-literal stopped at once, IPv4address matched 1.2.3.4 and then could not go on', () => {
    const lines = explain(rfc3986, '1.2.3.4.5', 'host', { why: true });
    expect(lines.slice(0, 3)).toEqual([
      '`1.2.3.4.5` is the third alternative of host: reg-name',
      '  - first alternative, IP-literal: failed at offset 0: found "1", expected "["',
      '  - second alternative, IPv4address: matched `1.2.3.4`, but what follows could not then be matched at `.5` (first match goes on to the next alternative)',
    ]);
  });
  it('a repetition that gives back (RFC 8141 NID = alphanum 0*30(ldh) alphanum)', () => {
    const g = compileAbnf('NID = alphanum 0*30(ldh) alphanum\nldh = alphanum / "-"\nalphanum = ALPHA / DIGIT');
    expect(explain(g, 'ab-c', 'NID', { why: true })[1]).toBe('  - *30ldh took 2 iterations: it could take 3, and gave 1 back so that what follows could match');
  });
  it('a repetition that stops at a character, and at its maximum', () => {
    const g = compileAbnf('a = 1*3"x" *"y"');
    const w = [...whyNodes('xxxyy', trace(g, 'xxxyy', 'a')).values()][0].repeats.map((r) => r.text);
    expect(w).toEqual(['1*3"x" took 3 iterations, the most it may take', '*"y" took 2 iterations; a third could not match: at offset 5, found the end of input, expected "y"']);
  });
  it('value ranges read as characters in expected lists: "0"–"4"', () => {
    expect(explain(rfc3986, '255', 'dec-octet', { why: true })[4]).toBe('  - fourth alternative, "2" %x30-34 DIGIT: failed at offset 1 after reading `2`: found "5", expected "0"–"4"');
  });
  it('white space in expected lists by its core rule name (SP, HTAB, LF, CR), other controls as written', () => {
    const g = compileAbnf('t = *( %x20 / %x09 / %x0A / %x0D ) ( "x" / %x00-1F / %x7F )');
    expect(explain(g, ' x', 't', { why: true })[1]).toBe('  - *( %x20 / %x09 / %x0A / %x0D ) took 1 iteration; a second could not match: at offset 1, found "x", expected SP, HTAB, LF, CR');
    expect(readableExpected(['%x20', '%x09', '%x0A', '%x0D', '%x00-1F', '%x7F', '%x41', '%x30-35'])).toEqual(['SP', 'HTAB', 'LF', 'CR', '%x00-1F', '%x7F', '"A"', '"0"–"5"']);
  });
  it('a grammar in its own notation: RFC 2396 writes "|"', () => {
    expect(explain(rfc2396, 'http://a/', 'URI-reference', { why: true })[0]).toBe('`http://a/` is URI-reference: [ absoluteURI | relativeURI ] [ "#" fragment ]');
  });
});

describe('bounded', () => {
  it('an input longer than MAX_TRACE_INPUT is refused with a RangeError; explain then says no why', () => {
    const long = 'http://a/' + 'x'.repeat(MAX_TRACE_INPUT);
    expect(() => trace(rfc3986, long, 'URI')).toThrow(RangeError);
    expect(explain(rfc3986, long, 'URI', { why: true }).some((l) => l.includes(' - '))).toBe(false);
  });
  it('a step limit ends the trace with truncated, never a hang', () => {
    const g = compileAbnf('s = *( "a" / "aa" ) "b"');
    const t = trace(g, 'a'.repeat(40), 's', { maxSteps: 5000 });
    expect([t.ok, t.truncated, t.steps.length]).toEqual([false, true, 5000]);
  });
});

describe('where an invalid input stopped', () => {
  it('http://[::1 stops inside IP-literal → IPv6address, after `::1`', () => {
    const v = rfc3986.validate('http://[::1', 'URI');
    expect(v.ok).toBe(false);
    if (v.ok) return;
    const w = whereStopped(rfc3986, 'http://[::1', 'URI', v.error.index);
    expect(w?.rules.slice(-2)).toEqual(['IP-literal', 'IPv6address']);
    expect(w?.text).toBe('inside … → host → IP-literal → IPv6address, after `::1`');
  });
  it('names the rule for a host that is cut short', () => {
    const w = whereStopped(rfc3986, 'http://a:b:c/', 'URI', rfc3986.validate('http://a:b:c/', 'URI').ok ? -1 : (rfc3986.validate('http://a:b:c/', 'URI') as { error: { index: number } }).error.index);
    expect(w?.rules).toContain('authority');
  });
});
