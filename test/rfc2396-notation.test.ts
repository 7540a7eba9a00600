/**
 * The RFC 2396 notation reader (src/engine/notation-rfc2396.ts) on its own: Appendix A reads
 * into 40 rules with the RFC's names, each construct of section 1.6 gives the expression it
 * means, and text that is not RFC 2396 notation is refused with its line and column.
 */
import * as fs from 'fs';
import * as path from 'path';
import { readRfc2396Notation } from '../src/engine/notation-rfc2396';
import { alt, lit, ref, rep, seq } from '../src/engine/expr';

class TestNotationError extends Error {
  constructor(message: string, readonly line: number, readonly column: number) {
    super(message);
  }
}
const fail = (m: string, line: number, column: number) => new TestNotationError(m, line, column);
const read = (text: string) => readRfc2396Notation(text, fail);

function refused(text: string): TestNotationError {
  try {
    read(text);
  } catch (e) {
    expect(e).toBeInstanceOf(TestNotationError);
    return e as TestNotationError;
  }
  throw new Error(`accepted ${JSON.stringify(text)}`);
}

describe('RFC 2396 notation reader', () => {
  const bnf = fs.readFileSync(path.join(__dirname, '..', 'grammar', 'rfc2396.bnf'), 'utf8');

  it('reads grammar/rfc2396.bnf into the 40 rules of Appendix A, names as written, in order', () => {
    const rules = read(bnf);
    expect(rules.map((r) => r.name)).toEqual([
      'URI-reference', 'absoluteURI', 'relativeURI', 'hier_part', 'opaque_part', 'uric_no_slash',
      'net_path', 'abs_path', 'rel_path', 'rel_segment', 'scheme', 'authority', 'reg_name', 'server',
      'userinfo', 'hostport', 'host', 'hostname', 'domainlabel', 'toplabel', 'IPv4address', 'port',
      'path', 'path_segments', 'segment', 'param', 'pchar', 'query', 'fragment', 'uric', 'reserved',
      'unreserved', 'mark', 'escaped', 'hex', 'alphanum', 'alpha', 'lowalpha', 'upalpha', 'digit',
    ]);
  });

  it('keeps each definition as written, continuation lines included', () => {
    const rules = read(bnf);
    const userinfo = rules.find((r) => r.name === 'userinfo')!;
    expect(userinfo.text).toBe('userinfo      = *( unreserved | escaped |\n                   ";" | ":" | "&" | "=" | "+" | "$" | "," )');
    expect(rules.find((r) => r.name === 'domainlabel')).toMatchObject({ line: 38, column: 7 });
  });

  it.each([
    ['a = "x" | "y"', alt(lit('x'), lit('y'))],
    ['a = b c', seq(ref('b'), ref('c'))],
    ['a = *b', rep(ref('b'))],
    ['a = 1*b', rep(ref('b'), 1)],
    ['a = 2*3b', rep(ref('b'), 2, 3)],
    ['a = *4( b | "-" )', rep(alt(ref('b'), lit('-')), 0, 4)],
    ['a = 3b', rep(ref('b'), 3, 3)],
    ['a = [ b ] "//"', seq(rep(ref('b'), 0, 1), lit('//'))],
    ['a = ( b | c ) d', seq(alt(ref('b'), ref('c')), ref('d'))],
    ['a = <"> b <">', seq(lit('"'), ref('b'), lit('"'))],
    ['a = ";" b ; a comment with "quotes" | and bars', seq(lit(';'), ref('b'))],
    ['a = b |\n    c', alt(ref('b'), ref('c'))],
    ['  a_b = x_y\n  c = d', ref('x_y')],
  ])('%j', (text, expr) => {
    expect(read(text)[0].expr).toEqual(expr);
  });

  it.each([
    ['a = b / c', 1, 7, /"\|"/],
    ['a = %x41', 1, 5, /%-values/],
    ['a = b\na =/ c', 2, 3, /=\//],
    ['a = 1#b', 1, 6, /#/],
    ['a = <US-ASCII coded characters 00-1F>', 1, 5, /prose/],
    ['a = "x', 1, 5, /unterminated/],
    ['a = ( b', 1, 8, /"\)"/],
    ['a = [ b )', 1, 9, /"\]"/],
    ['a =', 1, 4, /element/],
    ['a = b |', 1, 8, /element/],
    ['a b', 1, 3, /"="/],
    ['= b', 1, 1, /rule name/],
    ['  a = b\n c = d', 2, 1, /left/],
    ['a = b\nA = c', 2, 1, /twice/],
    ['a = 3*2b', 1, 5, /maximum/],
    ['a = b ! c', 1, 7, /unexpected "!"/],
  ] as Array<[string, number, number, RegExp]>)('refuses %j at line %d column %d', (text, line, column, message) => {
    const e = refused(text);
    expect(e.message).toMatch(message);
    expect([e.line, e.column]).toEqual([line, column]);
  });
});
