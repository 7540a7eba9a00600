/**
 * Compact parse trees: the nodes of a tree in four flat typed arrays, in pre-order (as
 * incremental parsers such as Lezer store theirs), and node objects made only on access.
 *
 * Per node: its rule (an index into the rule-name table), start, end, and the size of its
 * subtree (itself included), so that node k's first child is k + 1 and the child after
 * child c is c + size[c]. That is 14 bytes a node, outside the JavaScript heap, against
 * some 100 bytes of heap for an object with its own `children` array; the lexical tree of
 * RFC 3986 has about two nodes per input character.
 *
 * A tree that would need more than `maxNodes` nodes is refused with a RangeError before the
 * arrays grow past it (the limit bounds the memory a tree may take, 14 bytes a node).
 */
import type { Node, TreeSink } from '../tree';

/** The default node limit: 2^26 nodes, at most 14 × 2^26 bytes (about 940 MB) of arrays. */
export const DEFAULT_MAX_NODES = 2 ** 26;

/** Trees with at most this many nodes are returned as plain objects; larger ones as views. */
export const EAGER_NODES = 2 ** 16;

/**
 * The compact store's own writer: nodes by rule id and node index, in pre-order, without
 * making node objects, so that any engine can emit into the store below. Not a second tree
 * sink (../tree.ts `TreeSink`, by rule name, reaches the store through `NamedSink`): the hot
 * path of `parseTree` (./firstMatch.ts `parseTo`) looks no name up a node, and a parser that
 * backtracks drops what it wrote (`truncate`).
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

export class TreeLimitError extends RangeError {
  override readonly name = 'TreeLimitError';
  constructor(readonly limit: number, readonly inputLength: number) {
    super(`uri-grammar: the parse tree of this ${inputLength}-character input has more than ${limit} nodes, `
      + `the limit (option maxNodes; 14 bytes a node). Raise the limit, ask for the structural tree, `
      + `or walk the input with walk(), which keeps no tree`);
  }
}

export class FlatTree implements IdSink {
  rules: Uint16Array;
  starts: Uint32Array;
  ends: Uint32Array;
  sizes: Uint32Array;
  length = 0;

  constructor(
    /** The rule-name table: `names[id]`. */
    readonly names: readonly string[],
    public maxNodes: number = DEFAULT_MAX_NODES,
    /** For the message of the limit's error. */
    public inputLength = 0,
    capacity = 256,
  ) {
    capacity = Math.max(1, Math.min(capacity, maxNodes));
    this.rules = new Uint16Array(capacity);
    this.starts = new Uint32Array(capacity);
    this.ends = new Uint32Array(capacity);
    this.sizes = new Uint32Array(capacity);
  }

  open(ruleId: number, start: number): number {
    const k = this.length;
    if (k === this.rules.length || k === this.maxNodes) this.grow();
    this.rules[k] = ruleId;
    this.starts[k] = start;
    this.length = k + 1;
    return k;
  }

  close(node: number, end: number): void {
    this.ends[node] = end;
    this.sizes[node] = this.length - node;
  }

  truncate(length: number): void {
    this.length = length;
  }

  /** Empties the store for the next tree (a store reused for short inputs). */
  reset(maxNodes: number, inputLength: number): this {
    this.length = 0;
    this.maxNodes = maxNodes;
    this.inputLength = inputLength;
    return this;
  }

  /** Room for more nodes (×1.5), up to maxNodes; a TreeLimitError past it. */
  private grow(): void {
    const cap = this.rules.length;
    if (this.length >= this.maxNodes) throw new TreeLimitError(this.maxNodes, this.inputLength);
    const next = Math.min(this.maxNodes, Math.max(256, Math.ceil(cap * 1.5)));
    try {
      this.rules = copy(new Uint16Array(next), this.rules);
      this.starts = copy(new Uint32Array(next), this.starts);
      this.ends = copy(new Uint32Array(next), this.ends);
      this.sizes = copy(new Uint32Array(next), this.sizes);
    } catch (e) {
      // The arrays live outside the heap: a failed allocation is a catchable RangeError.
      if (e instanceof RangeError) throw new TreeLimitError(cap, this.inputLength);
      throw e;
    }
  }

  /** The top-level nodes (the roots: a parse may emit several side by side), as indices. */
  roots(): number[] {
    const out: number[] = [];
    for (let k = 0; k < this.length; k += this.sizes[k]) out.push(k);
    return out;
  }

  /**
   * Node `k` and its subtree as fresh plain objects, made last node first: a node's children
   * exist before it, so its `children` array is made at once, at its size (an array grown by
   * `push` from empty takes room for 17; most nodes have one to three children). Iterative: no
   * recursion on depth.
   */
  materialize(k: number): Node {
    const { names, rules, starts, ends, sizes } = this;
    // The nodes made and not yet given to their parent: made last first, a node finds its
    // children on top of the stack, its first child topmost.
    const made: Node[] = [];
    let top = 0;
    for (let j = k + sizes[k] - 1; j >= k; j--) {
      const stop = j + sizes[j];
      let children: Node[];
      const c1 = j + 1;
      if (c1 === stop) children = [];
      else {
        const c2 = c1 + sizes[c1];
        if (c2 === stop) children = [made[--top]];
        else {
          const c3 = c2 + sizes[c2];
          if (c3 === stop) {
            children = [made[top - 1], made[top - 2]];
            top -= 2;
          } else {
            children = [made[top - 1], made[top - 2], made[top - 3]];
            top -= 3;
            for (let c = c3 + sizes[c3]; c < stop; c += sizes[c]) children.push(made[--top]);
          }
        }
      }
      made[top++] = { rule: names[rules[j]], start: starts[j], end: ends[j], children };
    }
    return made[0];
  }

  /**
   * Node `k` as a view (see NodeView): `rule`, `start`, `end` its own data, `children` made
   * afresh, as views, on each read (nothing is kept, so memory stays what the caller holds).
   */
  view(k: number): Node {
    return new (this.View ??= viewClass(this))(k);
  }
  private View: (new (k: number) => Node) | undefined;

  /** Node `k` as plain objects when the subtree is small, as a view otherwise. */
  node(k: number, eager = EAGER_NODES): Node {
    return this.sizes[k] <= eager ? this.materialize(k) : this.view(k);
  }

}

