/**
 * Walking a parse tree without making it: enter and leave events, in document order, read
 * straight from the compact node store (src/engine/trees/flatTree.ts). What an embedder with a
 * large input wants: memory is the store (14 bytes a node, outside the heap), no node object
 * is made.
 */
import { driver, type RuleName } from './driver';
import { visit, type TreeVisitor } from '../engine/trees/flatTree';
import { flatTree } from '../engine/trees/driverTrees';
import { rfc3986Plans } from './plans';

export type { TreeVisitor };
import { expectString } from './errors';
import { readOptions, TREE_OPTIONS } from '../engine/options';
import { revealed } from '../engine/secrets';
import { ruleNamed } from './validate';
import type { TreeOptions } from '../engine/grammar/driver';


const VISITOR = { enter: 'function', leave: 'function' } as const;

/**
 * Visits the parse tree of the whole `input` as `rule` (the tree `parseTree` would return
 * with the same options), calling `visitor.enter` and `visitor.leave` for each node.
 * `UriSyntaxError` for invalid input (before any call), `RangeError` past `maxNodes`.
 */
export function walk(input: string, rule: RuleName, visitor: TreeVisitor<RuleName>, options?: TreeOptions): void {
  expectString(input, 'input', 'walk');
  rule = ruleNamed(rule, 'walk');
  if (visitor === undefined) throw new TypeError('walk: argument "visitor" must be an object, got undefined');
  // Own properties, read once; the methods are then called as plain functions (no `this`).
  const v = readOptions('walk', visitor, VISITOR, { argument: 'visitor', field: 'visitor method' });
  const o = readOptions('walk', options, TREE_OPTIONS);
  const r = rule;
  visit(revealed(o.revealPasswords, () => flatTree(driver, input, r, o, rfc3986Plans())), 0, v as TreeVisitor<string>);
}
