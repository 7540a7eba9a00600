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
import { MAX_TRACE_INPUT, trace } from './trace';
import { whyNodes, whyTexts } from './why';
import { ordinal, shownText } from './words';

export { ordinal, shownText };

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
    const abnf = exprText(alts[k], false, grammar.alternation);
    return { node, depth, alternative: k, abnf, sentence: `${text} is the ${ordinal(k)} alternative of ${node.rule}: ${abnf}` };
  }
  const abnf = exprText(e, false, grammar.alternation);
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
 * The sentences that say why, for each node of `tree` (by `rule@start-end`): the alternatives
 * tried before the one taken and how each failed, and how each repetition of the node's rule
 * ended (src/teaching/why.ts). Empty when the input is too long to step through.
 */
export function whyLines(grammar: GrammarView, input: string, rule: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (input.length > MAX_TRACE_INPUT) return out;
  const t = trace(grammar, input, rule);
  for (const w of whyNodes(input, t, grammar.alternation, grammar).values()) {
    const lines = whyTexts(w);
    if (lines.length) out.set(`${w.node.rule}@${w.node.start}-${w.node.end}`, lines);
  }
  return out;
}

/**
 * The derivation of `input` as `rule`, one line per node, indented by depth; with `why`, under
 * each node the lines that say why the first match chose it (`whyLines`, each after "- "). Throws
 * the grammar's syntax error for invalid input.
 */
export function explain(grammar: GrammarView, input: string, rule: string, options: { lexical?: boolean; why?: boolean } = {}): string[] {
  const tree = grammar.parseTree(input, rule, { lexical: options.lexical === true });
  const why = options.why === true ? whyLines(grammar, input, tree.rule) : new Map<string, string[]>();
  const lines: string[] = [];
  for (const s of derivation(grammar, input, tree)) {
    const pad = '  '.repeat(s.depth);
    lines.push(pad + s.sentence);
    for (const w of why.get(`${s.node.rule}@${s.node.start}-${s.node.end}`) ?? []) lines.push(`${pad}  - ${w}`);
  }
  return lines;
}
