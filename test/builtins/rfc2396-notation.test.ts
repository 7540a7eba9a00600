/**
 * The RFC 2396 notation of the grammar reader (src/engine/text/notationRfc2396.ts):
 * `compileAbnf(text, { notation: 'rfc2396' })` reads Appendix A into 40 rules with the RFC's
 * names, each construct of section 1.6 means what it says, and text in another notation is
 * refused with its line and column.
 */
import * as fs from 'fs';
import * as path from 'path';
import { compileAbnf } from '../../src/engine/text/abnf';
import { AbnfSyntaxError } from '../../src/engine/errors';
import { RULES_2396 } from '../oracles/rfc2396';

const bnf = fs.readFileSync(path.join(__dirname, '..', '..', 'grammar', 'rfc2396.bnf'), 'utf8');
const read = (text: string) => compileAbnf(text, { notation: 'rfc2396' });

function refused(text: string): AbnfSyntaxError {
  try {
    read(text);
  } catch (e) {
    expect(e).toBeInstanceOf(AbnfSyntaxError);
    return e as AbnfSyntaxError;
  }
  throw new Error(`accepted ${JSON.stringify(text)}`);
}

describe('RFC 2396 notation', () => {
  it('reads grammar/rfc2396.bnf into the 40 rules of Appendix A, names as written, in order', () => {
    expect([...read(bnf).rules]).toEqual(RULES_2396);
  });

  it('keeps each definition as written, continuation lines included', () => {
    expect(read(bnf).ruleText('userinfo')).toBe('userinfo      = *( unreserved | escaped |\n                   ";" | ":" | "&" | "=" | "+" | "$" | "," )');
  });

  it.each([
    // [grammar, rule, accepted, rejected]
    ['a = "x" | "y"', ['x', 'y'], ['', 'xy', 'z']],
    ['a = "x" "y"', ['xy'], ['x', 'yx']],
    ['a = *"x"', ['', 'x', 'xxx'], ['y']],
    ['a = 1*"x"', ['x', 'xx'], ['']],
    ['a = 2*3"x"', ['xx', 'xxx'], ['x', 'xxxx']],
    ['a = 3"x"', ['xxx'], ['xx', 'xxxx']],
    ['a = [ "x" ] "y"', ['y', 'xy'], ['x']],
    ['a = ( "x" | "y" ) "z"', ['xz', 'yz'], ['z', 'xyz']],
    ['a = b_c\nb_c = "x"', ['x'], ['']],
    ['a = "x" ; a comment with "|" in it\n  | "y"', ['x', 'y'], ['|']],
    ['a = "X"', ['X'], ['x']], // literals are exact (Appendix A lists both cases where case matters)
    ['a = "//"', ['//'], ['/']],
  ] as Array<[string, string[], string[]]>)('%j', (text, accepted, rejected) => {
    const g = read(text);
    for (const s of accepted) expect(g.isValid(s, 'a')).toBe(true);
    for (const s of rejected) expect(g.isValid(s, 'a')).toBe(false);
  });

  it.each([
    ['a = "x" / "y"', 1, 9, /"\|"/],
    ['a = 1#b\nb = "x"', 1, 6, /#/],
    ['a = <US-ASCII coded characters 00-1F>', 1, 5, /prose/],
    ['a = "x', 1, 7, /unterminated/],
    ['a = ( "x"', 1, 10, /"\)"/],
    ['a = b', 1, 5, /b/],
    ['a = "x"\na = "y"', 2, 1, /twice/],
  ] as Array<[string, number, number, RegExp]>)('refuses %j at line %d column %d', (text, line, column, message) => {
    const e = refused(text);
    expect(e.message).toMatch(message);
    expect([e.line, e.column]).toEqual([line, column]);
  });
});
