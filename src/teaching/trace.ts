/**
 * The derivation as a backtracking parser tries it, step by step, for teaching: rule entered,
 * alternative tried, where it stopped, alternative taken, iteration added, given back.
 *
 * The semantics are the engine's first match (docs/grammars.md): alternatives in the order
 * written, repetitions greedy (most iterations first), `[x]` before nothing, and an iteration past
 * a repetition's minimum that consumes nothing ends the repetition (ECMA-262 RepeatMatcher). The
 * first way this parser finds to match the whole input is therefore the engine's tree, which the
 * tests check by replaying the steps (`replay`) against `parseTree`.
 *
 * A plain backtracking parser can take exponential time, and its stack grows with the input: it is
 * for the short inputs a person steps through. It stops with `truncated` after `maxSteps` steps
 * (default 20,000) and refuses inputs longer than `MAX_TRACE_INPUT` characters.
 */
import type { Expr, Rules } from '../engine/expr';
import type { GrammarView } from './grammarView';
import { exprText } from './abnfText';
import { ordinal, shownText } from './words';

/** The longest input a trace is made for (a person steps through it; the tree has no such limit). */
export const MAX_TRACE_INPUT = 256;

export type TraceStep =
  /** A rule's node begins at `at` (`node` is its id, `parent` the enclosing node's, -1 at the top). */
  | { readonly t: 'enter'; readonly node: number; readonly parent: number; readonly rule: string; readonly at: number }
  /** Alternative `k` (of `of`) of a choice is tried at `at`; `node` owns the choice. */
  | { readonly t: 'try'; readonly node: number; readonly choice: number; readonly k: number; readonly of: number; readonly at: number; readonly top: boolean }
  /** That alternative matched up to `to` (what follows is tried next). */
  | { readonly t: 'matched'; readonly node: number; readonly choice: number; readonly k: number; readonly to: number }
  /** A character or string could not match at `at`: what was expected there. */
  | { readonly t: 'stop'; readonly node: number; readonly at: number; readonly expected: string }
  /** Iteration `n` (1-based) of a repetition begins at `at`. */
  | { readonly t: 'iteration'; readonly node: number; readonly rep: number; readonly n: number; readonly at: number }
  /** A repetition ends after `n` iterations at `at` (for `why`: the most it could take, or the next could not match). */
  | { readonly t: 'repeat-end'; readonly node: number; readonly rep: number; readonly n: number; readonly at: number; readonly why: 'max' | 'no-more' | 'empty' }
  /** The repetition found no way (fewer than its minimum, or what follows failed after every count). */
  | { readonly t: 'repeat-fail'; readonly node: number; readonly rep: number; readonly at: number }
  /** What followed failed after `n` iterations: the repetition gives iteration `n` back. */
  | { readonly t: 'give-back'; readonly node: number; readonly rep: number; readonly n: number; readonly at: number }
  /** The node's rule matched `[from, to)` (tentatively: what follows may still fail). */
  | { readonly t: 'exit'; readonly node: number; readonly rule: string; readonly from: number; readonly to: number }
  /** What followed the node failed: it is taken up again to find another way (its span is given back). */
  | { readonly t: 'reopen'; readonly node: number; readonly rule: string }
  /** The node's rule has no (further) way to match here. */
  | { readonly t: 'fail'; readonly node: number; readonly rule: string; readonly at: number }
  /** The whole input matched. */
  | { readonly t: 'done'; readonly end: number };

export interface Trace {
  readonly steps: readonly TraceStep[];
  /** The expression of each choice and repetition the steps name (by their `choice` / `rep` number). */
  readonly choices: readonly Expr[];
  readonly reps: readonly Expr[];
  /** Did the whole input match (within the step limit)? */
  readonly ok: boolean;
  /** The step limit was reached before an answer. */
  readonly truncated: boolean;
}

/** A grammar's rules as a record, from its view (every rule it defines; core rules are inlined). */
function rulesOf(grammar: GrammarView): Rules {
  const rules: Record<string, Expr> = {};
  for (const r of grammar.rules) rules[r] = grammar.expr(r);
  return rules;
}

class Limit extends Error {}

