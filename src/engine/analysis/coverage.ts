/**
 * `coverage(grammar, rule, inputs)`: which alternatives, repetition counts and characters a
 * corpus takes, read from the engine's first-match trees (./marks.ts). An alternative counts once
 * per node that takes it (an input may take it many times); `neverTaken` lists the alternatives
 * no input took; `percent` is the share of alternatives taken (what `uri-grammar cover --min`
 * checks). Inputs the rule refuses are counted, not read.
 */
import type { Grammar } from '../grammar/types';
import { describe, Marked } from './marks';
import type { AlternativeCount, Coverage } from '../grammar/analysisTypes';
import { checkGrammar, ruleOf, rulesOf } from './rules';

export type { AlternativeCount, Coverage };

export function coverage(grammar: Grammar, rule: string, inputs: Iterable<string>): Coverage {
  checkGrammar(grammar, 'coverage', 'grammar');
  const r = ruleOf(grammar, rule, 'coverage');
  // A String object is iterable too (its characters): not a list of inputs.
  if (inputs === null || typeof inputs !== 'object' || inputs instanceof String || typeof (inputs as Iterable<string>)[Symbol.iterator] !== 'function') {
    throw new TypeError('coverage: argument "inputs" must be an iterable of strings');
  }
  const marked = new Marked(grammar, r, rulesOf(grammar));
  const nodes = new Array<number>(marked.targets.length).fill(0);
  const byInput = new Array<number>(marked.targets.length).fill(0);
  let total = 0;
  let refused = 0;
  for (const input of inputs) {
    if (typeof input !== 'string') throw new TypeError('coverage: argument "inputs" must hold strings');
    total++;
    const tree = marked.tree(input);
    if (!tree) { refused++; continue; }
    const seen = new Set<number>();
    // Count alternative nodes (each node that took one), and inputs per target.
    for (const t of marked.takenIn(tree, input)) seen.add(t);
    for (const t of seen) byInput[t]++;
    countAlternatives(marked, tree, input, nodes);
  }
  const alternatives: AlternativeCount[] = [];
  marked.targets.forEach((t, i) => {
    if (t.kind === 'alternative') alternatives.push({ rule: t.rule, path: t.path, index: t.index, text: t.text, count: nodes[i] });
  });
  const neverTaken = alternatives.filter((a) => a.count === 0);
  const percent = alternatives.length ? (100 * (alternatives.length - neverTaken.length)) / alternatives.length : 100;
  return {
    rule: r, inputs: total, refused, alternatives, neverTaken, percent,
    targets: marked.targets.map((target, i) => ({ target, description: describe(target), inputs: byInput[i] })),
  };
}

/** Adds, per alternative target, the nodes of `tree` that took it. */
function countAlternatives(marked: Marked, tree: import('../tree').Node, input: string, nodes: number[]): void {
  const stack = [tree];
  while (stack.length) {
    const n = stack.pop()!;
    // A node's own targets (without its children's): one node, one marker.
    const own = marked.takenIn({ rule: n.rule, start: n.start, end: n.end, children: [] }, input);
    for (const t of own) if (marked.targets[t].kind === 'alternative') nodes[t]++;
    for (const c of n.children) stack.push(c as import('../tree').Node);
  }
}
