/**
 * src/engine/trees/forward.ts: the inclusion of one candidate's future in another's
 * (`Forward.includes`), which lets the race drop a candidate that can never be first. It is
 * proved, or refuted, once a pair; a first tree pays for it (issue 37: the first tree of an IPv6
 * literal made 80 such checks). A refutation from the characters the two take needs no step.
 */
import { compileAbnf } from '../../../src/index';
import { Classes } from '../../../src/engine/automata/codepoints';
import { buildNfa, Kind } from '../../../src/engine/automata/nfa';
import { Forward } from '../../../src/engine/trees/forward';

/** The Forward of `rule`'s NFA, and the future after each character state that takes `ch`, in state order. */
function futures(text: string, rule: string, ch: string): { forward: Forward; after: number[]; classes: Classes } {
  const g = compileAbnf(text);
  const nfa = buildNfa(g.source().exprs, { t: 'ref', name: rule }, { mergeCharacters: true });
  nfa.expandAll();
  const classes = new Classes(nfa.charSets);
  const forward = new Forward(() => nfa, classes);
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
