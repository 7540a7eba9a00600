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

/**
 * Which rules' nodes can be children of each rule's node: a rule name to the union of its
 * child rules (`never` for a rule whose nodes have none). What `uri-grammar compile` writes
 * for a grammar (its `.d.ts`'s `Children`), and src/generated/treeTypes.ts for the shipped ones.
 */
export type ChildMap<R extends string = string> = { readonly [K in R]: R };

/**
 * A node typed by parent, as RFC 3986's `UriNode`: `TreeNodeOf<M, 'version'>` is a `version`
 * node whose children are `TreeNodeOf<M, M['version']>`, down to the leaves. A union keyed by
 * `rule` (`node.rule === 'pre'` narrows it), and a `TreeNode<keyof M>` too: a walker written over
 * the rule names takes it.
 */
export type TreeNodeOf<M extends ChildMap<Extract<keyof M, string>>, R extends Extract<keyof M, string> = Extract<keyof M, string>> = {
  [K in R]: {
    readonly rule: K;
    readonly start: number;
    readonly end: number;
    readonly children: ReadonlyArray<TreeNodeOf<M, M[K]>>;
  }
}[R];


/**
 * The tree sink: where a tree builder sends a tree as it finds it, nodes opening and closing in
 * document order, by rule name. The one interface every tree goes through: the first-match
 * builder (./trees/firstMatch.ts `parse`) and the recursive engine (./recursive/ends.ts
 * `tree`) write to it; `NodeBuilder` (plain objects, below), `NamedSink` (the compact store,
 * ./trees/flatTree.ts) and a caller's own sink (`treeTo`) are its implementations. (The
 * compact store's own writer, `IdSink` in ./trees/flatTree.ts, takes rule ids and node indices
 * instead: the hot path of `parseTree`, with no name looked up a node.)
 */
export interface TreeSink {
  open(rule: string, start: number): void;
  close(end: number): void;
}

/** Builds plain `Node` objects from a tree sink's open/close calls. */
export class NodeBuilder implements TreeSink {
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
