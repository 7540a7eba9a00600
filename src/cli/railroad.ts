/** `uri-grammar railroad <rule> [--grammar G] > rule.svg`: a railroad diagram of one rule, as SVG. */
import { railroadSvg } from '../teaching/railroad';
import { Usage, show } from './args';
import type { Command } from './command';

export const railroad: Command = {
  name: 'railroad',
  summary: 'a railroad diagram of a rule, as a standalone SVG file',
  synopsis: '<rule> [--grammar G] > rule.svg',
  details: [
    'Drawn by railroad-diagrams from the rule\'s grammar expression: a choice is a fork, [ x ] a',
    'bypass, *x and 1*x loops, a counted repetition a loop labelled with its counts.',
  ],
  options: {},
  arity: [1, 1],
  listsRules: true,
  run(ctx) {
    const name = ctx.args[0];
    const rule = ctx.grammar.grammar.rules.find((r) => r.toLowerCase() === name.toLowerCase()); // RFC 5234 2.1
    if (rule === undefined) throw new Usage(`unknown rule ${show(name)} in ${ctx.grammar.name} (uri-grammar railroad --help lists them)`);
    ctx.io.out(railroadSvg(ctx.grammar.grammar, rule).trimEnd());
    return 0;
  },
};
