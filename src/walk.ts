/**
 * Walking a parse tree without making it: enter and leave events, in document order, read
 * straight from the compact node store (src/engine/compactTree.ts). What an embedder with a
 * large input wants: memory is the store (14 bytes a node, outside the heap), no node object
 * is made.
 */
import { driver, type RuleName } from './grammar';
import { visit } from './engine/compactTree';
import { expectString } from './errors';
import { readOptions } from './options';
import { TREE_OPTIONS, expectRule } from './validate';
import type { TreeOptions } from './engine/driver';

/** What `walk` calls. `depth` is 0 for the root. */
export interface TreeVisitor {
  /** Before the node's children; return `false` to skip them (`leave` still follows). */
  enter?(rule: RuleName, start: number, end: number, depth: number): void | boolean;
  /** After the node's children. */
  leave?(rule: RuleName, start: number, end: number, depth: number): void;
}

const VISITOR = { enter: 'function', leave: 'function' } as const;

/**
 * Visits the parse tree of the whole `input` as `rule` (the tree `parseTree` would return
 * with the same options), calling `visitor.enter` and `visitor.leave` for each node.
 * `UriSyntaxError` for invalid input (before any call), `RangeError` past `maxNodes`.
 */
export function walk(input: string, rule: RuleName, visitor: TreeVisitor, options: TreeOptions = {}): void {
  expectString(input, 'input', 'walk');
  expectRule(rule, 'walk');
  if (visitor === undefined) throw new TypeError('walk: argument "visitor" must be an object, got undefined');
  // Own properties, read once; the methods are then called as plain functions (no `this`).
  const v = readOptions('walk', visitor, VISITOR, { argument: 'visitor', field: 'visitor method' });
  const o = readOptions('walk', options, TREE_OPTIONS);
  const tree = driver.compactTree(input, rule, o);
  visit(tree, 0, v as TreeVisitor as Parameters<typeof visit>[2]);
}
