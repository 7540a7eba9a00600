/**
 * The whole DFA of a rule (src/engine/automata/automaton.ts `minimal`, what `toModule` packs into
 * verdict tables) has bounds: the subset construction can take exponentially many states of a
 * small grammar, and without them it took all memory before it ended (a differential run found
 * a six-rule grammar that did). Past them it is a RangeError, which `compiledData` answers by
 * writing no tables (test/engine/build/compiled.test.ts).
 */
import { Automaton } from '../../../src/engine/automata/automaton';
import { compileAbnf } from '../../../src/index';

/** `(a/b)* "a" n(a/b)`: the last n+1 characters must be remembered, 2^(n+1) states. */
const exponential = (n: number) => compileAbnf(`r = *("a" / "b") "a" ${n}("a" / "b")\n`).source();

function withBounds<T>(cells: number, held: number, f: () => T): T {
  const saved = [Automaton.maxWholeCells, Automaton.maxWholeHeld];
  Automaton.maxWholeCells = cells;
  Automaton.maxWholeHeld = held;
  try {
    return f();
  } finally {
    [Automaton.maxWholeCells, Automaton.maxWholeHeld] = saved;
  }
}

describe('Automaton.minimal: bounded', () => {
  it('a DFA within the bounds: every state (2^(n+1) of them, minimized)', () => {
    const src = exponential(5);
    const dfa = new Automaton(src.exprs, 'r').minimal();
    expect(dfa.next.length).toBe(1 + 2 ** 6); // the dead state, and one a remembered suffix
  });

  it('past the number of cells (states × classes): a RangeError that says so', () => {
    const src = exponential(8); // 512 states, and 3 classes ("a", "b", any other)
    const a = new Automaton(src.exprs, 'r');
    expect(a.classes.count).toBe(3);
    expect(() => withBounds(513 * 3 - 1, Infinity, () => new Automaton(src.exprs, 'r').minimal())).toThrow(/^grammar too large: .*more than 1538 cells/);
    expect(withBounds(513 * 3, Infinity, () => new Automaton(src.exprs, 'r').minimal()).next.length).toBe(513);
  });

  it('past the NFA states its sets hold: a RangeError that says so', () => {
    const src = exponential(8);
    expect(() => withBounds(Infinity, 1000, () => new Automaton(src.exprs, 'r').minimal())).toThrow(/^grammar too large: .*hold more than 1000 NFA states/);
  });

  it('with the default bounds, a rule of 2^19 states is refused (not built until memory runs out)', () => {
    const src = exponential(18);
    expect(() => new Automaton(src.exprs, 'r').minimal()).toThrow(RangeError);
  });

  it('the lazy automaton of the same rule still answers (it starts afresh past maxHeld, never refuses)', () => {
    const g = compileAbnf('r = *("a" / "b") "a" 18("a" / "b")\n');
    const s = 'b'.repeat(30) + 'a' + 'ab'.repeat(9);
    expect(g.isValid(s, 'r')).toBe(true);
    expect(g.isValid(s.slice(0, -1), 'r')).toBe(false);
    // and a minimal after a refusal is made afresh: the bounds are left as they were
    expect(new Automaton(exponential(3).exprs, 'r').minimal().next.length).toBe(1 + 2 ** 4);
  });
});
