/**
 * Generated ABNF grammars for the step-through's tests (fast-check): three rules of choices,
 * bounded repetitions, options, strings, a value range and references to later rules (so no left
 * recursion), over the alphabet "a", "b".
 */
import fc from 'fast-check';

/** An ABNF element over "a" and "b" that may name the rules in `refs` (no left recursion: only later rules). */
function element(refs: readonly string[]): fc.Arbitrary<string> {
  const leaf = fc.oneof(fc.constantFrom('"a"', '"b"', '"ab"', '%x61-62', '""'), ...(refs.length ? [fc.constantFrom(...refs)] : []));
  return fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { maxDepth: 3, depthIdentifier: 'e' },
      leaf,
      fc.array(tie('e'), { minLength: 2, maxLength: 3 }).map((xs) => `( ${xs.join(' / ')} )`),
      fc.array(tie('e'), { minLength: 2, maxLength: 3 }).map((xs) => `( ${xs.join(' ')} )`),
      tie('e').map((x) => `[ ${x} ]`),
      fc.tuple(fc.nat(2), fc.option(fc.integer({ min: 1, max: 3 })), tie('e')).map(([min, more, x]) => `${min}*${more === null ? '' : min + more}( ${x} )`),
    ),
  })).e;
}

/** Three rules: r0 may name r1 and r2, r1 may name r2, r2 only characters. */
export const grammars = fc.tuple(element(['r1', 'r2']), element(['r2']), element([])).map(([a, b, c]) => `r0 = ${a}\nr1 = ${b}\nr2 = ${c}\n`);

