/**
 * The one `Grammar` class (src/engine/grammar/grammar.ts): every grammar the package ships is an
 * instance of it; a rule is run once for its verdict and its tree; a grammar made from a function
 * is made on first use; RFC 3986's instance reads its rules from the module, not from its text.
 */
import { RuleGrammar } from '../../../src/engine/grammar/grammar';
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
  it.each([['an invalid input', '((x)'], ['a valid input', '((x))']])('parseTree and walk of %s: one run', (_, input) => {
    const run = jest.spyOn(EndsRunner.prototype, 'run');
    try { g.parseTree(input, 'list'); } catch { /* the error is the verdict's */ }
    expect(run).toHaveBeenCalledTimes(1);
    run.mockClear();
    try { g.walk(input, 'list', {}); } catch { /* the same */ }
    expect(run).toHaveBeenCalledTimes(1);
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
