/** The parse tree: what the drivers build and the semantic layer reads. */

/**
 * A node: the rule it derives through and its half-open span `[start, end)` in UTF-16 offsets.
 * Its children are nodes of the grammar's rules, `C` (every rule name, `string`, when untyped).
 */
export interface Node<R extends string = string, C extends string = string> {
  readonly rule: R;
  readonly start: number;
  readonly end: number;
  readonly children: ReadonlyArray<TreeNode<C>>;
}

/**
 * A union keyed by `rule`, so that `node.rule === 'host'` narrows to `Node<'host'>`; its
 * children, and theirs down to the leaves, are typed by the grammar's rule names `All` (by
 * default `R`: a tree of a grammar typed `RuleGrammar<R>` is `TreeNode<R>` all the way down, so
 * a misspelt rule name in a comparison is a compile error at any depth).
 */
export type TreeNode<R extends string, All extends string = R> = { [K in R]: Node<K, All> }[R];


/** Builds plain `Node` objects from a tree sink's open/close calls (./trees/firstMatch.ts). */
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

/**
 * Where a parser writes the nodes it finds, in pre-order, without making node objects (so
 * that any engine can emit into the compact store of ./trees/flatTree.ts).
 *
 *   const k = sink.open(ruleId, start);   // a node begins: its index
 *   … the rule's body emits the children …
 *   sink.close(k, end);                    // the node at index k ends at `end`
 *   sink.truncate(mark);                   // backtrack: drop every node from index `mark` on
 *
 * `length` is the number of nodes so far (a mark for `truncate`). A node that is opened and
 * then abandoned is dropped with `truncate(k)`. `ruleId` indexes the rule-name table the
 * sink was made with.
 */
export interface IdSink {
  readonly length: number;
  open(ruleId: number, start: number): number;
  close(node: number, end: number): void;
  truncate(length: number): void;
}
