/**
 * A precompiled module's front (src/engine/grammar/compiledFront.ts): which data gets one, that
 * it counts and answers as the grammar class of its data (every member of the class, the same
 * answers and errors), that its first answers make no class, and that it hands every call on
 * once the class is made or its work passes QUICK_STEPS or QUICK_CHARS.
 */
import * as fs from 'fs';
import * as path from 'path';
import { compileAbnf, fromCompiled, RuleGrammar, toModule } from '../../../src/index';
import { compiledData } from '../../../src/engine/build/compiled';
import { HANDED_ON, HANDED_ON_GETTERS, isCompiledFront, QUICK_CHARS, QUICK_STEPS } from '../../../src/engine/grammar/compiledFront';
import { machinery } from '../../support/machinery';

const LANGTAG = fs.readFileSync(path.join(__dirname, '..', '..', 'vectors', 'langtag.abnf'), 'utf8');
/** The data as `toModule` writes it: JSON text. */
const textOf = (g: RuleGrammar): string => JSON.stringify(compiledData(g));
/** Has the front made its grammar class? */
const made = (front: unknown): boolean => (front as { grammar?: unknown }).grammar !== undefined;

describe('which data gets a front', () => {
  it('a regular grammar with tables, as JSON text: a front, which counts as a RuleGrammar', () => {
    const g = fromCompiled(textOf(compileAbnf(LANGTAG)));
    expect(isCompiledFront(g)).toBe(true);
    expect(g).toBeInstanceOf(RuleGrammar);
    expect(isCompiledFront(compileAbnf(LANGTAG))).toBe(false);
    // A class of its own only answers `instanceof RuleGrammar` (no subclass is fooled).
    class Other {}
    expect(g instanceof (Other as unknown as typeof RuleGrammar)).toBe(false);
  });

  it('data given as an object (its caller may still change it), or a grammar with recursion: the class', () => {
    expect(isCompiledFront(fromCompiled(compiledData(compileAbnf(LANGTAG))))).toBe(false);
    const recursive = fromCompiled(textOf(compileAbnf('list = "(" *list ")"\n')));
    expect(isCompiledFront(recursive)).toBe(false);
    expect(recursive.isValid('(()())', 'list')).toBe(true);
  });
});

describe('the front answers as the class', () => {
  const names = (o: object): string[] => Object.getOwnPropertyNames(o).filter((n) => n !== 'constructor');
  it('has every method and getter of RuleGrammar.prototype (the private ones aside)', () => {
    // The class's own helpers, which no caller reaches (TypeScript's private members).
    const PRIVATE = ['g', 'inputRule', 'input', 'extra', 'isValidFirst', 'failure', 'accepted'];
    const front = fromCompiled(textOf(compileAbnf(LANGTAG)));
    const answered = new Set([...HANDED_ON, ...HANDED_ON_GETTERS, 'isValid', 'parseTree', 'rules', 'alternation']);
    for (const name of names(RuleGrammar.prototype).filter((n) => !PRIVATE.includes(n))) {
      expect([name, answered.has(name), name in front]).toEqual([name, true, true]);
    }
  });

  it('the same verdicts, trees, errors, options and members as the class of the same data', () => {
    const g = machinery(compileAbnf(LANGTAG)); // the class's own machinery, not the search both would run
    const front = fromCompiled(textOf(g));
    const inputs = ['de-CH-1996', 'zh-Hant-CN', 'x-whatever', 'en-a-bbb-x-a-ccc', 'de-', '', 'sr-Latn-RS', '12', 'de-CH-x-phonebk'];
    for (const s of inputs) {
      expect([s, front.isValid(s, 'Language-Tag')]).toEqual([s, g.isValid(s, 'Language-Tag')]);
      const v = g.validate(s, 'Language-Tag');
      expect(front.validate(s, 'Language-Tag')).toEqual(v);
      if (v.ok) {
        expect(front.parseTree(s, 'Language-Tag')).toEqual(g.parseTree(s, 'Language-Tag'));
        expect(front.parseTree(s, 'Language-Tag', { lexical: true })).toEqual(g.parseTree(s, 'Language-Tag', { lexical: true }));
      } else expect(() => front.parseTree(s, 'Language-Tag')).toThrow(v.error.message);
    }
    expect(front.rules).toEqual(g.rules);
    expect(Object.isFrozen(front.rules)).toBe(true);
    expect(front.alternation).toBe(g.alternation);
    expect(front.ruleText('script')).toBe(g.ruleText('script'));
    // Wrong arguments: the class's TypeErrors.
    expect(() => front.isValid(5 as unknown as string, 'Language-Tag')).toThrow(TypeError);
    expect(() => front.parseTree('de', 'no-such-rule')).toThrow(/argument "rule"/);
    // A rule name in another case (RFC 5234 2.1) is the class's to read.
    expect(front.isValid('de', 'language-tag')).toBe(true);
    // toModule takes the front as the grammar of its data.
    expect(toModule(front, { format: 'cjs' })).toBe(toModule(g, { format: 'cjs' }));
  });
});

describe('when the front makes the class', () => {
  it('not for first verdicts and trees of inputs the rule accepts', () => {
    const front = fromCompiled(textOf(compileAbnf(LANGTAG)));
    expect(front.isValid('de-CH-1996', 'Language-Tag')).toBe(true);
    expect(front.isValid('de-', 'Language-Tag')).toBe(false);
    expect(front.parseTree('de-CH-1996', 'Language-Tag').children.length).toBeGreaterThan(0);
    expect(made(front)).toBe(false);
    // An error is the class's: made now, and every later call is its.
    expect(front.validate('de-', 'Language-Tag').ok).toBe(false);
    expect(made(front)).toBe(true);
  });

  it('an input of LONG characters or more, or a search past its budget: the class', () => {
    const long = fromCompiled(textOf(compileAbnf('r = *"a"\n')));
    expect(long.parseTree('a'.repeat(5000), 'r').end).toBe(5000);
    expect(made(long)).toBe(true);
    const g = machinery(compileAbnf('r = *( "a" / "aa" ) "b" / *"a" "c"\n'));
    const hard = fromCompiled(textOf(g));
    const s = 'a'.repeat(40) + 'c';
    expect(hard.parseTree(s, 'r')).toEqual(g.parseTree(s, 'r'));
    expect(made(hard)).toBe(true);
  });

  it('once its verdicts pass QUICK_CHARS characters: the class answers from then on', () => {
    const front = fromCompiled(textOf(compileAbnf('r = *"a"\n')));
    const s = 'a'.repeat(1 << 18);
    const calls = Math.ceil(QUICK_CHARS / (s.length + 16));
    for (let k = 0; k < calls; k++) expect(front.isValid(s, 'r')).toBe(true);
    expect(made(front)).toBe(false);
    expect(front.isValid(s, 'r')).toBe(true);
    expect(made(front)).toBe(true);
  });

  it('once its tree searches pass QUICK_STEPS steps: the class answers from then on', () => {
    const front = fromCompiled(textOf(compileAbnf('r = *"a"\n')));
    const s = 'a'.repeat(4000);
    let calls = 0;
    while (!made(front)) {
      expect(front.parseTree(s, 'r').end).toBe(4000);
      calls++;
    }
    // Each tree takes some steps a character: the front made the class after QUICK_STEPS of them, not before.
    expect(calls).toBeGreaterThan(QUICK_STEPS / (64 * 4000));
    expect(calls).toBeLessThan(QUICK_STEPS / 4000 + 2);
  });
});
