/**
 * src/engine/build/childRules.ts: the child sets a tree typed by parent reads (`toTypes`, the
 * shipped grammars' src/generated/treeTypes.ts, RFC 3986's CHILD_RULES) hold for every tree the
 * engine makes: every child of every node is in its parent's set, for generated grammars
 * (regular and recursive, any choice of character-level rules, either tree, any root) on every
 * input over their alphabet, and for the shipped grammars on real inputs. Seeded (test/support/seed.ts).
 */
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { childRules } from '../../../src/engine/build/childRules';
import { compileAbnf, CHILD_RULES, GrammarSyntaxError, grammarByName, RuleGrammar, type Node } from '../../../src/index';
import { CATALOG } from '../../../src/builtins/catalog';
import { grammars, recursiveGrammars } from '../../support/abnfGrammars';

/** Each "parent > child" pair of the tree that the sets do not allow. */
function outside(t: Node, sets: ReadonlyMap<string, readonly string[]>, bad: Set<string>): Set<string> {
  for (const c of t.children) {
    if (!sets.get(t.rule)!.includes(c.rule)) bad.add(`${t.rule} > ${c.rule}`);
    outside(c, sets, bad);
  }
  return bad;
}

/** The child sets of a grammar, as toTypes derives them. */
const setsOf = (g: RuleGrammar): Map<string, string[]> => {
  const s = g.source();
  return childRules(s.exprs, s.names, new Set(s.lexicalRules));
};

/** Every string over "a" and "b" of length 0 to 5. */
const INPUTS = [''];
for (let n = 1; n <= 5; n++) for (let k = 0; k < 2 ** n; k++) INPUTS.push(k.toString(2).padStart(n, '0').replace(/0/g, 'a').replace(/1/g, 'b'));

/** The trees of every rule, both kinds, on every input: the pairs outside the sets, and how many trees were read. */
function check(text: string, lexicalRules: string[]): { bad: string[]; trees: number } {
  const g = compileAbnf(text, { lexicalRules });
  const sets = setsOf(g);
  const bad = new Set<string>();
  let trees = 0;
  for (const rule of g.rules) {
    for (const lexical of [false, true]) {
      for (const s of INPUTS) {
        let t: Node;
        try {
          t = g.parseTree(s, rule, { lexical });
        } catch (e) {
          if (e instanceof GrammarSyntaxError) continue;
          throw e;
        }
        trees++;
        outside(t, sets, bad);
      }
    }
  }
  return { bad: [...bad], trees };
}