/** The code point at `i` and its length in UTF-16 units (a lone surrogate is one unit, matching nothing). */
function charAt(input: string, i: number): [number, number] {
  const c = input.codePointAt(i)!;
  return [c, c > 0xffff ? 2 : 1];
}

/** Is `cp` one of the characters of `e`? */
export function inCharSet(e: Extract<Expr, { t: 'chars' }>, cp: number): boolean {
  if (cp < 128) return e.set[cp] === 1;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  const more = e.more ?? [];
  for (let i = 0; i < more.length; i += 2) if (cp >= more[i] && cp <= more[i + 1]) return true;
  return false;
}

/**
 * The steps of matching all of `input` as `rule` (case-insensitive rule name). `TypeError` for an
 * unknown rule; `RangeError` for an input longer than MAX_TRACE_INPUT.
 */
export function trace(grammar: GrammarView, input: string, rule: string, options: { maxSteps?: number } = {}): Trace {
  if (input.length > MAX_TRACE_INPUT) {
    throw new RangeError(`trace: the input has ${input.length} characters; a step-through is made for at most ${MAX_TRACE_INPUT}`);
  }
  const named = grammar.rules.find((r) => r.toLowerCase() === rule.toLowerCase());
  if (named === undefined) throw new TypeError(`trace: unknown rule ${JSON.stringify(rule)}`);
  return traceExpr(grammar, input, { t: 'ref', name: named }, options.maxSteps ?? 20_000);
}

/**
 * Does `e` (an expression of `grammar`'s, e.g. one alternative of a rule) match all of `text` by
 * the same first match? Undefined when the step limit is reached first (no answer).
 */
export function matchesAll(grammar: GrammarView, e: Expr, text: string, maxSteps = 5_000): boolean | undefined {
  if (text.length > MAX_TRACE_INPUT) return undefined;
  const t = traceExpr(grammar, text, e, maxSteps);
  return t.truncated ? undefined : t.ok;
}

function traceExpr(grammar: GrammarView, input: string, start: Expr, maxSteps: number): Trace {
  const rules = rulesOf(grammar);
  const steps: TraceStep[] = [];
  const emit = (s: TraceStep) => {
    if (steps.length >= maxSteps) throw new Limit();
    steps.push(s);
  };
  let ids = 0;
  const choiceExprs: Expr[] = [];
  const repExprs: Expr[] = [];
  type K = (j: number) => boolean;

  /** Match `e` at `i` inside node `owner`, then the continuation; true when the whole match succeeds. */
  const match = (e: Expr, i: number, owner: number, k: K, top = false): boolean => {
    switch (e.t) {
      case 'chars': {
        if (i < input.length) {
          const [cp, w] = charAt(input, i);
          if (inCharSet(e, cp)) return k(i + w);
        }
        emit({ t: 'stop', node: owner, at: i, expected: e.label });
        return false;
      }
      case 'lit': {
        const part = input.slice(i, i + e.text.length);
        if (part.length === e.text.length && part.toLowerCase() === e.text.toLowerCase()) return k(i + e.text.length);
        emit({ t: 'stop', node: owner, at: i, expected: JSON.stringify(e.text) });
        return false;
      }
      case 'seq': {
        const go = (n: number, j: number): boolean => (n === e.items.length ? k(j) : match(e.items[n], j, owner, (x) => go(n + 1, x)));
        return go(0, i);
      }
      case 'alt': {
        const choice = choiceExprs.push(e) - 1;
        for (let n = 0; n < e.items.length; n++) {
          emit({ t: 'try', node: owner, choice, k: n, of: e.items.length, at: i, top });
          const ok = match(e.items[n], i, owner, (j) => {
            emit({ t: 'matched', node: owner, choice, k: n, to: j });
            return k(j);
          });
          if (ok) return true;
        }
        return false;
      }
      case 'rep': {
        const rep = repExprs.push(e) - 1;
        const { min, max, item } = e;
        const go = (n: number, j: number): boolean => {
          if (n < max) {
            emit({ t: 'iteration', node: owner, rep, n: n + 1, at: j });
            const more = match(item, j, owner, (x) => {
              // An iteration past the minimum that consumes nothing ends the repetition.
              if (x === j && n + 1 > min) {
                emit({ t: 'repeat-end', node: owner, rep, n, at: j, why: 'empty' });
                return false;
              }
              if (go(n + 1, x)) return true;
              emit({ t: 'give-back', node: owner, rep, n: n + 1, at: x });
              return false;
            });
            if (more) return true;
          }
          if (n < min) return false;
          emit({ t: 'repeat-end', node: owner, rep, n, at: j, why: n >= max ? 'max' : 'no-more' });
          return k(j);
        };
        if (go(0, i)) return true;
        emit({ t: 'repeat-fail', node: owner, rep, at: i });
        return false;
      }
      case 'ref': {
        const body = rules[e.name];
        if (body === undefined) throw new TypeError(`trace: the grammar has no rule ${e.name}`);
        const node = ids++;
        emit({ t: 'enter', node, parent: owner, rule: e.name, at: i });
        const ok = match(body, i, node, (j) => {
          emit({ t: 'exit', node, rule: e.name, from: i, to: j });
          if (k(j)) return true;
          emit({ t: 'reopen', node, rule: e.name });
          return false;
        }, true);
        if (!ok) emit({ t: 'fail', node, rule: e.name, at: i });
        return ok;
      }
    }
  };

  try {
    const ok = match(start, 0, -1, (j) => {
      if (j !== input.length) {
        emit({ t: 'stop', node: -1, at: j, expected: 'end of input' });
        return false;
      }
      emit({ t: 'done', end: j });
      return true;
    });
    return { steps, ok, truncated: false, choices: choiceExprs, reps: repExprs };
  } catch (e) {
    // The step limit, or the JavaScript stack (a grammar and input too deep to step through).
    if (e instanceof Limit || e instanceof RangeError) return { steps, ok: false, truncated: true, choices: choiceExprs, reps: repExprs };
    throw e;
  }
}

