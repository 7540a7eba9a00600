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
import { MAX_TRACE_INPUT, inCharSet, matchesAll, nodeRules, replay, trace, type ReplayNode, type Trace, type TraceStep } from './trace';
import type { GrammarView } from './grammarView';
import { readableExpected } from '../engine/errors';
import type { Expr, Rules } from '../engine/expr';
import { Alternation } from '../engine/analysis/neverTaken';
import { rulesReachingRecursion } from '../engine/grammar/cycles';

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

/** A later alternative that matches the node's text as well, and loses by order alone. */
export interface AlsoMatching {
  readonly k: number;
  readonly abnf: string;
  /** Set when first match never takes it for any input (the shadow report's, exact). */
  readonly shadowed?: Shadowed;
  readonly text: string;
}

/** An alternative first match never takes: the earlier one that takes its shortest string, `witness`. */
export interface Shadowed {
  readonly by: number;
  readonly witness: string;
}

/** A later alternative that does not match the node's text and that first match never takes. */
export interface NeverTaken {
  readonly k: number;
  readonly abnf: string;
  readonly shadowed: Shadowed;
  readonly text: string;
}

export interface NodeWhy {
  readonly node: ReplayNode;
  /** The alternative taken (0-based), when the node's rule is a choice. */
  readonly taken?: number;
  readonly losers: readonly LosingAlternative[];
  readonly repeats: readonly RepeatWhy[];
  /** Later alternatives that match the same text (with a grammar given to `whyNodes`). */
  readonly alsoMatching: readonly AlsoMatching[];
  /** Later alternatives that do not, and that first match never takes for any input (with a grammar). */
  readonly neverTaken: readonly NeverTaken[];
}

/** Every sentence of a node's why, in the order a reader takes them: losers, later matches, alternatives never taken, repetitions. */
export function whyTexts(w: NodeWhy): string[] {
  return [...w.losers.map((l) => l.text), ...w.alsoMatching.map((a) => a.text), ...w.neverTaken.map((a) => a.text), ...w.repeats.map((r) => r.text)];
}

/** The rules of a grammar as one record, whether each reaches recursion, and per rule its shadowed alternatives. */
interface ShadowFacts {
  readonly rules: Rules;
  readonly recursive: ReadonlySet<string>;
  readonly byRule: Map<string, ReadonlyMap<number, Shadowed>>;
}
const shadowFacts = new WeakMap<object, ShadowFacts>();

/**
 * The alternatives of `rule`'s top-level choice that first match never takes (the shadow report's
 * `shadowed` entries, src/engine/analysis/neverTaken.ts: every string such an alternative
 * matches, an earlier one matches too), by index; computed once per grammar and rule. Exact, for
 * a rule that does not reach recursion; none said for one that does (its report is a bounded
 * search: `uri-grammar shadows`, docs/analysis.md).
 */
export function shadowedAlternatives(grammar: GrammarView, rule: string): ReadonlyMap<number, Shadowed> {
  let facts = shadowFacts.get(grammar);
  if (!facts) {
    const rules: Record<string, Expr> = Object.create(null);
    for (const r of grammar.rules) rules[r] = grammar.expr(r);
    facts = { rules, recursive: rulesReachingRecursion(rules), byRule: new Map() };
    shadowFacts.set(grammar, facts);
  }
  let found = facts.byRule.get(rule);
  if (!found) {
    const m = new Map<number, Shadowed>();
    const e = facts.rules[rule];
    if (e !== undefined && e.t === 'alt' && !facts.recursive.has(rule)) {
      const alt = new Alternation(facts.rules, e.items);
      for (let k = 1; k < e.items.length; k++) {
        const s = alt.shadowed(k);
        if (s !== undefined && 'witness' in s) m.set(k, { by: s.by, witness: s.witness });
      }
    }
    facts.byRule.set(rule, (found = m));
  }
  return found;
}

/** The sentence's words for a shadowed alternative: the reason and the witness. */
function shadowWords(s: Shadowed, alts: readonly Expr[], alternation: string): string {
  return `every string it matches is matched by an earlier alternative, so first match never takes it (its shortest string, ${shownText(s.witness, 40)}, goes to ${exprText(alts[s.by], false, alternation)})`;
}

function found(input: string, at: number): string {
  if (at >= input.length) return 'the end of input';
  const ch = String.fromCodePoint(input.codePointAt(at)!);
  return ch === '"' ? '"\\""' : `"${ch.replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}"`;
}

/** What `furthestStop` reads of a trace besides its steps: each node's rule, and where nodes failed. */
interface NodeFacts {
  readonly nodes: ReadonlyMap<number, { rule: string; at: number; parent: number }>;
  /** Nodes whose rule had no way to match where they were entered. */
  readonly failed: ReadonlySet<number>;
  /** The choice that is each node's rule's top level (by choice number). */
  readonly top: ReadonlyMap<number, number>;
}