describe('childRules: every child of every tree is in its parent\'s set', () => {
  const lexicalRules = fc.subarray(['r0', 'r1', 'r2']);

  it('regular grammars, any character-level rules, either tree, every rule as the root', () => {
    let trees = 0;
    fc.assert(fc.property(grammars, lexicalRules, (text, lex) => {
      const r = check(text, lex);
      trees += r.trees;
      expect(r.bad).toEqual([]);
    }), { numRuns: 100 });
    expect(trees).toBeGreaterThan(3000);
  });

  it('recursive grammars (a rule reached again through character-level ones is a node when it is the root)', () => {
    let trees = 0;
    fc.assert(fc.property(recursiveGrammars, lexicalRules, (text, lex) => {
      const r = check(text, lex);
      trees += r.trees;
      expect(r.bad).toEqual([]);
    }), { numRuns: 100 });
    expect(trees).toBeGreaterThan(3000);
  });

  it('a character-level root reached again through character-level rules is a child of itself', () => {
    // a's structural tree of "xyx": a > a (b has no node); b's: b > b.
    const g = compileAbnf('a = "x" [ b ]\nb = "y" [ a ]\n', { lexicalRules: ['a', 'b'] });
    expect(g.parseTree('xyx', 'a')).toEqual({ rule: 'a', start: 0, end: 3, children: [{ rule: 'a', start: 2, end: 3, children: [] }] });
    expect(setsOf(g).get('a')).toEqual(['b', 'a']);
    expect(check('a = "x" [ b ]\nb = "y" [ a ]\n', ['a', 'b']).bad).toEqual([]);
  });

  it('a structural rule\'s child: the character-level root its chain reaches', () => {
    // m's structural tree of "zxyzx": m > r > m > r (l, character-level, has no node); r's of
    // "xyzx": r > r (neither m nor l has a node).
    const text = 'm = "z" [ r ]\nr = "x" [ l ]\nl = "y" [ m ]\n';
    const g = compileAbnf(text, { lexicalRules: ['m', 'l'] });
    expect(g.parseTree('zxyzx', 'm').children[0].children.map((c) => c.rule)).toEqual(['m']);
    expect(g.parseTree('xyzx', 'r').children.map((c) => c.rule)).toEqual(['r']);
    expect(setsOf(g).get('r')).toEqual(['l', 'm', 'r']);
    // l's structural tree of "yzx": l > r (m has no node).
    expect(setsOf(g).get('l')).toEqual(['m', 'r']);
    expect(check(text, ['m', 'l']).bad).toEqual([]);
  });

  it('no more than the trees can hold: a character-level rule is no child of a character-level one it is not the root of', () => {
    // All three character-level: a's node is in a's trees alone, where c has no node (c is not
    // the root): a's children are b (lexical tree) and a (a > a, "xyzx").
    const text = 'a = "x" [ b ]\nb = "y" [ c ]\nc = "z" [ a ]\n';
    const g = compileAbnf(text, { lexicalRules: ['a', 'b', 'c'] });
    expect(setsOf(g).get('a')).toEqual(['b', 'a']);
    expect(g.parseTree('xyzx', 'a').children.map((c) => c.rule)).toEqual(['a']);
    expect(check(text, ['a', 'b', 'c']).bad).toEqual([]);
  });

  it('a repetition of at most 0 is no reference (the reader makes it empty)', () => {
    const g = compileAbnf('a = "x" 0*0b c\nb = "y"\nc = "z"\n');
    expect(setsOf(g).get('a')).toEqual(['c']);
  });
});

describe('childRules: the shipped grammars', () => {
  const valid = (JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'vectors', 'valid.json'), 'utf8')) as Array<{ input: string }>).map((v) => v.input);
  const urls = fs.readFileSync(path.join(__dirname, '..', '..', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean).slice(0, 200);
  const iris = ['http://例え.テスト/パス?クエリ#片', 'http://[fe80::1%25en0]/', 'http://[2001:db8::7]/c=GB', 'mailto:a@b', '//a:1/b;p?q'];
  const grammarFiles = fs.readdirSync(path.join(__dirname, '..', '..', '..', 'grammar')).filter((f) => f.endsWith('.abnf'))
    .map((f) => fs.readFileSync(path.join(__dirname, '..', '..', '..', 'grammar', f), 'utf8').replace(/\r?\n/g, '\r\n'));
  const own: Record<string, string[]> = {
    json: ['{"a": [1, {"b": null}], "c": "d\\u0041", "e": -1.5e+3, "f": true}', '[]', '"x"', '[1, [2, [3]], {}]'],
    rfc5322: ['pete(his (nested) account)@silly.test', '"john doe"@example.com', 'a.b@[1.2.3.4]', 'x@y'],
    abnf: ['a = "b"\r\n', 'rule = 1*( "x" / %x41-5A ) [ other ] ; c\r\n other = <prose>\r\n', ...grammarFiles],
  };

  it.each(CATALOG.map((e) => [e.name, e.entry] as const))('%s (%s): its trees of real inputs, both kinds', (name, entry) => {
    const g = grammarByName(name) as RuleGrammar;
    const sets = setsOf(g);
    const inputs = own[name] ?? [...valid, ...urls, ...iris];
    const bad = new Set<string>();
    let trees = 0;
    for (const s of inputs) {
      for (const lexical of [false, true]) {
        try {
          outside(g.parseTree(s, entry, { lexical }), sets, bad);
          trees++;
        } catch (e) {
          if (!(e instanceof GrammarSyntaxError)) throw e;
        }
      }
    }
    expect([...bad]).toEqual([]);
    expect(trees).toBeGreaterThanOrEqual(Math.min(inputs.length, 8));
  });

  it('RFC 3986: CHILD_RULES is what childRules gives (one rule for every typed tree)', () => {
    const sets = setsOf(grammarByName('rfc3986') as RuleGrammar);
    expect(Object.fromEntries(sets)).toEqual(JSON.parse(JSON.stringify(CHILD_RULES)));
  });
});
