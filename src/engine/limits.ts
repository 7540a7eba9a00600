/**
 * From this many characters on, the engine stops using RegExps. V8 runs a new RegExp in its
 * bytecode interpreter first, whose backtracking stack grows with each turn of a loop and
 * overflows on inputs of megabytes. Shorter inputs (every line of the real-URL corpus: they
 * stop at 2,000) get the RegExp, the fastest form there; longer ones the automaton and the
 * closures, which need no stack. The bound is low so that the long regime is one regime: time
 * per character is the same at 10 KB as at 10 MB.
 */
export const LONG = 4096;

/** The default of `maxNesting`: rule calls in progress at once (src/engine/recursive/ends.ts). */
export const DEFAULT_MAX_NESTING = 5000;

/**
 * The default of `workLimit`: steps (an expression worked out at an offset, or an end listed)
 * per character of input. The shipped grammars use at most about 60 on their inputs (JSON
 * about 40); a cubic grammar passes it within a few hundred characters.
 */
export const DEFAULT_WORK_LIMIT = 2_000;

/**
 * How much work the backtracking search (src/engine/trees/backtrack.ts) does for a grammar
 * before the grammar's own machinery takes every call: about what that machinery costs to make
 * cold (20 to 50 ms), in steps of the search (QUICK_STEPS: some 500 trees of real URLs) and, for
 * a precompiled module's front, characters of verdicts from its tables (QUICK_CHARS: some
 * 100,000 real URLs). The search is quick cold and the machinery warm (a tree of a real URL
 * about 5 times quicker, a verdict about twice from tables and some 30 times from the search), so
 * that a program that asks a few questions never makes the machinery, and one that asks many
 * makes it once. Used by a module's front (src/engine/grammar/compiledFront.ts) and a grammar
 * read from text (src/engine/grammar/quickRuns.ts).
 */
export const QUICK_STEPS = 1 << 19;
export const QUICK_CHARS = 1 << 23;
