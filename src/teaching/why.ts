/**
 * Why the first match chose what it chose, in words, from the steps of `trace`: for a node whose
 * rule is a choice, each earlier alternative and how it failed (where it stopped and what it
 * expected there, or that it matched but the rest of the input could not then be matched); for a
 * repetition in the node's rule, how many iterations it took and why it stopped (the most it may
 * take, the next character, or giving iterations back so that what follows can match).
 *
 * The same sentences serve `uri-grammar explain` and the playground's "Rule" panel.
 */
import { exprText } from './abnfText';
import { ordinal, shownText } from './words';
import { MAX_TRACE_INPUT, nodeRules, replay, trace, type ReplayNode, type Trace, type TraceStep } from './trace';
import type { GrammarView } from './grammarView';
import { readableExpected } from '../engine/errors';
import type { Expr } from '../engine/expr';

/** How an alternative tried before the one taken failed. */
export type Outcome =
  /** It matched up to each of `ends`, but what follows could not then be matched. */
  | { readonly kind: 'matched'; readonly ends: readonly number[] }
  /** It matched no way: the furthest it got is `at`, where it expected `expected`. */
  | { readonly kind: 'stopped'; readonly at: number; readonly expected: readonly string[] };

export interface LosingAlternative {
  /** 0-based index of the alternative. */
  readonly k: number;
  /** Its ABNF. */
  readonly abnf: string;
  readonly outcome: Outcome;
  /** The sentence. */
  readonly text: string;
}

export interface RepeatWhy {
  readonly abnf: string;
  readonly iterations: number;
  /** How many iterations it gave back so that what follows could match. */
  readonly gaveBack: number;
  readonly text: string;
}

export interface NodeWhy {
  readonly node: ReplayNode;
  /** The alternative taken (0-based), when the node's rule is a choice. */
  readonly taken?: number;
  readonly losers: readonly LosingAlternative[];
  readonly repeats: readonly RepeatWhy[];
}

function found(input: string, at: number): string {
  if (at >= input.length) return 'the end of input';
  const ch = String.fromCodePoint(input.codePointAt(at)!);
  return ch === '"' ? '"\\""' : `"${ch.replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}"`;
}

/** The furthest `stop` among `steps[from, to)` and what was expected there (deduplicated, in order). */
function furthestStop(steps: readonly TraceStep[], from: number, to: number): { at: number; expected: string[] } {
  let at = -1;
  let expected: string[] = [];
  for (let s = from; s < to; s++) {
    const step = steps[s];
    if (step.t !== 'stop') continue;
    if (step.at > at) { at = step.at; expected = [step.expected]; } else if (step.at === at && !expected.includes(step.expected)) expected.push(step.expected);
  }
  return { at, expected };
}


