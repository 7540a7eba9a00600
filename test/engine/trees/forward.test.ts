/**
 * src/engine/trees/forward.ts: the inclusion of one candidate's future in another's
 * (`Forward.includes`), which lets the race drop a candidate that can never be first. It is
 * proved, or refuted, once a pair; a first tree pays for it (issue 37: the first tree of an IPv6
 * literal made 80 such checks). A refutation from the characters the two take needs no step.
 */
import { compileAbnf } from '../../../src/index';
import { Classes } from '../../../src/engine/automata/codepoints';
import { buildNfa, Kind } from '../../../src/engine/automata/nfa';
import { Forward, MAX_FORWARD_HELD } from '../../../src/engine/trees/forward';
import { machinery } from '../../support/machinery';

/** The Forward of `rule`'s NFA, and the future after each character state that takes `ch`, in state order. */
function futures(text: string, rule: string, ch: string, maxHeld?: number): { forward: Forward; after: number[]; classes: Classes } {
  const g = compileAbnf(text);
  const nfa = buildNfa(g.source().exprs, { t: 'ref', name: rule }, { mergeCharacters: true });
  nfa.expandAll();
  const classes = new Classes(nfa.charSets);
  const forward = new Forward(() => nfa, classes, maxHeld);
  const cp = ch.codePointAt(0)!;
  const after: number[] = [];
  for (let s = 0; s < nfa.size; s++) {
    const r = nfa.ranges[s];
    if (nfa.kind[s] !== Kind.Char || !r) continue;
    for (let j = 0; j < r.length; j += 2) if (r[j] <= cp && cp <= r[j + 1]) { after.push(forward.after(s)); break; }
  }
  return { forward, after, classes };
}

/** The steps `f` builds or reads, on any Forward (the scratch automaton of a check is one too). */
function steps<T>(f: () => T): { value: T; count: number } {
  let count = 0;
  const proto = Forward.prototype as unknown as { step: (...a: unknown[]) => number };
  const original = proto.step;
  proto.step = function (this: unknown, ...a: unknown[]) {
    count++;
    return original.apply(this, a);
  };
  try {
    return { value: f(), count };
  } finally {
    proto.step = original;
  }
}

test('a later future that takes a character the earlier one does not is refuted with no step', () => {
  // After the "p", x's first alternative goes on with "q", its second with "r".
  const { forward, after } = futures('x = "p" "q" / "p" "r"\n', 'x', 'p');
  expect(after).toHaveLength(2);
  const [first, second] = after;
  const { value, count } = steps(() => forward.includes(first, second));
  expect(value).toBe(false);
  expect(count).toBe(0);
});

test('an inclusion is still proved where it holds, and refuted where it does not', () => {
  // The "a"s of x = *( y / z ), in state order: y's, z's first, z's loop's.
  const { forward, after } = futures('x = *( y / z )\ny = "a"\nz = 1*"a" "b"\n', 'x', 'a');
  expect(after).toHaveLength(3);
  const [y, zFirst, zLoop] = after;
  // After either "a" of z, the rest is *"a" "b" and then x's loop again: the same language, by
  // other states (no subset of each other's).
  expect(forward.includes(zFirst, zLoop)).toBe(true);
  expect(forward.includes(zLoop, zFirst)).toBe(true);
  // After y's "a", "b" cannot come; after z's it can. And y's rest may end where z's may not.
  expect(forward.includes(y, zFirst)).toBe(false);
  expect(forward.includes(zFirst, y)).toBe(false);
});

test('the checks of a race share their refutations: the check one character later meets a refuted pair and ends there', () => {
  // Candidates that differ only deep down (the count of "a" before "b"): the refutation walks a
  // chain of pairs, and the race, one character later, asks about the next pair of that chain.
  const { forward, after, classes } = futures('x = "c" 5"a" "b" / "c" 3"a" "b"\n', 'x', 'c');
  expect(after).toHaveLength(2);
  const first = steps(() => forward.includes(after[0], after[1]));
  expect(first.value).toBe(false);
  expect(first.count).toBeGreaterThan(0);
  const a = classes.ascii['a'.charCodeAt(0)];
  const [next0, next1] = [forward.step(after[0], a), forward.step(after[1], a)];
  const again = steps(() => forward.includes(next0, next1));
  expect(again.value).toBe(false);
  expect(again.count).toBe(0);
});

