/**
 * Right recursion in tail position is a loop, not nesting (issue 35): `list = item [ "," list ]`
 * keeps one frame of the general recursive engine (src/engine/recursive/ends.ts) however long the
 * list, so a list of a million items passes under the default nesting limit, in linear work
 * (steps counted, not timed), while true nesting (`[[[…]]]`) still counts each level. The general
 * engine is run directly (`general`): the public methods answer a valid input by the one-pass
 * runners where they decide (pushdown.ts, backtrack.ts) and fall back to it, and give every
 * error, `parser()` and `alternativeOf` by it; the public answers are checked too.
 */
import P from 'parsimmon';
import { compileAbnf } from '../../../src/index';
import { EndsRunner, NestingLimitError } from '../../../src/engine/recursive/ends';
import { leadingChars, leads } from '../../../src/engine/recursive/lead';
import { NodeBuilder, type Node } from '../../../src/engine/tree';
import type { RunLimits } from '../../../src/engine/recursive/ends';

const flat = 'list = item [ "," list ]\nitem = 1*DIGIT\n';
const nested = 'list = item [ "," list ]\nitem = "[" [ list ] "]" / 1*DIGIT\n';

/** A list of `n` items, 0 to 9 in turn. */
const items = (n: number): string => {
  const parts = new Array<string>(n);
  for (let k = 0; k < n; k++) parts[k] = String(k % 10);
  return parts.join(',');
};

/** The depth of the tree's `list` nodes down the last child, and the number of `item` nodes (no recursion). */
function shape(root: Node): { depth: number; items: number } {
  let depth = 0;
  let count = 0;
  for (let n: Node | undefined = root; n; depth++) {
    let next: Node | undefined;
    for (const c of n.children) {
      if (c.rule === 'item') count++;
      if (c.rule === 'list') next = c;
    }
    n = next;
  }
  return { depth, items: count };
}

/** The general engine's run of `rule` over `s`: its verdict and, when valid, its tree (a node for every rule). */
function general(text: string, rule: string, s: string, limits?: RunLimits): { valid: boolean; tree: () => Node } {
  const exprs = compileAbnf(text).source().exprs;
  const runner = new EndsRunner(exprs, s, limits);
  const valid = runner.run(rule).ends.includes(s.length);
  return {
    valid,
    tree: () => {
      const b = new NodeBuilder();
      runner.tree(rule, 0, s.length, new Set(Object.keys(exprs)), b);
      return b.roots[0];
    },
  };
}

