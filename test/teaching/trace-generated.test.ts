/**
 * The step-through on generated grammars (fast-check, seeded): small ABNF grammars of choices,
 * repetitions with bounds, options, strings and rule references, and inputs over their alphabet.
 * Replaying the steps of `trace` gives the engine's own tree whenever the engine matches, and the
 * trace matches exactly when the engine does.
 */
import fc from 'fast-check';
import { compileAbnf, type Node } from '../../src/index';
import { replay, trace, type ReplayNode } from '../../src/teaching/trace';
import type { GrammarView } from '../../src/teaching/grammarView';
import { grammars, recursiveGrammars } from '../support/abnfGrammars';

const plain = (n: Node | ReplayNode): unknown => ({ rule: n.rule, start: n.start, end: n.end, children: n.children.map((c) => plain(c as Node)) });

function compiled(text: string): GrammarView | undefined {
  try {
    return compileAbnf(text);
  } catch {
    return undefined; // a grammar the engine refuses (e.g. a repetition of the empty string) is not one to step through
  }
}

function check(arb: fc.Arbitrary<string>, seed: number): void {
  let compiledCount = 0;
  let matched = 0;
  let truncated = 0;
  fc.assert(
    fc.property(arb, fc.array(fc.array(fc.constantFrom('a', 'b'), { maxLength: 6 }).map((x) => x.join('')), { minLength: 4, maxLength: 8 }), (text, inputs) => {
      const g = compiled(text);
      if (!g) return;
      compiledCount++;
      for (const input of inputs) {
        const v = g.validate(input, 'r0');
        const t = trace(g, input, 'r0', { maxSteps: 200_000 });
        // A plain backtracker may take exponential time (nested repetitions of what may be empty):
        // it then stops at its limit, which says so; every trace that ends must agree.
        if (t.truncated) {
          truncated++;
          continue;
        }
        expect([text, input, t.ok]).toEqual([text, input, v.ok]);
        if (!v.ok) continue;
        matched++;
        expect([text, input, plain(replay(t.steps)!)]).toEqual([text, input, plain(g.parseTree(input, 'r0', { lexical: true }))]);
      }
    }),
    { seed, numRuns: 200 },
  );
  // The generator must reach both: grammars the engine takes, and inputs they match.
  expect(compiledCount).toBeGreaterThan(100);
  expect(matched).toBeGreaterThan(100);
  expect(truncated).toBeLessThan(matched / 10);
}

describe('the steps replay to the engine\'s tree on generated grammars', () => {
  it('fast-check grammars and inputs (seeded)', () => check(grammars, 2424));
  it('recursive grammars (a rule named again after a "b"), fast-check (seeded)', () => check(recursiveGrammars, 2425));
});
