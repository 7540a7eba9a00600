/**
 * parsimmon itself, for the grammar's `parser` (src/engine/grammar/), which builds parsimmon
 * parsers. Here (the ES module build, and tsc's CommonJS output that the tests and benchmarks
 * load) it is a plain import. The CommonJS bundle (scripts/bundle.js) puts
 * ./parsimmonLib-cjs.ts in this file's place, which requires parsimmon on first use: no
 * function but the parsimmon parsers needs it, and a program that only validates should not
 * pay for loading it at start-up. Either way it is the user's one shared parsimmon module,
 * so that our parsers combine with theirs.
 */
import P from 'parsimmon';

export function parsimmon(): typeof P {
  return P;
}
