/**
 * Walking a parse tree without making it: enter and leave events, in document order, read
 * straight from the compact node store (src/engine/trees/flatTree.ts). What an embedder with a
 * large input wants: memory is the store (14 bytes a node, outside the heap), no node object
 * is made.
 */
import type { RuleName } from './rules';
import type { TreeVisitor } from '../engine/trees/flatTree';
import type { TreeOptions } from '../engine/grammar/types';
import { rfc3986 } from './rfc3986';

export type { TreeVisitor };

/**
 * Visits the parse tree of the whole `input` as `rule` (the tree `parseTree` would return
 * with the same options), calling `visitor.enter` and `visitor.leave` for each node.
 * `UriSyntaxError` for invalid input (before any call), `RangeError` past `maxNodes`.
 */
export function walk(input: string, rule: RuleName, visitor: TreeVisitor<RuleName>, options?: TreeOptions): void {
  rfc3986.walk(input, rule, visitor, options);
}
