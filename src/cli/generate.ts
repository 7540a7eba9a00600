/**
 * `uri-grammar generate [--rule R] [--cover | --count N] [--seed S] [--max-length L] [--near-misses]`:
 * strings of a rule, one a line, each checked by the engine (src/engine/analysis/generate.ts).
 *
 * Output, made for scripts: a valid string is a line by itself; with `--near-misses`, a string
 * the rule refuses is a line `near-miss<TAB>offset N<TAB>string` (N: the engine's error offset,
 * in UTF-16 code units as `validate` gives it). Characters that would break a line or a field
 * are escaped, never written raw: `\\`, `\t`, `\n`, `\r`, and `\uXXXX` for the other C0 and C1
 * controls, DEL, U+2028, U+2029 and lone surrogates. A TAB in a line is therefore always a field
 * separator, and a line decodes with JavaScript's string escapes.
 */
import { generate as generateStrings, nearMisses, type NearMiss } from '../engine/analysis/generate';
import { Usage, show } from './args';
import type { Command } from './command';

/** A generated string as one line: the characters a line or a TAB-separated field cannot hold, escaped. */
export function escapeLine(s: string): string {
  return s.replace(/[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => {
    if (c === '\\') return '\\\\';
    if (c === '\t') return '\\t';
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  });
}

/** A count option: a positive integer (or, with `zero`, 0 too). */
function count(value: string | true | string[] | undefined, name: string, zero = false): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || !/^[0-9]{1,9}$/.test(value) || (!zero && n < 1)) {
    throw new Usage(`generate: --${name} must be a ${zero ? 'non-negative' : 'positive'} integer, not ${show(String(value))}`);
  }
  return n;
}

export const generate: Command = {
  name: 'generate',
  summary: 'strings of a rule, one a line: a set that covers every alternative (default), or random ones',
  synopsis: '[--rule R] [--cover | --count N] [--seed S] [--max-length L] [--near-misses]',
  details: [
    '--cover (the default): a small set of valid strings whose first-match trees take every alternative',
    'of every rule R reaches, each repetition at its minimum, minimum + 1 and written maximum, and the',
    'first and last character of each range. --count N: N random valid strings instead, the same for',
    'the same --seed. Every string is checked by the engine. Recursive rules are derived to a depth bound.',
    'With --near-misses, strings one edit from a valid one that R refuses follow, each on a line',
    '"near-miss<TAB>offset N<TAB>string" (N: the engine\'s error offset). Backslash, TAB, CR, LF and',
    'other control characters are written escaped (\\\\, \\t, \\r, \\n, \\uXXXX), never raw.',
    'A target no string covers is named on standard error (uri-grammar shadows says why).',
  ],
  options: {
    cover: { help: 'a set covering every alternative, repetition count and range end (the default)' },
    count: { value: 'N', help: 'N random valid strings instead of the cover set' },
    seed: { value: 'S', help: 'the seed: the same seed, the same strings (default 1)' },
    'max-length': { value: 'L', help: 'no string longer than L (default 256)' },
    'near-misses': { help: 'also strings one edit away that R refuses, with their error offsets' },
  },
  arity: [0, 0],
  rules: true,
  defaultRule: 'URI-reference',
  run(ctx) {
    const n = count(ctx.opts.get('count'), 'count');
    if (n !== undefined && ctx.opts.get('cover') === true) throw new Usage('generate: --cover and --count exclude each other (--count gives random strings)');
    const seed = count(ctx.opts.get('seed'), 'seed', true);
    const maxLength = count(ctx.opts.get('max-length'), 'max-length', true);
    const withMisses = ctx.opts.get('near-misses') === true;
    const grammar = ctx.grammar.grammar;
    const g = generateStrings(grammar, ctx.rule, {
      ...(n === undefined ? { cover: true, nearMisses: withMisses ? 1 : 0 } : { count: n }),
      ...(seed === undefined ? {} : { seed }),
      ...(maxLength === undefined ? {} : { maxLength }),
    });
    for (const s of g.valid) ctx.io.out(escapeLine(s));
    if (withMisses) {
      // The cover set comes with its near-misses; random strings get theirs here, one each.
      const misses: readonly NearMiss[] = n === undefined ? g.nearMisses : nearMisses(grammar, ctx.rule, g.valid, 1, seed ?? 1);
      for (const m of misses) ctx.io.out(`near-miss\toffset ${m.index}\t${escapeLine(m.input)}`);
    }
    if (g.uncovered.length) {
      // Shadowed (shadows says so), or out of reach within --max-length and the derivations tried.
      ctx.io.err(`uri-grammar: ${g.uncovered.length} target${g.uncovered.length === 1 ? '' : 's'} no string covers (first match never takes ${g.uncovered.length === 1 ? 'it' : 'them'} in the strings tried up to ${maxLength ?? 256} characters; uri-grammar shadows --rule ${ctx.rule} says which are shadowed):`);
      for (const u of g.uncovered) ctx.io.err(`  ${u.description}`);
    }
    return 0;
  },
};