function nodeFacts(t: Trace): NodeFacts {
  const failed = new Set<number>();
  const top = new Map<number, number>();
  for (const s of t.steps) {
    if (s.t === 'fail') failed.add(s.node);
    else if (s.t === 'try' && s.top && !top.has(s.node)) top.set(s.node, s.choice);
  }
  return { nodes: nodeRules(t), failed, top };
}

/**
 * The furthest `stop` among `steps[from, to)` and what was expected there (deduplicated, in
 * order), in the grammar's words: where a rule entered at that offset failed there as a whole, its
 * name (`alphanum`, `unreserved`) stands for the characters its alternatives expected — the
 * outermost such rule inside `scope` (the node whose choice or repetition is explained), but not
 * `own`, the rule an alternative is (it would explain itself).
 */
function furthestStop(steps: readonly TraceStep[], from: number, to: number, facts?: NodeFacts, scope = -1, own?: string): { at: number; expected: string[] } {
  let at = -1;
  for (let s = from; s < to; s++) { const step = steps[s]; if (step.t === 'stop' && step.at > at) at = step.at; }
  const expected: string[] = [];
  for (let s = from; s < to; s++) {
    const step = steps[s];
    if (step.t !== 'stop' || step.at !== at) continue;
    let label = step.expected;
    if (facts) {
      for (let n = step.node; n !== -1 && n !== scope; ) {
        const info = facts.nodes.get(n);
        if (!info || info.at !== at || !facts.failed.has(n)) break;
        if (!(info.parent === scope && info.rule === own)) label = info.rule;
        n = info.parent;
      }
    }
    if (!expected.includes(label)) expected.push(label);
  }
  return { at, expected };
}

/**
 * Expected items for a sentence: as errors show them (`readableExpected`), and a run of three or
 * more single characters in a row as one range (`"a"–"z"`), as the grammar's value ranges read.
 */
export function expectedWords(expected: readonly string[]): string {
  const items = readableExpected(expected);
  const single = (x: string): number | undefined => (/^"[^"\\]"$/u.test(x) ? x.codePointAt(1) : undefined);
  const out: string[] = [];
  for (let i = 0; i < items.length; ) {
    const c = single(items[i]);
    let j = i + 1;
    if (c !== undefined) while (j < items.length && single(items[j]) === c + (j - i)) j++;
    out.push(c !== undefined && j - i >= 3 ? `${items[i]}–${items[j - 1]}` : items[i]);
    if (!(c !== undefined && j - i >= 3)) j = i + 1;
    i = j;
  }
  return out.join(', ');
}


/** Why each node of a successful trace is what it is, by node id. */
export function whyNodes(input: string, t: Trace, alternation = '/', grammar?: GrammarView): Map<number, NodeWhy> {
  const out = new Map<number, NodeWhy>();
  const root = t.ok ? replay(t.steps) : undefined;
  if (!root) return out;
  const { steps } = t;
  const facts = nodeFacts(t);
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
      const stop = more === undefined ? { at: -1, expected: [] } : furthestStop(steps, more, idx[idx.length - 1], facts, last.node);
      const why = `at offset ${stop.at}, found ${found(input, stop.at)}, expected ${expectedWords(stop.expected)}`;
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
          const limit = grammar && limitAt(grammar, input, t, facts, at, next, node, last, alternation);
          text = `${ordinal(j)} alternative, ${abnf}: matched ${shown}, but what follows could not then be matched at ${rest} (first match goes on to the next alternative)${limit ? `; ${limit}` : ''}`;
        } else {
          const a = alts[j];
          const own = a.t === 'ref' ? a.name : undefined;
          const stop = furthestStop(steps, at, next, facts, node.id, own);
          outcome = { kind: 'stopped', at: stop.at, expected: stop.expected };
          // It failed: the characters before the stop were read on the way, not matched by it.
          const got = stop.at > node.start ? ` after reading ${shownText(input.slice(node.start, stop.at), 40)}` : '';
          text = `${ordinal(j)} alternative, ${abnf}: failed at offset ${stop.at}${got}: found ${found(input, stop.at)}, expected ${expectedWords(stop.expected)}`;
        }
        losers.push({ k: j, abnf, outcome, text });
      }
    }
    // Later alternatives that match the same text: they lose by order alone (first match wins).
    // Those that lose so on every input (shadowed: the shadow report's) are said to, with the
    // reason and the witness, whether or not they match this text.
    const alsoMatching: AlsoMatching[] = [];
    const neverTaken: NeverTaken[] = [];
    if (grammar && k !== undefined && ts.length) {
      const alts = (t.choices[topChoice.get(node.id)!] as Extract<Expr, { t: 'alt' }>).items;
      const text = input.slice(node.start, node.end);
      const own = grammar.expr(node.rule);
      const shadowed = own.t === 'alt' && own.items.length === alts.length ? shadowedAlternatives(grammar, node.rule) : new Map<number, Shadowed>();
      for (let j = k + 1; j < alts.length; j++) {
        const s = shadowed.get(j);
        const abnf = exprText(alts[j], false, alternation);
        if (matchesAll(grammar, alts[j], text) === true) {
          const more = s ? `; it is shadowed: ${shadowWords(s, alts, alternation)}` : '';
          alsoMatching.push({ k: j, abnf, ...(s ? { shadowed: s } : {}), text: `${ordinal(j)} alternative, ${abnf}: would match ${shownText(text, 40)} too, and loses by order (first match takes the ${ordinal(k)}, written before it)${more}` });
        } else if (s) {
          neverTaken.push({ k: j, abnf, shadowed: s, text: `${ordinal(j)} alternative, ${abnf}: shadowed: ${shadowWords(s, alts, alternation)}` });
        }
      }
    }
    out.set(node.id, { node, taken: ts.length ? k : undefined, losers, repeats: repsOf.get(node.id) ?? [], alsoMatching, neverTaken });
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
 * For an alternative that matched up to `last` and lost because what follows failed there: the
 * rule inside it whose own limit ended the match (`dec-octet` for `1.2.3.400`: it matches at most
 * `40` of `400`), with the alternative of that rule that went furthest. The rule is the innermost
 * node of the try (`steps[from, to)`) that ended at `last`; it is the limit when it never stopped
 * at `last` itself (it did not want the next character and fail: it could take no more). Undefined
 * when no rule inside the alternative was its limit.
 */
