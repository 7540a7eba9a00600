/** The parse tree: what the drivers build and the semantic layer reads. */

/** A node: the rule it derives through and its half-open span `[start, end)` in UTF-16 offsets. */
export interface Node<R extends string = string> {
  readonly rule: R;
  readonly start: number;
  readonly end: number;
  readonly children: ReadonlyArray<TreeNode<string>>;
}

/** A union keyed by `rule`, so that `node.rule === 'host'` narrows to `Node<'host'>`. */
export type TreeNode<R extends string> = { [K in R]: Node<K> }[R];

