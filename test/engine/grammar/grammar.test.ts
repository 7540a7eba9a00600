/**
 * The one `Grammar` class (src/engine/grammar/grammar.ts): every grammar the package ships is an
 * instance of it; a rule is run once for its verdict and its tree; a grammar made from a function
 * is made on first use; RFC 3986's instance reads its rules from the module, not from its text.
 */
import { RuleGrammar } from '../../../src/engine/grammar/grammar';
import { Backtracker } from '../../../src/engine/recursive/backtrack';
import { EndsRunner } from '../../../src/engine/recursive/ends';
import { compileAbnf, grammarByName, GRAMMAR_NAMES, rfc3986, rfc3987, rfc2396, rfc2732, rfc6874 } from '../../../src/index';
import { abnf, json, rfc5322 } from '../../../src/builtins/recursive';
import { rfc3986Rules, RULE_NAMES } from '../../../src/uri/rules';

describe('one class', () => {
  it('every shipped grammar, by export and by name, is a RuleGrammar', () => {
    for (const g of [rfc3986, rfc3987, rfc2396, rfc2732, rfc6874, json, rfc5322, abnf]) expect(g).toBeInstanceOf(RuleGrammar);
    for (const name of GRAMMAR_NAMES) expect([name, grammarByName(name) instanceof RuleGrammar]).toEqual([name, true]);
    expect(compileAbnf('a = "x"')).toBeInstanceOf(RuleGrammar);
  });
});

describe('a rule that reaches recursion runs once', () => {
  const g = compileAbnf('list = "(" *item ")"\nitem = list / "x"');
  afterEach(() => jest.restoreAllMocks());
  // A valid input: the backtracking run (src/engine/recursive/backtrack.ts) is verdict and tree
  // at once, and the general engine does not run; an invalid one: the general engine once (its error).
  it.each([['an invalid input', '((x)', 1, 1], ['a valid input', '((x))', 0, 1]])('parseTree and walk of %s: one run', (_, input, ends, backtracking) => {
    const run = jest.spyOn(EndsRunner.prototype, 'run');
    const bt = jest.spyOn(Backtracker.prototype, 'run');
    try { g.parseTree(input, 'list'); } catch { /* the error is the verdict's */ }
    expect([run.mock.calls.length, bt.mock.calls.length]).toEqual([ends, backtracking]);
    run.mockClear();
    bt.mockClear();
    try { g.walk(input, 'list', {}); } catch { /* the same */ }
    expect([run.mock.calls.length, bt.mock.calls.length]).toEqual([ends, backtracking]);
  });
  it('the error of the one run is the one validate gives', () => {
    const v = g.validate('((x)', 'list');
    expect(v.ok).toBe(false);
    let thrown: unknown;
    try { g.parseTree('((x)', 'list'); } catch (e) { thrown = e; }
    if (!v.ok) expect([(thrown as Error).message, (thrown as { index: number }).index]).toEqual([v.error.message, v.error.index]);
  });
});

describe('a grammar made from a function', () => {
  it('is made on first use, once; rules given up front make nothing', () => {
    let made = 0;
    const g = new RuleGrammar(() => (made++, compileAbnf('greeting = "hi" / "hello"')), ['greeting'], { name: 'greeting' });
    expect(g.rules).toEqual(['greeting']);
    expect(made).toBe(0);
    expect(g.isValid('hello', 'greeting')).toBe(true);
    expect(g.validate('hey', 'GREETING').ok).toBe(false);
    expect(g.alternation).toBe('/');
    expect(made).toBe(1);
    expect(() => g.isValid('hi', 'nope' as 'greeting')).toThrow(/must be a rule of the grammar greeting/);
  });
});

describe('RFC 3986 is loaded once', () => {
  it('its expressions are the module\'s (src/generated/rfc3986Rules.ts), not a compile of its text', () => {
    for (const rule of RULE_NAMES) expect(rfc3986.expr(rule)).toBe(rfc3986Rules[rule]);
  });
});

describe('parseTree keeps the runner of its last rule (a call with no options)', () => {
  // Each call is checked against a grammar that has never kept anything: the kept runner must
  // never answer for another rule, for a call with options, or for a value that is not a string.
  const text = 'list = "(" *item ")"\nitem = list / word\nword = 1*ALPHA\npair = word "=" word';
  const fresh = () => compileAbnf(text);
  const answer = (f: () => unknown) => { try { return { tree: f() }; } catch (e) { return { error: `${(e as Error).name}: ${(e as Error).message}` }; } };
  it('answers each call in a sequence as a fresh grammar does', () => {
    const kept = compileAbnf(text);
    const calls: Array<[unknown, unknown, object | undefined]> = [
      ['(ab(c))', 'list', undefined], ['ab', 'word', undefined], ['ab', 'word', undefined], ['a=b', 'pair', undefined],
      ['a=b', 'PAIR', undefined], ['ab', 'pair', undefined], ['ab', 'word', { lexical: true }], ['a1', 'word', undefined],
      [42, 'word', undefined], ['ab', 'nope', undefined], ['ab', undefined, undefined], ['ab', 'word', { maxNodes: 0 }],
      ['(x)', 'list', undefined], ['x', 'word', undefined],
    ];
    for (const [input, rule, options] of calls) {
      const got = answer(() => kept.parseTree(input as string, rule as string, options));
      expect([input, rule, options, got]).toEqual([input, rule, options, answer(() => fresh().parseTree(input as string, rule as string, options))]);
    }
  });
  it('keeps the hook\'s last word: RFC 3987\'s section 4.1 refusal and RFC 3986\'s error class on a repeated call', () => {
    for (let k = 0; k < 2; k++) {
      expect(() => rfc3987.parseTree('http://a/\u202e', 'IRI-reference')).toThrow(/bidi|4\.1|\u202e|U\+202E/i);
      expect(() => rfc3986.parseTree('http://a b', 'URI')).toThrow(expect.objectContaining({ name: 'UriSyntaxError' }));
    }
  });
});
