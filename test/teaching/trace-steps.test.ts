/**
 * Issue 38, "a step-through that scales": step over a sub-rule (src/teaching/trace.ts `stepOver`)
 * and run to the next choice (`nextChoice`), on the default example of the page.
 */
import { rfc3986View } from '../../src/teaching/grammarView';
import { nextChoice, stepOver, trace } from '../../src/teaching/trace';

const t = trace(rfc3986View, 'https://user@example.com:8080/a/b?q=1#top', 'URI-reference');
const { steps } = t;

describe('step over', () => {
  it('at an enter: the step after that node ends (exit when it matched, fail when not)', () => {
    let checked = 0;
    for (let s = 0; s < steps.length; s++) {
      const e = steps[s];
      if (e.t !== 'enter') continue;
      const to = stepOver(steps, s);
      const end = steps[to - 1];
      expect(end.t === 'exit' || end.t === 'fail').toBe(true);
      expect((end as { node: number }).node).toBe(e.node);
      // No earlier end of that node between.
      for (let x = s + 1; x < to - 1; x++) {
        const m = steps[x];
        expect((m.t === 'exit' || m.t === 'fail') && m.node === e.node).toBe(false);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });
  it('at any other step: the next; at the last: the last', () => {
    const k = steps.findIndex((e) => e.t === 'try');
    expect(stepOver(steps, k)).toBe(k + 1);
    expect(stepOver(steps, steps.length - 1)).toBe(steps.length - 1);
  });
  it('over the whole authority in one step', () => {
    const at = steps.findIndex((e) => e.t === 'enter' && e.rule === 'authority');
    const to = stepOver(steps, at);
    expect(to - at).toBeGreaterThan(100);
    expect(steps[to - 1]).toMatchObject({ t: 'exit', rule: 'authority', from: 8, to: 29 });
  });
});

describe('next choice', () => {
  it('each stop is a try among two or more alternatives, or a give-back; nothing of the kind skipped', () => {
    const stops: number[] = [];
    for (let s = 0; s < steps.length - 1; ) {
      const to = nextChoice(steps, s);
      for (let x = s + 1; x < to; x++) {
        const e = steps[x];
        expect((e.t === 'try' && e.of > 1) || e.t === 'give-back').toBe(false);
      }
      if (to < steps.length - 1) {
        const e = steps[to];
        expect((e.t === 'try' && e.of > 1) || e.t === 'give-back').toBe(true);
      }
      stops.push(to);
      s = to;
    }
    expect(stops[stops.length - 1]).toBe(steps.length - 1);
    // The decisions are far fewer than the steps.
    expect(stops.length).toBeLessThan(steps.length / 2);
  });
});
