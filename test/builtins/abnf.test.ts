/**
 * ABNF read by ABNF (grammar/abnf.abnf, RFC 5234 section 4 with its errata and RFC 7405): the
 * engine parses every grammar/*.abnf file with it, and its verdicts on the ABNF texts of the tests
 * agree with compileAbnf's own reader, which shares no code with it.
 *
 * RFC 5234 4, note 1: a ruleset "included in a specification might need preprocessing to ensure
 * that it can be interpreted by an ABNF parser". The grammar wants CRLF line ends, rules at the
 * left margin and a final line end; RFC-printed text has LF, indentation and no final newline.
 * `strict` does that preprocessing, which compileAbnf's reader does as it reads.
 */
import * as fs from 'fs';
import * as path from 'path';
import { compileAbnf, grammarByName } from '../../src/index';

const abnf = grammarByName('abnf');
const GRAMMAR = path.join(__dirname, '..', '..', 'grammar');

/** The text with CRLF line ends, the common indentation removed (rule lines at the margin), a final CRLF. */
function strict(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const indents = lines.filter((l) => /\S/.test(l) && !/^[ \t]*;/.test(l)).map((l) => /^[ \t]*/.exec(l)![0].length);
  const common = indents.length ? Math.min(...indents) : 0;
  const out = lines.map((l) => (/^[ \t]*[A-Za-z][\w-]*[ \t]*=/.test(l) ? l.trimStart() : l.slice(Math.min(common, /^[ \t]*/.exec(l)![0].length))));
  while (out.length && out[out.length - 1] === '') out.pop();
  return out.join('\r\n') + '\r\n';
}

describe('grammar/*.abnf are rulelists by ABNF\'s own grammar', () => {
  const files = fs.readdirSync(GRAMMAR).filter((f) => f.endsWith('.abnf'));
  it('there are the grammar files, the recursive ones among them', () => {
    expect(files).toEqual(expect.arrayContaining(['rfc3986.abnf', 'rfc3987.abnf', 'rfc6874.abnf', 'json.abnf', 'rfc5322-addr-spec.abnf', 'abnf.abnf']));
  });
  it.each(files)('%s', (f) => {
    const text = fs.readFileSync(path.join(GRAMMAR, f), 'utf8');
    const v = abnf.validate(strict(text), 'rulelist');
    expect([f, v.ok ? 'ok' : v.error.message]).toEqual([f, 'ok']);
    // and the reader takes it (the semantic checks are the reader's alone); rfc6874.abnf adds to
    // rfc3986.abnf's IP-literal with "=/", so it is read after it
    const whole = f === 'rfc6874.abnf' ? fs.readFileSync(path.join(GRAMMAR, 'rfc3986.abnf'), 'utf8') + '\n' + text : text;
    expect(() => compileAbnf(whole)).not.toThrow();
  });
  it('without the CRLF line ends RFC 5234 asks for, it is not a rulelist', () => {
    expect(abnf.isValid('a = "x"\n', 'rulelist')).toBe(false);
    expect(abnf.isValid('a = "x"\r\n', 'rulelist')).toBe(true);
  });
});

describe('ABNF by ABNF agrees with compileAbnf\'s reader on the syntax of the tests\' ABNF texts', () => {
  // Texts from test/engine/text/abnf-errors.test.ts (syntax errors) and valid grammars of the tests.
  // The reader's semantic refusals (an undefined rule, a duplicate, left recursion, prose) are
  // not syntax: ABNF's grammar accepts those texts, so they are not asked here.
  const SYNTAX_ERRORS = [
    'a = "x', 'a "x"', 'a == "x"', 'a =\nb = "x"', 'a = ( "x"', 'a = [ "x" ', 'a = %q41', 'a = %d4F', 'a = "é"', '1a = "x"',
    ' / "y"\na = "x"', 'a = "x" / ', 'a = ("x" "y"', 'a = %x', 'a = < x', 'a = "x"]',
  ];
  const VALID = [
    'a = "x"', 'a = 1*DIGIT "x"\nb = a / %x41-5A', 'list = item *("," item)\nitem = word / "(" list ")"\nword = 1*ALPHA',
    'a = %s"Ab" / %i"cd" / %x41.42.43 / %d65-90 / %b1010', 'a = 2*3( "x" / [ "y" ] )\n     ; a comment\nb = a', 'a = "x"\na =/ "y"',
    'NID = alphanum 0*30(ldh) alphanum\nldh = alphanum / "-"\nalphanum = ALPHA / DIGIT', 'path-empty = 0<pchar>\npchar = "x"',
  ];
  it.each(SYNTAX_ERRORS.map((t) => [t]))('%j is refused by both', (text) => {
    expect(() => compileAbnf(text)).toThrow(/expected|unterminated|unexpected|cannot appear|continuation|rule name/);
    expect(abnf.isValid(strict(text), 'rulelist')).toBe(false);
  });
  it.each(VALID.map((t) => [t]))('%j is accepted by both', (text) => {
    expect(() => compileAbnf(text)).not.toThrow();
    expect(abnf.isValid(strict(text), 'rulelist')).toBe(true);
  });
});
