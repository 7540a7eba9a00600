/** The registry of shipped grammars (src/builtins/registry.ts). */
import { grammarByName, GRAMMAR_NAMES, rfc3986, rfc2396, rfc2732, rfc3987, rfc6874 } from '../../src/index';

describe('grammarByName', () => {
  it('knows rfc3986 and refuses other names with a TypeError', () => {
    expect(GRAMMAR_NAMES).toContain('rfc3986');
    expect(grammarByName('rfc3986').isValid('http://a/', 'URI')).toBe(true);
    expect(() => grammarByName('rfc9999')).toThrow(TypeError);
    expect(() => grammarByName(3 as unknown as string)).toThrow(TypeError);
  });

  it('gives each shipped grammar as the object the package exports', () => {
    expect(GRAMMAR_NAMES).toEqual(['rfc3986', 'rfc2396', 'rfc2732', 'rfc3987', 'rfc6874', 'json', 'rfc5322', 'abnf']);
    expect(grammarByName('rfc3986')).toBe(rfc3986);
    expect(grammarByName('rfc2396')).toBe(rfc2396);
    expect(grammarByName('rfc2732')).toBe(rfc2732);
    expect(grammarByName('rfc3987')).toBe(rfc3987);
    expect(grammarByName('rfc6874')).toBe(rfc6874);
  });
});