function copy<T extends Uint16Array | Uint32Array>(to: T, from: T): T {
  to.set(from);
  return to;
}

/** What `walk` calls. `depth` is 0 for the root. */
export interface TreeVisitor<R extends string = string> {
  /** Before the node's children; return `false` to skip them (`leave` still follows). */
  enter?(rule: R, start: number, end: number, depth: number): void | boolean;
  /** After the node's children. */
  leave?(rule: R, start: number, end: number, depth: number): void;
}

/** Visits the subtree of node `k` in document order, with no node objects and no recursion. */
export function visit(tree: FlatTree, k: number, visitor: TreeVisitor): void {
  const { names, rules, starts, ends, sizes } = tree;
  const enter = visitor.enter;
  const leave = visitor.leave;
  const open: number[] = []; // the nodes entered and not yet left
  const stop = k + sizes[k];
  let j = k;
  while (j < stop) {
    while (open.length && j >= open[open.length - 1] + sizes[open[open.length - 1]]) {
      const p = open.pop()!;
      leave?.(names[rules[p]], starts[p], ends[p], open.length);
    }
    const skip = enter?.(names[rules[j]], starts[j], ends[j], open.length) === false;
    if (skip) {
      leave?.(names[rules[j]], starts[j], ends[j], open.length);
      j += sizes[j];
    } else {
      open.push(j);
      j++;
    }
  }
  while (open.length) {
    const p = open.pop()!;
    leave?.(names[rules[p]], starts[p], ends[p], open.length);
  }
}

/**
 * The compact store behind a tree sink (../tree.ts `TreeSink`), which opens nodes by rule name
 * and closes the innermost open one. Rule names get ids on first use.
 */
export class NamedSink implements TreeSink {
  readonly tree: FlatTree;
  private readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly open_: number[] = [];

  constructor(maxNodes = DEFAULT_MAX_NODES, inputLength = 0) {
    this.tree = new FlatTree(this.names, maxNodes, inputLength, Math.min(inputLength + 64, 1 << 16));
  }

  open(rule: string, start: number): void {
    let id = this.ids.get(rule);
    if (id === undefined) {
      id = this.names.push(rule) - 1;
      this.ids.set(rule, id);
    }
    this.open_.push(this.tree.open(id, start));
  }

  close(end: number): void {
    this.tree.close(this.open_.pop()!, end);
  }
}

/** Where a view stands in its tree's arrays (a symbol: not a field a reader of the node sees by name). */
const AT = Symbol('node');
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * The view class of one tree: every node of a large tree is an instance, with `children` a
 * getter on the prototype, so a node costs the same to make and to read at any tree size (no
 * property defined per node, which made V8 keep each node as a dictionary). `toJSON` and the
 * inspector show the node as its plain form: rule, start, end, children.
 */
function viewClass(tree: FlatTree): new (k: number) => Node {
  class NodeView implements Node {
    readonly rule: string;
    readonly start: number;
    readonly end: number;
    readonly [AT]: number;
    constructor(k: number) {
      this.rule = tree.names[tree.rules[k]];
      this.start = tree.starts[k];
      this.end = tree.ends[k];
      this[AT] = k;
    }

    get children(): Node[] {
      const k = this[AT];
      const out: Node[] = [];
      const stop = k + tree.sizes[k];
      for (let c = k + 1; c < stop; c += tree.sizes[c]) out.push(new NodeView(c));
      return out;
    }

    toJSON(): { rule: string; start: number; end: number; children: Node[] } {
      return { rule: this.rule, start: this.start, end: this.end, children: this.children };
    }

    /** The inspector's view, one level down at a time (Node's documented form for custom inspection). */
    [INSPECT](depth: number, options: { depth?: number | null; stylize(s: string, kind: string): string }, inspect: (v: unknown, o: object) => string): string {
      if (depth < 0) return options.stylize(`[Node ${this.rule}]`, 'special');
      return inspect(this.toJSON(), { ...options, depth: options.depth == null ? options.depth : options.depth - 1 });
    }
  }
  return NodeView;
}
