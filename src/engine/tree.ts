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


/** Builds plain `Node` objects from a tree sink's open/close calls (./firstMatch.ts). */
export class NodeBuilder {
  private readonly stack: Array<{ rule: string; start: number; children: Node[] }> = [];
  readonly roots: Node[] = [];

  open(rule: string, start: number): void {
    this.stack.push({ rule, start, children: [] });
  }

  close(end: number): void {
    const top = this.stack.pop()!;
    const node: Node = { rule: top.rule, start: top.start, end, children: top.children };
    (this.stack.length ? this.stack[this.stack.length - 1].children : this.roots).push(node);
  }
}
