/**
 * The CommonJS bundle's ./parsimmonLib.ts (scripts/bundle.js swaps it in; the ES module build
 * leaves it out): parsimmon required on first use, not when the package is loaded. parsimmon
 * stays an external module, the one the user's own parsers come from.
 */
import type P from 'parsimmon';

let loaded: typeof P | undefined;

export const parsimmon: typeof import('./parsimmonLib').parsimmon = () => (loaded ??= require('parsimmon') as typeof P);
