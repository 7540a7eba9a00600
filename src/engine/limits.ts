/**
 * From this many characters on, the engine stops using RegExps. V8 runs a new RegExp in its
 * bytecode interpreter first, whose backtracking stack grows with each turn of a loop and
 * overflows on inputs of megabytes; shorter inputs get the RegExp, which is the faster there,
 * and longer ones the automaton or the closures, which need no stack.
 */
export const LONG = 1 << 16;