/** A node of a replayed tree. */
export interface ReplayNode {
  /** The node's id in the steps. */
  readonly id: number;
  readonly rule: string;
  readonly start: number;
  readonly end: number;
  readonly children: ReplayNode[];
}

/**
 * The tree the steps `[0, upTo)` hold at that point: the nodes entered and not failed, with the
 * span they have then (a node still open ends where the parse stands). After the last step of a
 * successful trace, the tree the first match gives, with a node for every rule the grammar defines.
 */
export function replay(steps: readonly TraceStep[], upTo = steps.length): ReplayNode | undefined {
  const nodes = new Map<number, { rule: string; parent: number; start: number; end: number; state: 'open' | 'closed' | 'dead' }>();
  for (let s = 0; s < upTo; s++) {
    const step = steps[s];
    if (step.t === 'enter') nodes.set(step.node, { rule: step.rule, parent: step.parent, start: step.at, end: step.at, state: 'open' });
    else if (step.t === 'exit') Object.assign(nodes.get(step.node)!, { end: step.to, state: 'closed' });
    else if (step.t === 'reopen') nodes.get(step.node)!.state = 'open';
    else if (step.t === 'fail') nodes.get(step.node)!.state = 'dead';
  }
  const built = new Map<number, ReplayNode>();
  let root: ReplayNode | undefined;
  for (const [id, n] of nodes) {
    if (n.state === 'dead') continue;
    // A node whose parent is dead, or that lies in an abandoned branch, is not in the tree: keep
    // only nodes whose every ancestor is alive.
    let p = n.parent;
    let alive = true;
    while (p !== -1) {
      const a = nodes.get(p)!;
      if (a.state === 'dead') { alive = false; break; }
      p = a.parent;
    }
    if (!alive) continue;
    const node: ReplayNode = { id, rule: n.rule, start: n.start, end: n.end, children: [] };
    built.set(id, node);
    if (n.parent === -1) root = node;
    else built.get(n.parent)?.children.push(node);
  }
  return root;
}

/** The rule of each node of a trace, by id (from its `enter` step). */
export function nodeRules(t: Trace): Map<number, { rule: string; at: number; parent: number }> {
  const out = new Map<number, { rule: string; at: number; parent: number }>();
  for (const s of t.steps) if (s.t === 'enter') out.set(s.node, { rule: s.rule, at: s.at, parent: s.parent });
  return out;
}