describe('right recursion in tail position is a loop', () => {
  // 300,000 items (600,000 characters) rather than the million docs/grammars.md measures: a few
  // seconds on a busy machine. That the nesting does not grow with the list at all is shown
  // below by a nesting limit of 8, and the linear work by steps counted at two lengths.
  it('a list of 300,000 items passes under the default nesting limit', () => {
    const s = items(300_000);
    expect(general(flat, 'list', s).valid).toBe(true);
    expect(compileAbnf(flat).isValid(s, 'list')).toBe(true);
  });

  it('the error at the end of a list (100,000 items)', () => {
    const g = compileAbnf(flat);
    const s = items(100_000);
    const v = g.validate(s + ',x', 'list');
    expect(!v.ok && [v.error.index, v.error.expected]).toEqual([s.length + 1, ['DIGIT']]);
  });

  it('its tree (100,000 items): one list node a level', () => {
    const s = items(100_000);
    const t = general(nested, 'list', s).tree();
    expect([t.rule, t.start, t.end]).toEqual(['list', 0, s.length]);
    expect(shape(t)).toEqual({ depth: 100_000, items: 100_000 });
    expect(shape(compileAbnf(nested).parseTree(s, 'list'))).toEqual({ depth: 100_000, items: 100_000 });
  });

  it('the nesting does not grow with the list: 30,000 items pass a nesting limit of 8, in either grammar', () => {
    for (const text of [flat, nested]) {
      const g = compileAbnf(text, { maxNesting: 8 });
      const s = items(30_000);
      const run = general(text, 'list', s, { maxNesting: 8 });
      expect(run.valid).toBe(true);
      expect(shape(run.tree())).toEqual({ depth: 30_000, items: 30_000 });
      expect(g.isValid(s, 'list')).toBe(true);
      const v = g.validate(s + ',', 'list');
      expect(!v.ok && [v.error.index, [...v.error.expected].sort()]).toEqual([s.length + 1, text === flat ? ['DIGIT'] : ['"["', 'DIGIT']]);
      const w = g.validate(s.slice(0, 999) + ';' + s.slice(1000), 'list');
      expect(!w.ok && [w.error.index, [...w.error.expected].sort()]).toEqual([999, ['","', 'DIGIT', 'end of input']]);
    }
  });

  it('true nesting still counts each level: [[[…]]] 6,000 deep is the nesting limit', () => {
    const g = compileAbnf(nested);
    const deep = '['.repeat(6_000) + ']'.repeat(6_000);
    expect(() => general(nested, 'list', deep)).toThrow(NestingLimitError);
    expect(() => g.isValid(deep, 'list')).toThrow(NestingLimitError);
    expect(() => g.validate(deep, 'item')).toThrow(NestingLimitError);
    // A tight limit: 30,000 items pass it (above), nesting a few levels does not.
    const tight = compileAbnf(nested, { maxNesting: 8 });
    expect(general(nested, 'list', '[[1]]', { maxNesting: 8 }).valid).toBe(true);
    expect(() => general(nested, 'list', '[[[[[1]]]]]', { maxNesting: 8 })).toThrow(NestingLimitError);
    expect(() => tight.isValid('[[[[[1]]]]]', 'list')).toThrow(NestingLimitError);
    expect(compileAbnf(nested, { maxNesting: 20_000 }).isValid(deep, 'list')).toBe(true);
  });

  it('where a comma may also follow the list, and in parser() (a prefix run), the zero iterations are listed: still a loop', () => {
    // `pair = list "," "x"`: after an item, "," may begin the rest of the list or what follows it,
    // so each level lists its own end too (a chain, shared): the tail request appends it.
    const pair = 'pair = list "," "x"\n' + flat;
    const g = compileAbnf(pair, { maxNesting: 8 });
    const s = items(30_000);
    const run = general(pair, 'pair', s + ',x', { maxNesting: 8 });
    expect(run.valid).toBe(true);
    expect(general(pair, 'pair', s + ',', { maxNesting: 8 }).valid).toBe(false);
    const t = run.tree();
    expect([t.children[0].rule, t.children[0].end, shape(t.children[0])]).toEqual(['list', s.length, { depth: 30_000, items: 30_000 }]);
    const v = g.validate(s + ';x', 'pair');
    expect(!v.ok && [v.error.index, [...v.error.expected].sort()]).toEqual([s.length, ['","', 'DIGIT']]);
    // parser(): a prefix run lists every end; the longest is taken.
    const r = P.seq(compileAbnf(flat, { maxNesting: 8 }).parser('list'), P.string(';')).parse(s + ';');
    expect(r.status && [(r.value[0] as Node).end, shape(r.value[0] as Node)]).toEqual([s.length, { depth: 30_000, items: 30_000 }]);
  });

  it('other tail positions are loops too: a sequence\'s last item, mutual recursion, a nullable body', () => {
    const cases: Array<[string, string, (n: number) => string]> = [
      ['list = item ( "." / "," list )\nitem = 1*DIGIT\n', 'list', (n) => items(n) + '.'], // a sequence's last item, an alternative
      ['list = item "." / item "," list\nitem = 1*DIGIT\n', 'list', (n) => items(n) + '.'], // the last alternative
      ['a = "x" [ ";" b ]\nb = "y" [ "," a ]\n', 'a', (n) => 'x;y,'.repeat(n) + 'x'], // through another rule
      ['list = [ item [ "," list ] ]\nitem = 1*DIGIT\n', 'list', items], // a nullable body
      ['list = item [ ws "," list ]\nws = *" "\nitem = 1*DIGIT\n', 'list', (n) => items(n).replace(/,/g, ' ,')],
    ];
    for (const [text, rule, input] of cases) {
      const s = input(10_000);
      const run = general(text, rule, s, { maxNesting: 8 });
      expect({ text, valid: run.valid, end: run.tree().end }).toEqual({ text, valid: true, end: s.length });
      const v = compileAbnf(text, { maxNesting: 8 }).validate(s + '?', rule); // an error: the general engine's
      expect({ text, index: !v.ok && v.error.index }).toEqual({ text, index: s.length });
    }
  });

  it('takes linear work: steps per character stay put from 10,000 to 80,000 items', () => {
    for (const text of [flat, nested]) {
      const exprs = compileAbnf(text).source().exprs;
      const per = (n: number) => {
        const s = items(n);
        const r = new EndsRunner(exprs, s);
        expect(r.run('list').ends).toEqual([s.length]);
        return r.steps / s.length;
      };
      const small = per(10_000);
      const large = per(80_000);
      expect(large).toBeLessThan(20);
      expect(large).toBeLessThanOrEqual(small * 1.05);
    }
  });

  it('what a run surely reads past (src/engine/recursive/lead.ts): every productive way in, up to the first part that cannot be empty', () => {
    const { exprs } = compileAbnf('a = "," b\nb = 1*DIGIT c\nc = [ "x" ] "y"\nd = e / "z"\ne = "q" d\nf = "" "a"\ng = [ "x" ]\nh = u / "k"\nu = "u" u\nw = *" " "," a\n').source();
    const leading = leadingChars(exprs);
    const chars = (e: keyof typeof exprs) => {
      const set = leading(exprs[e]);
      return set === undefined ? undefined : Array.from({ length: 128 }, (_, c) => c).filter((c) => leads(set, c)).map((c) => String.fromCharCode(c)).join('');
    };
    expect([chars('a'), chars('b'), chars('c'), chars('d'), chars('f'), chars('w')]).toEqual([',', '0123456789', 'XYxy', 'QZqz', 'Aa', ' ,']);
    expect(chars('g')).toBeUndefined(); // nullable: it may list its own start
    expect(chars('u')).toBeUndefined(); // matches nothing: not tried at all
    expect(chars('h')).toBe('Kk'); // the alternative that matches nothing is skipped, so its "u" is not read
    expect(leads(leading(exprs.a)!, 0x212a)).toBe(false); // KELVIN SIGN: above ASCII, never "surely"
  });
});
