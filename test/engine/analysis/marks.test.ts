/**
 * The marked copy of a grammar (src/engine/analysis/marks.ts) has the same first-match trees:
 * without its marker nodes, its tree is the original grammar's tree with every rule a node.
 */
import { grammarByName } from '../../../src/index';
import { Marked, describe as describeTarget } from '../../../src/engine/analysis/marks';
import { generate } from '../../../src/engine/analysis/generate';
import type { Node } from '../../../src/engine/tree';

const plain = (n: Node): unknown => ({ rule: n.rule, start: n.start, end: n.end, children: (n.children as Node[]).map(plain) });

describe('marked grammar', () => {
  for (const [name, rule] of [['rfc3986', 'URI-reference'], ['rfc2396', 'URI-reference']] as const) {
    it(`${name} ${rule}: the marked tree without markers is the engine's tree`, () => {
      const g = grammarByName(name);
      const m = new Marked(g, rule);
      const strings = [...generate(g, rule, { cover: true, nearMisses: 0 }).valid, ...generate(g, rule, { count: 100, seed: 5 }).valid];
      for (const s of strings) {
        const marked = m.tree(s)!;
        expect(plain(Marked.unmarked(marked))).toEqual(plain(g.parseTree(s, rule, { lexical: true }) as Node));
      }
    });
  }

  it('names its targets in words', () => {
    const m = new Marked(grammarByName('rfc3986'), 'host');
    const words = m.targets.map(describeTarget);
    expect(words).toContain('host: alternative 3 (reg-name)');
    expect(words).toContain('h16: 1*4HEXDIG 4 times');
    expect(m.taken('nope.example')).toBeDefined();
    expect(m.taken('[')).toBeUndefined();
  });
});