describe('the inclusion checks\' scratch automaton: bounded in the character states its sets hold (MAX_FORWARD_HELD)', () => {
  // A grammar a differential run made: overlapping alternatives inside counted repetitions. Its
  // lookahead's sets are large, and the inclusion checks of its first tree of "a" made scratch
  // states holding 18 million character states, in 7 s, before the bound.
  const text = [
    'r0 = (((%x62 / r4) / [r2]) 1*((r2 r1 r5)))',
    'r1 = (r2 / r5 / 2*(("c-" "ab")))',
    'r2 = [((r3 %x61-63) *("c-") r4)]',
    'r3 = 2*(1*3((%x2D / r4)))',
    'r4 = (((%x2D / "ab") r5) / ((%x62 / r5 / "aa") / "a" / (r5 / r5 / "aa")) / ((r5 / r5) (r5 / "a" / "ab") r5))',
    'r5 = ([("ba" "ba")] %x61)',
    '',
  ].join('\n');

  it('every state it can reach, made until it is full: never past the bound, and then no new transition', () => {
    const { forward, after, classes } = futures(text, 'r0', 'a', MAX_FORWARD_HELD);
    const held = () => (forward as unknown as { held: number }).held;
    const seen = new Set(after.filter((s) => s > 0));
    const todo = [...seen];
    let refused = 0;
    while (todo.length && refused === 0) {
      const s = todo.pop()!;
      for (let k = 1; k < classes.count; k++) {
        const to = forward.step(s, k);
        if (to < 0) refused++;
        else if (to > 0 && !seen.has(to)) { seen.add(to); todo.push(to); }
      }
    }
    expect(refused).toBeGreaterThan(0);
    expect(held()).toBeLessThanOrEqual(MAX_FORWARD_HELD);
    expect(held()).toBeGreaterThan(MAX_FORWARD_HELD / 2);
    // Full: a transition not made yet is refused at once, one made already is still read.
    const made = [...seen].find((s) => s > 0)!;
    expect(forward.step(made, 1)).toBe(forward.step(made, 1));
    const notMade = [...forward.table.keys()].filter((i) => forward.table[i] === -2).slice(0, 50);
    expect(notMade.length).toBeGreaterThan(0);
    for (const i of notMade) expect(forward.step(Math.floor(i / forward.width), i % forward.width)).toBe(-1);
  });

  it('the checks use such an automaton (not the lookahead\'s own, whose bound is in states)', () => {
    const { forward, after } = futures(text, 'r0', 'a');
    const held = (f: unknown) => (f as { maxHeld: number }).maxHeld;
    expect(held(forward)).toBe(Infinity);
    forward.includes(after[0], after[after.length - 1]);
    expect(held((forward as unknown as { scratch: Forward }).scratch)).toBe(MAX_FORWARD_HELD);
  });

  it('the first tree of "a" (the machinery, and the search) is the same tree, the checks bounded', () => {
    const quick = compileAbnf(text);
    const tree = machinery(compileAbnf(text)).parseTree('a', 'r0');
    expect(tree).toEqual(quick.parseTree('a', 'r0'));
    expect(tree.end).toBe(1);
  });
});

describe('the inclusion checks\' work bound', () => {
  type Inside = { inclusionWork: number; inclusions: Map<number, boolean>; sets: number[][] };
  const provable = () => {
    const { forward, after } = futures('x = *( y / z )\ny = "a"\nz = 1*"a" "b"\n', 'x', 'a');
    const [, zFirst, zLoop] = after;
    return { forward, inside: forward as unknown as Inside, zFirst, zLoop };
  };

  it('a check costs at least its start (one, and an eighth of its two sets\' lengths): short of it, not proved, with no step', () => {
    const { forward, inside, zFirst, zLoop } = provable();
    const start = 1 + ((inside.sets[zLoop].length + inside.sets[zFirst].length) >> 3);
    inside.inclusionWork = start - 1;
    const refused = steps(() => forward.includes(zFirst, zLoop));
    expect(refused).toEqual({ value: false, count: 0 });
    const again = provable();
    again.inside.inclusionWork = start + 1_000;
    expect(again.forward.includes(again.zFirst, again.zLoop)).toBe(true);
  });

  it('past the bound, a pair not asked before is not proved, and not kept', () => {
    const { forward, inside, zFirst, zLoop } = provable();
    inside.inclusionWork = -1;
    const before = inside.inclusions.size;
    expect(steps(() => forward.includes(zFirst, zLoop))).toEqual({ value: false, count: 0 });
    expect(inside.inclusions.size).toBe(before);
  });
});
