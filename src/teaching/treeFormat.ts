/**
 * A parse tree written out for other tools: an indented outline (`text`), JSON with each
 * node's text (`json`), and Graphviz DOT (`dot`, for `dot -Tsvg`). Iterative: any depth.
 */
import type { Node } from '../engine/tree';

export const TREE_FORMATS = ['text', 'json', 'dot'] as const;
export type TreeFormat = (typeof TREE_FORMATS)[number];

/** One line a node: indentation for depth, rule name, span and text. */
export function treeText(input: string, root: Node): string {
  const lines: string[] = [];
  walk(root, (node, depth) => {
    lines.push(`${'  '.repeat(depth)}${node.rule} [${node.start},${node.end}) ${JSON.stringify(input.slice(node.start, node.end))}`);
  });
  return lines.join('\n');
}

export interface JsonNode {
  rule: string;
  start: number;
  end: number;
  text: string;
  children: JsonNode[];
}

/** The tree as plain data with each node's text. */
export function treeData(input: string, root: Node): JsonNode {
  const top: JsonNode[] = [];
  const parents: JsonNode[][] = [top];
  walk(root, (node, depth) => {
    const j: JsonNode = { rule: node.rule, start: node.start, end: node.end, text: input.slice(node.start, node.end), children: [] };
    parents.length = depth + 1;
    parents[depth].push(j);
    parents.push(j.children);
  });
  return top[0];
}

export function treeJson(input: string, root: Node): string {
  return JSON.stringify(treeData(input, root), null, 2);
}

/** A DOT double-quoted string (the text is JSON-escaped first, so control characters show). */
function dotString(s: string): string {
  return '"' + s.replace(/[\\"]/g, (c) => '\\' + c) + '"';
}

/** A directed graph, one box per node labelled with its rule, span and text, children in order. */
export function treeDot(input: string, root: Node): string {
  const out = ['digraph tree {', '  node [shape=box, fontname="monospace"];', '  ordering=out;'];
  const ids: number[] = [];
  let next = 0;
  walk(root, (node, depth) => {
    const id = next++;
    ids.length = depth;
    const label = `${node.rule}\n[${node.start},${node.end}) ${JSON.stringify(input.slice(node.start, node.end))}`;
    out.push(`  n${id} [label=${dotString(label).replace(/\n/g, '\\n')}];`);
    if (depth > 0) out.push(`  n${ids[depth - 1]} -> n${id};`);
    ids.push(id);
  });
  out.push('}');
  return out.join('\n');
}

export function formatTree(format: TreeFormat, input: string, root: Node): string {
  switch (format) {
    case 'text': return treeText(input, root);
    case 'json': return treeJson(input, root);
    case 'dot': return treeDot(input, root);
  }
}

/** Pre-order walk with depths, children left to right. */
function walk(root: Node, visit: (node: Node, depth: number) => void): void {
  const stack: Array<[Node, number]> = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    visit(node, depth);
    for (let k = node.children.length - 1; k >= 0; k--) stack.push([node.children[k], depth + 1]);
  }
}
