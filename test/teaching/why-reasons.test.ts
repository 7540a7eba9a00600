/**
 * Issue 38, "say the reason": the rule whose own limit ended a losing alternative's match
 * (dec-octet for 1.2.3.400), the later alternatives that match the same text and lose by order
 * (reg-name for 1.2.3.4), a failed alternative said to fail (not "matched"), and expected lists
 * in the grammar's words (rule names, ranges).
 */
import { compileAbnf, rfc3986, rfc2396 } from '../../src/index';
import { explain } from '../../src/teaching/explain';
import { expectedWords } from '../../src/teaching/why';
import type { GrammarView } from '../../src/teaching/grammarView';

const why = (g: GrammarView, input: string, rule: string): string[] => explain(g, input, rule, { why: true }).filter((l) => l.trimStart().startsWith('- '));

describe('the reason, not only the outcome', () => {
  it('1.2.3.400: dec-octet is the limit, with the alternative that went furthest', () => {
    expect(why(rfc3986, 'http://1.2.3.400/', 'URI')).toContain(
      '        - second alternative, IPv4address: matched `1.2.3.4`, then `1.2.3.40`, but what follows could not then be matched at `0/` (first match goes on to the next alternative); ' +
      'the limit was dec-octet\'s: it matches at most `40` (its second alternative, %x31-39 DIGIT), and none of its alternatives matches `400`');
  });
  it('1.2.3.256: the nearest alternative is named where it stopped', () => {
    expect(why(rfc3986, '1.2.3.256', 'host')[1]).toBe(
      '  - second alternative, IPv4address: matched `1.2.3.2`, then `1.2.3.25`, but what follows could not then be matched at `6` (first match goes on to the next alternative); ' +
      'the limit was dec-octet\'s: it matches at most `25` (its second alternative, %x31-39 DIGIT), and none of its alternatives matches `256` (the nearest, its fifth alternative "25" %x30-35, stopped at "6")');
  });
  it('1.2.3.4.5: a character dec-octet never takes is no limit of its (no sentence about it)', () => {
    expect(why(rfc3986, '1.2.3.4.5', 'host')[1]).toBe(
      '  - second alternative, IPv4address: matched `1.2.3.4`, but what follows could not then be matched at `.5` (first match goes on to the next alternative)');
  });
  it('1.2.3.4: reg-name would match too, and loses by order', () => {
    expect(why(rfc3986, 'http://1.2.3.4/', 'URI')).toContain(
      '        - third alternative, reg-name: would match `1.2.3.4` too, and loses by order (first match takes the second, written before it)');
    // example.com matches reg-name only: nothing said.
    expect(why(rfc3986, 'example.com', 'host').join('\n')).not.toContain('would match');
  });
  it('a small grammar: every later alternative that matches is named', () => {
    const g = compileAbnf('a = "x" 1*DIGIT / 1*ALNUM / 1*( ALPHA / DIGIT ) / "y"\nALNUM = ALPHA / DIGIT');
    expect(why(g, 'x1', 'a')).toEqual([
      '  - second alternative, 1*ALNUM: would match `x1` too, and loses by order (first match takes the first, written before it)',
      '  - third alternative, 1*( ALPHA / DIGIT ): would match `x1` too, and loses by order (first match takes the first, written before it)',
      '  - 1*DIGIT took 1 iteration; a second could not match: at offset 2, found the end of input, expected DIGIT',
    ]);
  });
});

describe("RFC 2396's wording for an alternative that failed", () => {
  it('"failed at offset 16 after reading `1.2.3.400`", not "matched", and alphanum for its 62 characters', () => {
    const lines = why(rfc2396, 'http://1.2.3.400/', 'URI-reference');
    const hostname = lines.find((l) => l.includes('first alternative, hostname'))!;
    expect(hostname.trim()).toBe('- first alternative, hostname: failed at offset 16 after reading `1.2.3.400`: found "/", expected alphanum, "-", "."');
    expect(lines.join('\n')).not.toMatch(/hostname: matched/);
  });
});

describe('expected lists as the grammar writes them', () => {
  it('rule names for rules that failed as a whole (unreserved, pct-encoded, sub-delims)', () => {
    expect(why(rfc3986, 'http://a/', 'URI')).toContain(
      '      - [ userinfo "@" ] is left out: at offset 8, found "/", expected unreserved, pct-encoded, sub-delims, ":", "@"');
  });
  it('a run of single characters as a range', () => {
    expect(expectedWords(['"a"', '"b"', '"c"', '"d"', '"-"', '"x"', '"y"', '%x30-39'])).toBe('"a"–"d", "-", "x", "y", "0"–"9"');
  });
});

describe('docs/teaching.md', () => {
  const doc = require('fs').readFileSync(require('path').join(__dirname, '..', '..', 'docs', 'teaching.md'), 'utf8') as string;
  it.each(['1.2.3.400', '1.2.3.4', '1.2.3.4.5'])('shows what `uri-grammar explain %s --rule host` prints today', (input) => {
    const lines = explain(rfc3986, input, 'host', { why: true });
    expect(doc).toContain(`$ uri-grammar explain ${input} --rule host\n${lines.join('\n')}\n`);
  });
});
