/**
 * Issue 15 item 9: the caret line escapes "\" as well as control and non-ASCII characters,
 * so that a typed backslash sequence and the character it names look different.
 */
import fc from 'fast-check';
import { validate, UriSyntaxError } from '../../src';
import { caretLines } from '../../src/uri/errors';

const errorOf = (s: string, rule: 'URI' | 'URI-reference' = 'URI-reference'): UriSyntaxError => {
  const v = validate(s, rule);
  if (v.ok) throw new Error(`${s} is valid`);
  return v.error;
};

describe('the caret line', () => {
  it('"a\\x09b" (typed) and "a<TAB>b" look different', () => {
    const typed = errorOf('a\\x09b').message.split('\n').slice(-2);
    const tab = errorOf('a\tb').message.split('\n').slice(-2);
    expect(typed[0]).not.toBe(tab[0]);
    expect(typed[0]).toBe('  a\\\\x09b');
    expect(tab[0]).toBe('  a\\x09b');
  });

  it('the caret stays under the character after an escaped backslash', () => {
    const e = errorOf('http://h/\\\\ x');
    expect(e.index).toBe(9);
    const [line, caret] = e.message.split('\n').slice(-2);
    expect(line).toBe('  http://h/\\\\\\\\ x');
    expect(caret).toBe('           ^');
    expect(e.message.split('\n')[0]).toContain('found "\\\\"');
  });

  it('property: the caret line is injective (different inputs, different lines)', () => {
    const unit = fc.constantFrom('a', '\\', 'x', '0', '9', '\t', '\u00e9', 'u', '"');
    fc.assert(fc.property(fc.string({ unit, maxLength: 12 }), fc.string({ unit, maxLength: 12 }), (a, b) => {
      if (a !== b) expect(caretLines(a, a.length)).not.toBe(caretLines(b, b.length));
    }), { seed: 15, numRuns: 2000, examples: [['\\x09', '\t'], ['\\u00e9', '\u00e9']] });
  });
});
