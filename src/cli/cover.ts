/**
 * `uri-grammar cover --grammar FILE --rule R corpus.txt [--min P]`: which alternatives of the
 * rules R reaches a corpus (one input a line) takes in its first-match trees, as a table
 * (src/engine/analysis/coverage.ts); exit 1 when fewer than P percent are taken, so a CI job can
 * fail on it.
 */
import * as fs from 'fs';
import { coverage } from '../engine/analysis/coverage';
import { Usage, show } from './args';
import type { Command } from './command';

export const cover: Command = {
  name: 'cover',
  summary: 'grammar coverage of a corpus: how often each alternative is taken, and which never are',
  synopsis: '<corpus.txt> [--rule R] [--min P] [--never]',
  details: [
    'Reads the corpus (one input a line; - for standard input is not supported) and parses each line',
    'as R; each alternative of every rule R reaches is counted once per tree node that takes it.',
    'Prints one row per alternative (count, rule, alternative), then the share taken.',
    'Exit status: 1 when the share is below --min (a percentage), else 0.',
  ],
  options: {
    min: { value: 'P', help: 'exit 1 below this percentage of alternatives taken (default 0)' },
    never: { help: 'list only the alternatives never taken' },
  },
  arity: [1, 1],
  rules: true,
  defaultRule: 'URI-reference',
  run(ctx) {
    const file = ctx.args[0];
    const minText = ctx.opts.get('min');
    const min = minText === undefined ? 0 : Number(minText);
    if (!Number.isFinite(min) || min < 0 || min > 100) throw new Usage(`cover: --min must be a percentage from 0 to 100, not ${show(String(minText))}`);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      throw new Usage(`cover: cannot read ${show(file)}: ${(e as NodeJS.ErrnoException).code ?? 'read failed'}`);
    }
    const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    if (lines.length && lines[lines.length - 1] === '') lines.pop();
    const c = coverage(ctx.grammar.grammar, ctx.rule, lines);
    const rows = ctx.opts.get('never') === true ? c.neverTaken : c.alternatives;
    const width = Math.max(5, ...rows.map((a) => String(a.count).length));
    ctx.io.out(`${'count'.padStart(width)}  rule: alternative`);
    for (const a of rows) ctx.io.out(`${String(a.count).padStart(width)}  ${a.rule}${a.path.length ? ` at ${a.path.join('.')}` : ''}: ${a.index + 1}. ${a.text}`);
    const taken = c.alternatives.length - c.neverTaken.length;
    ctx.io.out(`${taken} of ${c.alternatives.length} alternatives taken (${c.percent.toFixed(1)}%) by ${c.inputs - c.refused} inputs${c.refused ? ` (${c.refused} refused by ${ctx.rule}, not counted)` : ''}`);
    if (c.percent < min) {
      ctx.io.err(`uri-grammar: coverage ${c.percent.toFixed(1)}% is below --min ${min}%`);
      return 1;
    }
    return 0;
  },
};
