/** `uri-grammar tree <uri> [--rule R] [--lexical]`: the parse tree as an indented outline. */
import type { Node } from '../engine/tree';
import { flag, type Command } from './command';

export const tree: Command = {
  name: 'tree',
  summary: 'the parse tree as an indented outline',
  synopsis: '<uri> [--rule R] [--lexical]',
  details: ['One line a node: rule name, [start,end) span, the text it covers.'],
  options: { lexical: { help: 'add the character-level rules (ALPHA, DIGIT, pct-encoded, ...)' } },
  arity: [1, 1],
  rules: true,
  defaultRule: 'URI-reference',
  run(ctx) {
    const root = ctx.grammar.tree(ctx.args[0], ctx.rule, flag(ctx, 'lexical'));
    for (const line of outline(ctx.args[0], root)) ctx.io.out(line);
    return 0;
  },
};

/** One line a node: indentation for depth, rule name, span and text. Iterative, any depth. */
export function outline(input: string, root: Node): string[] {
  const lines: string[] = [];
  const stack: Array<[Node, number]> = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    lines.push(`${'  '.repeat(depth)}${node.rule} [${node.start},${node.end}) ${JSON.stringify(input.slice(node.start, node.end))}`);
    for (let k = node.children.length - 1; k >= 0; k--) stack.push([node.children[k], depth + 1]);
  }
  return lines;
}
