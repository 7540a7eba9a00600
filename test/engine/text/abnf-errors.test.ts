/**
 * Grammar text that cannot be run: an AbnfSyntaxError with the problem, a 1-based line and
 * column in the text as given (indentation and all), and the line with a caret.
 */
import { AbnfSyntaxError, compileAbnf, type AbnfProblem } from '../../../src/index';

// [what, text, problem, line, column, words the message must contain]
const ROWS: Array<[string, string, AbnfProblem, number, number, string]> = [
  ['unterminated quoted string', 'a = "x', 'syntax', 1, 7, 'unterminated quoted string'],
  ['no "=" after the rule name', 'a "x"', 'syntax', 1, 3, 'expected "=" or "=/"'],
  ['a second "="', 'a == "x"', 'syntax', 1, 4, 'expected an element'],
  ['nothing after "="', 'a =\nb = "x"', 'syntax', 1, 4, 'expected an element'],
  ['unclosed group', 'a = ( "x"', 'syntax', 1, 10, 'expected ")"'],
  ['unclosed option', 'a = [ "x" ', 'syntax', 1, 11, 'expected "]"'],
  ['minimum above maximum', 'a = 3*2"x"', 'syntax', 1, 5, 'minimum is greater'],
  ['value above U+10FFFF', 'a = %x110000', 'syntax', 1, 7, 'above U+10FFFF'],
  ['empty range', 'a = %x5A-41', 'syntax', 1, 5, 'is empty'],
  ['bad base letter', 'a = %q41', 'syntax', 1, 6, 'expected b, d or x'],
  ['bad digit', 'a = %d4F', 'syntax', 1, 8, 'unexpected "F"'],
  ['non-ASCII in a quoted string', 'a = "é"', 'syntax', 1, 6, 'cannot appear in a quoted string'],
  ['a rule name that is not a name', '1a = "x"', 'syntax', 1, 1, 'expected a rule name'],
  ['a continuation line with no rule', ' / "y"\na = "x"', 'syntax', 1, 1, 'continuation line'],
  // A line that begins `name =` begins a rule at any indentation (RFC 8259 prints its rules so).
  ['an undefined rule, named with where it is used', 'a = "x"\nb = a  c', 'undefined-rule', 2, 8, 'rule c is not defined (used in b)'],
  ['=/ before any =', 'a =/ "x"', 'undefined-rule', 1, 1, '"=/" adds alternatives to a'],
  ['a rule defined twice', 'a = "x"\nA = "y"', 'duplicate', 2, 1, 'rule A is defined twice (first at line 1)'],
  // Recursion runs (src/engine/recursive/); left recursion, which no parser that tries
  // alternatives in order can run, is refused at the reference that closes the cycle's first step.
  ['direct left recursion', 'a = [ "x" ] a "y" / "z"', 'recursion', 1, 13, 'left recursion: a -> a'],
  ['left recursion through other rules, named in order', 'a = b\nb = c "x"\nc = [ "y" ] a', 'recursion', 1, 5, 'left recursion: a -> b -> c -> a'],
  ['prose is refused by name', 'a = "x" <a description>', 'prose', 1, 9, 'prose value <a description> in rule a'],
  ['prose under 1*', 'a = 1<x>', 'prose', 1, 6, 'prose value <x>'],
  ['a rule line indented less than the others is a rule', '      a = b\n   b = c\n      c = zz', 'undefined-rule', 3, 11, 'rule zz is not defined (used in c)'],
  ['columns count in the text as given (indented as a whole)', '    a = "x"\n    b = zz', 'undefined-rule', 2, 9, 'rule zz is not defined'],
];

describe('AbnfSyntaxError', () => {
  it.each(ROWS)('%s', (_what, text, problem, line, column, words) => {
    let error: unknown;
    try {
      compileAbnf(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AbnfSyntaxError);
    const e = error as AbnfSyntaxError;
    expect(e).toBeInstanceOf(SyntaxError);
    expect(e.name).toBe('AbnfSyntaxError');
    expect({ problem: e.problem, line: e.line, column: e.column }).toEqual({ problem, line, column });
    expect(e.message).toContain(words);
    expect(e.message).toContain(`(line ${line}, column ${column})`);
    // The line as written and a caret under the column.
    const lines = e.message.split('\n');
    const source = text.split('\n')[line - 1];
    // (A visible non-ASCII character shows as itself, as in every caret line.)
    expect(lines[lines.length - 2]).toBe(`  ${source}`);
    expect(lines[lines.length - 1]).toBe(`  ${' '.repeat(column - 1)}^`);
    // No field holds undefined or the word (a rule used but not defined is 'undefined-rule').
    for (const [k, v] of Object.entries({ reason: e.reason, problem: e.problem, line: e.line, column: e.column })) {
      expect([k, v === undefined || v === 'undefined']).toEqual([k, false]);
    }
  });

  it('loads what RFCs print: nullable rules inside [ ] and *( ), 0<prose>, core rules, comments', () => {
    const g = compileAbnf(`
      ; RFC 8141 (abridged)
      namestring    = assigned-name
                      [ rq-components ]
                      [ "#" f-component ]
      assigned-name = "urn" ":" NID ":" NSS
      NID           = (alphanum) 0*30(ldh) (alphanum)
      ldh           = alphanum / "-"
      NSS           = pchar *(pchar / "/")
      rq-components = [ "?+" r-component ]
                      [ "?=" q-component ]
      r-component   = pchar *( pchar / "/" / "?" )
      q-component   = pchar *( pchar / "/" / "?" )
      f-component   = *( pchar / "/" / "?" )
      alphanum      = ALPHA / DIGIT
      pchar         = alphanum / "-" / "." / ":" / "@"
      empty         = 0<pchar>
    `);
    expect(g.rules).toContain('rq-components');
    expect(g.isValid('urn:example:a-b:c?=q#f', 'namestring')).toBe(true);
    const t = g.parseTree('urn:ab:c', 'namestring');
    expect(t.children.map((c) => c.rule)).toEqual(['assigned-name']);
    expect(g.isValid('', 'empty')).toBe(true);
  });
});
