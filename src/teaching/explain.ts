/**
 * The derivation of an input in words: one line per tree node, naming the node's text, its
 * rule, and the rule's ABNF or the alternative the first-match-wins parse took, e.g.
 *
 *   `//example.com` is the first alternative of hier-part: "//" authority path-abempty
 *
 * Shared by the playground and `uri-grammar explain`.
 */
import type { Node } from '../engine/tree';
import { exprText } from './abnfText';
import { alternatives, type GrammarView } from './grammarView';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** `first`, `second`, … `tenth`, then `11th`, `12th`, `21st` …. */
export function ordinal(k: number): string {
  if (k < ORDINALS.length) return ORDINALS[k];
  const n = k + 1;
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** A node's text for a sentence: in backquotes, control characters escaped; empty said so. */
export function shownText(text: string): string {
  if (text === '') return 'the empty string';
  return '`' + text.replace(/[\x00-\x1f\x7f`]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`) + '`';
}

export interface Step {
  readonly node: Node;
  readonly depth: number;
  /** The alternative taken, when the rule is a choice of several. */
  readonly alternative?: number;
  /** The ABNF the sentence names: the alternative taken, or the rule's whole right-hand side. */
  readonly abnf: string;
  readonly sentence: string;
}

/** The alternative of `node`'s rule that derives its text, or undefined when the rule is no choice. */
export function alternativeTaken(grammar: GrammarView, input: string, node: Node): number | undefined {
  const alts = alternatives(grammar.expr(node.rule));
  if (alts.length < 2) return undefined;
  let k: number;
  try {
    k = grammar.alternativeOf(node.rule, input.slice(node.start, node.end));
  } catch {
    // The tree's node and the grammar's own reading of its text disagree: say nothing rather than guess.
    return undefined;
  }
  return k >= 0 && k < alts.length ? k : undefined;
}

/** One step for a node. */
export function step(grammar: GrammarView, input: string, node: Node, depth: number): Step {
  const text = shownText(input.slice(node.start, node.end));
  const e = grammar.expr(node.rule);
  const alts = alternatives(e);
  const k = alternativeTaken(grammar, input, node);
  if (k !== undefined) {
    const abnf = exprText(alts[k]);
    return { node, depth, alternative: k, abnf, sentence: `${text} is the ${ordinal(k)} alternative of ${node.rule}: ${abnf}` };
  }
  const abnf = exprText(e);
  return { node, depth, abnf, sentence: `${text} is ${node.rule}: ${abnf}` };
}

/** The steps of a tree in document order (root first, children left to right). Iterative. */
export function derivation(grammar: GrammarView, input: string, root: Node): Step[] {
  const steps: Step[] = [];
  const stack: Array<[Node, number]> = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    steps.push(step(grammar, input, node, depth));
    for (let k = node.children.length - 1; k >= 0; k--) stack.push([node.children[k], depth + 1]);
  }
  return steps;
}

/**
 * The derivation of `input` as `rule`, one line per node, indented by depth. Throws the
 * grammar's syntax error for invalid input.
 */
export function explain(grammar: GrammarView, input: string, rule: string, options: { lexical?: boolean } = {}): string[] {
  const tree = grammar.parseTree(input, rule, { lexical: options.lexical === true });
  return derivation(grammar, input, tree).map((s) => '  '.repeat(s.depth) + s.sentence);
}