/** Why each node of a successful trace is what it is, by node id. */
export function whyNodes(input: string, t: Trace, alternation = '/'): Map<number, NodeWhy> {
  const out = new Map<number, NodeWhy>();
  const root = t.ok ? replay(t.steps) : undefined;
  if (!root) return out;
  const { steps } = t;
  // For each node: its top-level choice's tries and matches, and its repetitions' events.
  const tries = new Map<number, number[]>(); // node -> step indexes of its top choice's `try`s
  const taken = new Map<number, number>(); // node -> k of its top choice's last `matched`
  const topChoice = new Map<number, number>();
  const repEvents = new Map<number, number[]>(); // rep -> step indexes
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s];
    if (step.t === 'try' && step.top) {
      if (!topChoice.has(step.node) || topChoice.get(step.node) === step.choice) {
        topChoice.set(step.node, step.choice);
        (tries.get(step.node) ?? tries.set(step.node, []).get(step.node)!).push(s);
      }
    } else if (step.t === 'matched' && topChoice.get(step.node) === step.choice) {
      taken.set(step.node, step.k);
    } else if (step.t === 'iteration' || step.t === 'repeat-end' || step.t === 'give-back' || step.t === 'repeat-fail') {
      (repEvents.get(step.rep) ?? repEvents.set(step.rep, []).get(step.rep)!).push(s);
    }
  }
  // Repetitions on the success path: their last event is the `repeat-end` the match went on from.
  const repsOf = new Map<number, RepeatWhy[]>();
  for (const [rep, idx] of repEvents) {
    const last = steps[idx[idx.length - 1]];
    if (last.t !== 'repeat-end') continue;
    const repExpr = t.reps[rep] as Extract<Expr, { t: 'rep' }>;
    const abnf = exprText(repExpr, false, alternation);
    const optional = repExpr.min === 0 && repExpr.max === 1;
    // The most iterations it completed: every one given back was completed first.
    let most = last.n;
    for (const s of idx) { const e = steps[s]; if (e.t === 'give-back' && e.n > most) most = e.n; }
    const gaveBack = most - last.n;
    const n = last.n;
    const count = `${n} iteration${n === 1 ? '' : 's'}`;
    let text: string;
    if (optional && gaveBack > 0) {
      text = `${abnf} matched, but was left out so that what follows could match`;
    } else if (gaveBack > 0) {
      text = `${abnf} took ${count}: it could take ${most}, and gave ${gaveBack} back so that what follows could match`;
    } else if (optional && n === 1) {
      continue; // present, as the first match tries first: nothing to say
    } else if (last.why === 'max') {
      text = `${abnf} took ${count}, the most it may take`;
    } else if (last.why === 'empty') {
      text = `${abnf} took ${count}; a further one would match the empty string, which ends a repetition`;
    } else {
      // The failed attempt at one more: the `iteration` step for n + 1 just before the end.
      const at = idx.findIndex((s) => s === idx[idx.length - 1]);
      const more = idx.slice(0, at).reverse().find((s) => { const e = steps[s]; return e.t === 'iteration' && e.n === n + 1; });
      const stop = more === undefined ? { at: -1, expected: [] } : furthestStop(steps, more, idx[idx.length - 1]);
      const why = `at offset ${stop.at}, found ${found(input, stop.at)}, expected ${readableExpected(stop.expected).join(', ')}`;
      text = stop.at < 0 ? `${abnf} took ${count}`
        : optional ? `${abnf} is left out: ${why}`
          : `${abnf} took ${count}; a ${ordinal(n)} could not match: ${why}`;
    }
    const node = last.node;
    (repsOf.get(node) ?? repsOf.set(node, []).get(node)!).push({ abnf, iterations: n, gaveBack, text });
  }
  const visit = (node: ReplayNode) => {
    const ts = tries.get(node.id) ?? [];
    const k = taken.get(node.id);
    const losers: LosingAlternative[] = [];
    if (k !== undefined && ts.length) {
      const choice = topChoice.get(node.id)!;
      const alts = (t.choices[choice] as Extract<Expr, { t: 'alt' }>).items;
      // The tries of alternatives before the one taken: the last try of each (the node's body runs once).
      for (let j = 0; j < k; j++) {
        const at = ts.filter((s) => (steps[s] as { k: number }).k === j).pop();
        if (at === undefined) continue;
        const next = ts.find((s) => s > at) ?? steps.length;
        const ends: number[] = [];
        for (let s = at; s < next; s++) {
          const e = steps[s];
          if (e.t === 'matched' && e.node === node.id && e.choice === choice && e.k === j && !ends.includes(e.to)) ends.push(e.to);
        }
        const abnf = exprText(alts[j], false, alternation);
        let outcome: Outcome;
        let text: string;
        if (ends.length) {
          outcome = { kind: 'matched', ends };
          const shown = ends.map((e) => shownText(input.slice(node.start, e), 40)).join(', then ');
          // Where the rest was to go on: the input after the longest way it matched (`.5` after `1.2.3.4`).
          const last = Math.max(...ends);
          const rest = last >= input.length ? 'the end of input' : shownText(input.slice(last, input.length), 40);
          text = `${ordinal(j)} alternative, ${abnf}: matched ${shown}, but what follows could not then be matched at ${rest} (first match goes on to the next alternative)`;
        } else {
          const stop = furthestStop(steps, at, next);
          outcome = { kind: 'stopped', at: stop.at, expected: stop.expected };
          const got = stop.at > node.start ? `matched ${shownText(input.slice(node.start, stop.at), 40)}, then ` : '';
          text = `${ordinal(j)} alternative, ${abnf}: ${got}stopped at offset ${stop.at}: found ${found(input, stop.at)}, expected ${readableExpected(stop.expected).join(', ')}`;
        }
        losers.push({ k: j, abnf, outcome, text });
      }
    }
    out.set(node.id, { node, taken: ts.length ? k : undefined, losers, repeats: repsOf.get(node.id) ?? [] });
    for (const c of node.children) visit(c);
  };
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    visit(n);
    // visit recurses into children itself; the stack only starts it
  }
  return out;
}

/**
 * For an invalid input: what the grammar was inside of where it stopped, e.g. "inside IP-literal
 * → IPv6address, after `::1`", from the deepest attempt that reached `index` (the error's offset).
 * Undefined when the input is too long to step through or no attempt reached `index`.
 */
export function whereStopped(grammar: GrammarView, input: string, rule: string, index: number): { rules: string[]; after: string; text: string } | undefined {
  if (input.length > MAX_TRACE_INPUT) return undefined;
  const t = trace(grammar, input, rule);
  const nodes = nodeRules(t);
  const chainOf = (node: number): number[] => {
    const chain: number[] = [];
    for (let n = node; n !== -1; n = nodes.get(n)?.parent ?? -1) chain.unshift(n);
    return chain;
  };
  // Every attempt that reached `index`, as the chain of nodes it was inside. The place to name is
  // the deepest node most of them were inside (the one a person reads the error in: not the
  // deepest single attempt, which may be a guess such as an IPv4 part in an IPv6 address).
  const chains: number[][] = [];
  for (const s of t.steps) if (s.t === 'stop' && s.at === index && s.node !== -1) chains.push(chainOf(s.node));
  if (!chains.length) return undefined;
  const count = new Map<number, number>();
  for (const c of chains) for (const n of new Set(c)) count.set(n, (count.get(n) ?? 0) + 1);
  const longest = chains.reduce((a, b) => (b.length > a.length ? b : a));
  let cut = 1;
  for (const c of chains) {
    for (let d = 0; d < c.length; d++) if ((count.get(c[d]) ?? 0) * 2 > chains.length && d + 1 > cut) cut = d + 1;
  }
  const source = chains.find((c) => c.length >= cut && (count.get(c[cut - 1]) ?? 0) * 2 > chains.length) ?? longest;
  const best = source.slice(0, cut);
  const deepest = nodes.get(best[best.length - 1])!;
  const rules = best.map((n) => nodes.get(n)!.rule);
  const shownRules = rules.length > 3 ? ['…', ...rules.slice(-3)] : rules;
  const after = input.slice(deepest.at, index);
  const afterText = after === '' ? 'at its start' : `after ${shownText(input.slice(deepest.at, index), 40)}`;
  return { rules, after, text: `inside ${shownRules.join(' → ')}, ${afterText}` };
}
