/**
 * `tr46`, loaded on first use: it builds its Unicode tables when loaded (about 50 ms), which no
 * function other than the IDNA conversions should pay, and which a program that only validates
 * must not pay at start-up.
 *
 * The CommonJS build has `require`. The ES module build has none and no `import.meta` can be
 * written in a source compiled to both, so there `module.createRequire` is asked (Node ≥ 20.16,
 * `process.getBuiltinModule`) for a `require` relative to this file, whose URL the stack names.
 */
import type * as Tr46 from 'tr46';

let loaded: typeof Tr46 | undefined;

export function tr46(): typeof Tr46 {
  return (loaded ??= load());
}

function load(): typeof Tr46 {
  // `require` only where it exists: the CommonJS build (the ES module build never calls it).
  const cjsRequire: NodeJS.Require | undefined = typeof require === 'function' ? require : undefined;
  if (cjsRequire) return cjsRequire('tr46') as typeof Tr46;
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  const mod = getBuiltin?.('module') as { createRequire(from: string): NodeJS.Require } | undefined;
  const here = /\((file:\/\/[^)]+?):\d+:\d+\)|at (file:\/\/\S+?):\d+:\d+/.exec(new Error().stack ?? '');
  const from = here ? here[1] ?? here[2] : undefined;
  if (mod && from) return mod.createRequire(from)('tr46') as typeof Tr46;
  throw new Error('uri-grammar: the IDNA conversions need the tr46 package, which this environment cannot load synchronously (use the CommonJS build, or Node 20.16 or later)');
}