/** Where the parse stands after a step: the characters consumed so far are those before it. */
export function stepPosition(step: TraceStep): number {
  switch (step.t) {
    case 'matched': return step.to;
    case 'exit': return step.to;
    case 'done': return step.end;
    case 'reopen': return -1;
    default: return step.at;
  }
}

/** The rule a step is in (its node's), or undefined at the top. */
export function stepRule(step: TraceStep, rules: ReadonlyMap<number, { rule: string }>): string | undefined {
  if (step.t === 'done') return undefined;
  return rules.get(step.node)?.rule;
}

/** A step in words, for the step-through: what the parser does and where. */
export function stepText(step: TraceStep, t: Trace, input: string, rules: ReadonlyMap<number, { rule: string; at: number }>, alternation = '/'): string {
  const ruleOf = (node: number) => rules.get(node)?.rule ?? 'the input';
  switch (step.t) {
    case 'enter': return `enter ${step.rule} at offset ${step.at}`;
    case 'try': {
      const alt = (t.choices[step.choice] as Extract<Expr, { t: 'alt' }>).items[step.k];
      return `${ruleOf(step.node)}: try the ${ordinal(step.k)} of ${step.of} alternatives at offset ${step.at}: ${exprTextShort(alt, alternation)}`;
    }
    case 'matched': return `${ruleOf(step.node)}: the ${ordinal(step.k)} alternative matched up to offset ${step.to}; what follows is tried next`;
    case 'stop': return `stopped at offset ${step.at}: found ${step.at < input.length ? JSON.stringify(String.fromCodePoint(input.codePointAt(step.at)!)) : 'the end of input'}, expected ${step.expected}`;
    case 'iteration': return `${ruleOf(step.node)}: iteration ${step.n} of a repetition at offset ${step.at}`;
    case 'repeat-end': return `${ruleOf(step.node)}: the repetition ends after ${step.n} iteration${step.n === 1 ? '' : 's'} at offset ${step.at}${step.why === 'max' ? ' (its maximum)' : step.why === 'empty' ? ' (a further one would be empty)' : ''}`;
    case 'repeat-fail': return `${ruleOf(step.node)}: the repetition has no way to go on; back to an earlier choice`;
    case 'give-back': return `${ruleOf(step.node)}: give back iteration ${step.n} (it ended at offset ${step.at}), so that what follows can try with fewer`;
    case 'exit': return `${step.rule} matched ${shownText(input.slice(step.from, step.to), 40)} (offsets ${step.from}–${step.to})`;
    case 'reopen': return `what follows ${step.rule} failed: back into ${step.rule} to find another way`;
    case 'fail': return `${step.rule} has no way to match at offset ${step.at}; back to an earlier choice`;
    case 'done': return `done: the whole input matched (${step.end} characters)`;
  }
}

/** An alternative's ABNF for a one-line step (cut when long). */
function exprTextShort(e: Expr, alternation: string): string {
  const s = exprText(e, false, alternation);
  return s.length > 60 ? s.slice(0, 60) + '…' : s;
}

/**
 * "Step over": the step after the one at `from` with the sub-rule it is in or enters run through.
 * At an `enter`, the step after that node's `exit` (it matched: what follows comes next) or its
 * `fail` (it did not), whichever comes first; at any other step, the next one. The last step
 * when nothing is left.
 */
export function stepOver(steps: readonly TraceStep[], from: number): number {
  const last = steps.length - 1;
  const here = steps[from];
  if (!here || from >= last) return Math.max(0, last);
  if (here.t !== 'enter') return from + 1;
  for (let s = from + 1; s < steps.length; s++) {
    const e = steps[s];
    if ((e.t === 'exit' || e.t === 'fail') && e.node === here.node) return Math.min(last, s + 1);
  }
  return last;
}

/**
 * "Run to the next choice": the next step after `from` where a choice with more than one
 * alternative tries one (the decisions a first-match parse makes), or where a repetition gives
 * an iteration back; the last step when none is left.
 */
export function nextChoice(steps: readonly TraceStep[], from: number): number {
  for (let s = from + 1; s < steps.length; s++) {
    const e = steps[s];
    if ((e.t === 'try' && e.of > 1) || e.t === 'give-back') return s;
  }
  return Math.max(0, steps.length - 1);
}
