/**
 * Rule names are case-insensitive (RFC 5234 2.1) in every function and every grammar's methods:
 * `uri` is `URI`. The tree names the rule as the grammar spells it.
 */
import { isValid, validate, parseTree, walk, rfc3986, rfc3987, rfc2396, compileAbnf } from '../../src/index';

describe('rule names in any case', () => {
  it('the root functions', () => {
    expect(isValid('http://a/', 'uri' as 'URI')).toBe(true);
    expect(isValid('//a', 'uri' as 'URI')).toBe(false);
    expect(validate('http://a b', 'Uri' as 'URI').ok).toBe(false);
    expect(parseTree('x:y', 'uri' as 'URI').rule).toBe('URI');
    const seen: string[] = [];
    walk('x:y', 'URI-REFERENCE' as 'URI-reference', { enter: (r) => { seen.push(r); } });
    expect(seen[0]).toBe('URI-reference');
  });
  it('every grammar\'s methods', () => {
    expect(rfc3986.isValid('http://a/', 'uri' as 'URI')).toBe(true);
    expect(rfc3986.validate('http://a b', 'uri' as 'URI').ok).toBe(false);
    expect(rfc3986.parseTree('x:y', 'uri' as 'URI').rule).toBe('URI');
    expect(rfc3987.isValid('http://ä/', 'iri' as 'IRI')).toBe(true);
    expect(rfc3987.parseTree('http://ä/', 'iri' as 'IRI').rule).toBe('IRI');
    expect(rfc2396.isValid('http://a/', 'absoluteuri' as 'absoluteURI')).toBe(true);
    expect(compileAbnf('Greeting = "hi"').isValid('hi', 'GREETING')).toBe(true);
  });
  it('an unknown rule is still a TypeError naming the argument', () => {
    expect(() => isValid('x', 'nope' as 'URI')).toThrow(TypeError);
    expect(() => rfc3987.isValid('x', 'nope' as 'IRI')).toThrow(/argument "rule"/);
  });
});
