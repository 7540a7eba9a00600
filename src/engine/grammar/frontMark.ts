/**
 * The mark of a precompiled module's front (./compiledFront.ts), which the grammar class's
 * `instanceof` reads (./grammar.ts): a module of its own, so that the class does not import the
 * front, whose code stays in its own bundle (dist/cjs/compiled.js). A `Symbol.for` key, so that
 * every copy of the library (the front's bundle and the main one) marks and reads the same.
 */
export const FRONT = Symbol.for('uri-grammar/compiled-front');

/** Is `x` a front, of whichever copy of the library? */
export const isCompiledFront = (x: unknown): boolean =>
  typeof x === 'object' && x !== null && (x as Record<PropertyKey, unknown>)[FRONT] === true;
