/**
 * Generated ABNF grammars for the step-through's tests (fast-check): three rules of choices,
 * bounded repetitions, options, strings, a value range and references to later rules (so no left
 * recursion), over the alphabet "a", "b".
 */
import fc from 'fast-check';

/** An ABNF element over "a" and "b" that may name the rules in `refs` (later rules) and, after a "b", those in `guarded`. */
function element(refs: readonly string[], guarded: readonly string[] = []): fc.Arbitrary<string> {
  const leaf = fc.oneof(
    fc.constantFrom('"a"', '"b"', '"ab"', '%x61-62', '""'),
    ...(refs.length ? [fc.constantFrom(...refs)] : []),
    // A reference back up, after a "b" it must consume first (recursion, never left recursion).
    ...(guarded.length ? [fc.constantFrom(...guarded.map((r) => `( "b" ${r} )`))] : []),
  );
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


/** The same with recursion: any rule may name r0 or r1 after a "b" (recursive, not left-recursive). */
export const recursiveGrammars = fc
  .tuple(element(['r1', 'r2'], ['r0']), element(['r2'], ['r0', 'r1']), element([], ['r0']))
  .map(([a, b, c]) => `r0 = ${a}\nr1 = ${b}\nr2 = ${c}\n`);
