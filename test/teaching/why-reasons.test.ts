/**
 * Issue 38, "say the reason": the rule whose own limit ended a losing alternative's match
 * (dec-octet for 1.2.3.400), the later alternatives that match the same text and lose by order
 * (reg-name for 1.2.3.4), a failed alternative said to fail (not "matched"), and expected lists
 * in the grammar's words (rule names, ranges).
 */
import { compileAbnf, rfc3986, rfc2396 } from '../../src/index';
import { explain } from '../../src/teaching/explain';
import { expectedWords } from '../../src/teaching/why';
import { shadows } from '../../src/engine/analysis/shadows';
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
      // The same language as 1*ALNUM, written after it: shadowed (the shadow report's witness), and said so.
      '  - third alternative, 1*( ALPHA / DIGIT ): would match `x1` too, and loses by order (first match takes the first, written before it); ' +
      'it is shadowed: every string it matches is matched by an earlier alternative, so first match never takes it (its shortest string, `0`, goes to 1*ALNUM)',
      '  - fourth alternative, "y": shadowed: every string it matches is matched by an earlier alternative, so first match never takes it (its shortest string, `y`, goes to 1*ALNUM)',
      '  - 1*DIGIT took 1 iteration; a second could not match: at offset 2, found the end of input, expected DIGIT',
    ]);
  });
});

describe('alternatives first match never takes (the shadow report in explain and the why panel)', () => {
  // The example: number is shadowed by symbol, seen on `-5`.
  const g = compileAbnf('atom = symbol / number\nsymbol = 1*( ALPHA / DIGIT / "-" )\nnumber = [ "-" ] 1*DIGIT\n');
  it('-5: number would match too, and is shadowed by symbol, with the witness', () => {
    expect(why(g, '-5', 'atom')[0]).toBe(
      '  - second alternative, number: would match `-5` too, and loses by order (first match takes the first, written before it); ' +
      'it is shadowed: every string it matches is matched by an earlier alternative, so first match never takes it (its shortest string, `0`, goes to symbol)');
    const s = shadows(g, 'atom').find((e) => e.rule === 'atom' && e.index === 1);
    expect(s).toMatchObject({ kind: 'shadowed', by: 0, witness: '0' });
  });
  it('abc: number does not match, and is said never to be taken', () => {
    expect(why(g, 'abc', 'atom')[0]).toBe(
      '  - second alternative, number: shadowed: every string it matches is matched by an earlier alternative, so first match never takes it (its shortest string, `0`, goes to symbol)');
  });
  it('an alternative that only overlaps is not said to be shadowed (reg-name, RFC 3986 path\'s path-empty is)', () => {
    expect(why(rfc3986, '1.2.3.4', 'host').join('\n')).not.toContain('shadowed');
    expect(why(rfc3986, 'a/b', 'path')).toContain(
      '  - fifth alternative, path-empty: shadowed: every string it matches is matched by an earlier alternative, so first match never takes it (its shortest string, the empty string, goes to path-abempty)');
  });
  it('a rule that reaches recursion: nothing said (its shadow report is a bounded search)', () => {
    const r = compileAbnf('e = "x" / "(" e ")" / "x"\n');
    expect(shadows(r, 'e').some((x) => x.kind === 'shadowed' && x.index === 2)).toBe(true);
    expect(why(r, 'x', 'e').join('\n')).not.toContain('shadowed');
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
  it('shows what explain says of -5 in atom = symbol / number (number shadowed)', () => {
    const atom = compileAbnf('atom = symbol / number\nsymbol = 1*( ALPHA / DIGIT / "-" )\nnumber = [ "-" ] 1*DIGIT\n');
    const lines = explain(atom, '-5', 'atom', { why: true });
    expect(lines.join('\n')).toContain('it is shadowed');
    expect(doc).toContain(`explain(atom, '-5', 'atom', { why: true }):\n${lines.join('\n')}\n`);
  });
  it.each(['1.2.3.400', '1.2.3.4', '1.2.3.4.5'])('shows what `uri-grammar explain %s --rule host` prints today', (input) => {
    const lines = explain(rfc3986, input, 'host', { why: true });
    expect(doc).toContain(`$ uri-grammar explain ${input} --rule host\n${lines.join('\n')}\n`);
  });
});