function limitAt(grammar: GrammarView, input: string, t: Trace, facts: NodeFacts, from: number, to: number, scope: ReplayNode, last: number, alternation: string): string | undefined {
  const { steps } = t;
  const within = (n: number, of: number): boolean => {
    for (let m = n; m !== -1; m = facts.nodes.get(m)?.parent ?? -1) if (m === of) return true;
    return false;
  };
  // Nodes of the alternative: entered in the try, inside the node whose choice it is.
  let limit: Extract<TraceStep, { t: 'exit' }> | undefined;
  for (let s = from; s < to; s++) {
    const e = steps[s];
    if (e.t === 'exit' && e.to === last && e.from > scope.start && e.from < e.to && e.node !== scope.id && within(e.node, scope.id) && (!limit || e.from > limit.from)) limit = e;
  }
  if (!limit || last >= input.length) return undefined;
  const ch = String.fromCodePoint(input.codePointAt(last)!);
  // The next character is one the rule takes (a digit for dec-octet), and still it stopped: its
  // own limit. A character it never takes (the "." after `1.2.3.4`) is no limit of the rule's.
  if (!takesChar(grammar, limit.rule, ch)) return undefined;
  const altText = (choice: number, k: number) => exprText((t.choices[choice] as Extract<Expr, { t: 'alt' }>).items[k], false, alternation);
  let alt: Extract<TraceStep, { t: 'matched' }> | undefined;
  let nearest: Extract<TraceStep, { t: 'try' }> | undefined;
  let lastTry: Extract<TraceStep, { t: 'try' }> | undefined;
  for (let s = from; s < to; s++) {
    const e = steps[s];
    if (e.t === 'try' && e.node === limit.node && e.choice === facts.top.get(e.node)) lastTry = e;
    // The alternative that read the next character and refused it ("25" %x30-35 at the "6" of 256).
    if (e.t === 'stop' && e.at === last && e.node === limit.node && lastTry) nearest = lastTry;
    if (e.t === 'matched' && e.node === limit.node && e.to === last && e.choice === facts.top.get(e.node)) alt ??= e;
  }
  const which = alt ? ` (its ${ordinal(alt.k)} alternative, ${altText(alt.choice, alt.k)})` : '';
  const longer = input.slice(limit.from, last + ch.length);
  const near = nearest && nearest.k !== alt?.k ? ` (the nearest, its ${ordinal(nearest.k)} alternative ${altText(nearest.choice, nearest.k)}, stopped at ${found(input, last)})` : '';
  return `the limit was ${limit.rule}'s: it matches at most ${shownText(input.slice(limit.from, last), 40)}${which}, and none of its alternatives matches ${shownText(longer, 40)}${near}`;
}

/** Can `rule` match `ch` anywhere in what it matches (one of its characters or strings holds it)? */
function takesChar(grammar: GrammarView, rule: string, ch: string): boolean {
  const seen = new Set<string>();
  const cp = ch.codePointAt(0)!;
  const lower = ch.toLowerCase();
  const walk = (e: Expr): boolean => {
    switch (e.t) {
      case 'chars': return inCharSet(e, cp);
      case 'lit': return e.text.toLowerCase().includes(lower);
      case 'seq': case 'alt': return e.items.some(walk);
      case 'rep': return walk(e.item);
      case 'ref': {
        if (seen.has(e.name)) return false;
        seen.add(e.name);
        return grammar.rules.includes(e.name) && walk(grammar.expr(e.name));
      }
    }
  };
  return grammar.rules.includes(rule) && walk({ t: 'ref', name: rule });
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
