/**
 * A parse tree written out for other tools: an indented outline (`text`), JSON with each
 * node's text (`json`), and Graphviz DOT (`dot`, for `dot -Tsvg`). Iterative: any depth. Linear
 * in the tree's size: a node's text is shown whole up to TEXT_SHOWN characters (a longer one is
 * cut, or in JSON left to `start` and `end`), and indentation stops growing at MAX_INDENT levels
 * (a tree 1,500 levels deep would otherwise write each line 3,000 spaces in).
 */
import type { Node } from '../engine/tree';

export const TREE_FORMATS = ['text', 'json', 'dot'] as const;
export type TreeFormat = (typeof TREE_FORMATS)[number];

/** A node's text longer than this is cut (outline, DOT) or left out (JSON, but for the root). */
export const TEXT_SHOWN = 200;
/** Indentation stops at this depth (the outline then writes the depth out). */
export const MAX_INDENT = 40;

/**
 * A node's text as JSON, cut past TEXT_SHOWN characters (its length said); an empty node's is
 * `(empty)` (issue 38: a node that matched nothing is labelled, its offset in its span).
 */
function shown(input: string, node: Node): string {
  const n = node.end - node.start;
  if (n === 0) return '(empty)';
  if (n <= TEXT_SHOWN) return JSON.stringify(input.slice(node.start, node.end));
  return `${JSON.stringify(input.slice(node.start, node.start + TEXT_SHOWN - 20))}… (${n} characters)`;
}

const pad = (depth: number): string => '  '.repeat(Math.min(depth, MAX_INDENT));

/** One line a node: indentation for depth (past MAX_INDENT, the depth written out), rule name, span and text (`(empty)` for none). */
export function treeLines(input: string, root: Node): string[] {
  const lines: string[] = [];
  walk(root, (node, depth) => {
    lines.push(`${pad(depth)}${depth > MAX_INDENT ? `(${depth}) ` : ''}${node.rule} [${node.start},${node.end}) ${shown(input, node)}`);
  });
  return lines;
}

export function treeText(input: string, root: Node): string {
  return treeLines(input, root).join('\n');
}

export interface JsonNode {
  rule: string;
  start: number;
  end: number;
  /** The text: the root's always, another node's when it is at most TEXT_SHOWN characters. */
  text?: string;
  children: JsonNode[];
}

/** The tree as plain data with each node's text (as treeJson gives it). */
export function treeData(input: string, root: Node): JsonNode {
  return JSON.parse(treeJson(input, root)) as JsonNode;
}

/**
 * The tree as JSON, written out iteratively (JSON.stringify recurses, and overflows the stack
 * near 1,500 levels): `JSON.stringify(data, null, 2)`'s layout, indentation capped at MAX_INDENT.
 */
export function treeJson(input: string, root: Node): string {
  const lines: string[] = [];
  type Todo = { node: Node; level: number; comma: boolean; root: boolean } | string;
  const todo: Todo[] = [{ node: root, level: 0, comma: false, root: true }];
  while (todo.length) {
    const t = todo.pop()!;
    if (typeof t === 'string') {
      lines.push(t);
      continue;
    }
    const { node, level } = t;
    const f = pad(level + 1);
    lines.push(`${pad(level)}{`, `${f}"rule": ${JSON.stringify(node.rule)},`, `${f}"start": ${node.start},`, `${f}"end": ${node.end},`);
    if (t.root || node.end - node.start <= TEXT_SHOWN) lines.push(`${f}"text": ${JSON.stringify(input.slice(node.start, node.end))},`);
    const close = `${pad(level)}}${t.comma ? ',' : ''}`;
    if (!node.children.length) {
      lines.push(`${f}"children": []`, close);
      continue;
    }
    lines.push(`${f}"children": [`);
    todo.push(close, `${f}]`);
    for (let k = node.children.length - 1; k >= 0; k--) todo.push({ node: node.children[k], level: level + 2, comma: k < node.children.length - 1, root: false });
  }
  return lines.join('\n');
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
    const label = `${node.rule}\n[${node.start},${node.end}) ${shown(input, node)}`;
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
