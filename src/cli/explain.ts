/** `uri-grammar explain <uri> [--rule R] [--lexical]`: the derivation in words, one line per node. */
import { explain as derivationLines } from '../teaching/explain';
import { whereLine } from '../teaching/whereLine';
import { GrammarSyntaxError } from '../engine/errors';
import { flag, type Command } from './command';

export const explain: Command = {
  name: 'explain',
  summary: 'the derivation in words: each node, its rule, and the alternative it took',
  synopsis: '<uri> [--rule R] [--lexical]',
  details: [
    'One line a node, indented by depth, e.g.',
    '  `//example.com` is the first alternative of hier-part: "//" authority path-abempty',
    'A rule that is a choice names the alternative the first-match-wins parse took; any other rule',
    'shows its ABNF. Under a node, "- " lines say why: each alternative tried before the one taken',
    'and how it failed, and how each repetition ended (inputs up to 256 characters).',
    'For an invalid input, the error is followed by what the grammar was inside of at its offset.',
    'docs/teaching.md has more.',
  ],
  options: {
    lexical: { help: 'explain the character-level rules too (pchar, unreserved, ...)' },
    'no-why': { help: 'leave out the lines that say why (the alternatives tried first, how repetitions ended)' },
  },
  arity: [1, 1],
  rules: true,
  defaultRule: 'URI-reference',
  run(ctx) {
    const why = !flag(ctx, 'no-why');
    const grammar = ctx.grammar.grammar;
    let lines: string[];
    try {
      lines = [...derivationLines(grammar, ctx.args[0], ctx.rule, { lexical: flag(ctx, 'lexical'), why })];
    } catch (e) {
      if (!(e instanceof GrammarSyntaxError)) throw e;
      // The error, then where the grammar was when it stopped (the playground's words).
      ctx.io.err(`${e.name}: ${e.message}`);
      const where = whereLine(grammar, e.input, e.rule, e.index, e.expected);
      if (where) ctx.io.err(where);
      return 1;
    }
    for (const line of lines) ctx.io.out(line);
    return 0;
  },
};
