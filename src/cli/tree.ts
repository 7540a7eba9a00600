/** `uri-grammar tree <uri> [--rule R] [--lexical] [--format text|json|dot]`: the parse tree. */
import type { Node } from '../engine/tree';
import { formatTree, treeLines, TREE_FORMATS, type TreeFormat } from '../teaching/treeFormat';
import { Usage, show } from './args';
import { flag, type Command } from './command';

export const tree: Command = {
  name: 'tree',
  summary: 'the parse tree as an indented outline, JSON or Graphviz DOT',
  synopsis: '<uri> [--rule R] [--lexical] [--format text|json|dot]',
  details: [
    'text (default): one line a node: rule name, [start,end) span, the text it covers ("(empty)" for none).',
    'json: nested { rule, start, end, text, children }. dot: a graph for Graphviz (| dot -Tsvg > tree.svg).',
  ],
  options: {
    lexical: { help: 'add the character-level rules (ALPHA, DIGIT, pct-encoded, ...)' },
    format: { value: 'F', help: 'text (default), json or dot' },
  },
  arity: [1, 1],
  rules: true,
  defaultRule: 'URI-reference',
  run(ctx) {
    const format = ctx.opts.get('format') ?? 'text';
    if (typeof format !== 'string' || !(TREE_FORMATS as readonly string[]).includes(format)) {
      throw new Usage(`tree: --format must be json, dot or text, not ${show(String(format))}`);
    }
    const root = ctx.grammar.grammar.parseTree(ctx.args[0], ctx.rule, { lexical: flag(ctx, 'lexical') });
    if (format === 'text') for (const line of outline(ctx.args[0], root)) ctx.io.out(line);
    else ctx.io.out(formatTree(format as TreeFormat, ctx.args[0], root));
    return 0;
  },
};

/** One line a node: indentation for depth, rule name, span and text. Iterative, any depth; linear (src/teaching/treeFormat.ts). */
export function outline(input: string, root: Node): string[] {
  return treeLines(input, root);
}
