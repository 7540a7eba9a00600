/**
 * A grammar whose trees are typed by parent (`ChildMap`, ../tree.ts): the shipped grammars
 * (their maps in src/generated/treeTypes.ts) and the modules `uri-grammar compile` writes (the
 * `.d.ts` of ../build/compiled.ts `toTypes`). Types only: the grammar is the same object.
 */
import type P from 'parsimmon';
import type { ChildMap, TreeNodeOf } from '../tree';
import type { Grammar, TreeOptions } from './types';

/** `Grammar<keyof M>` whose `parseTree(input, 'version')` is a `version` node, its children typed by `M` down to the leaves. */
export interface TypedGrammar<M extends ChildMap<Extract<keyof M, string>>> extends Grammar<Extract<keyof M, string>> {
  /** The first-match-wins tree of the whole input as `rule`, typed by parent; a `GrammarSyntaxError` if it does not match. */
  parseTree<K extends Extract<keyof M, string>>(input: string, rule: K, options?: TreeOptions): TreeNodeOf<M, K>;
  /** A parsimmon parser of `rule` (the longest prefix that matches), yielding its tree typed by parent. */
  parser<K extends Extract<keyof M, string>>(rule: K): P.Parser<TreeNodeOf<M, K>>;
}
