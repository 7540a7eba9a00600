/**
 * Which alternatives, repetition counts and characters a first-match tree takes, read from the
 * trees the engine itself builds.
 *
 * A tree has a node per rule, not per alternative: so the grammar is copied with a marker rule
 * around each alternative, each repetition and its item, and each character set (a reference to
 * a rule whose body is the expression it stands for). A reference consumes nothing and is tried
 * where its expression was, so the copy has the same language and the same first-match parse:
 * its tree is the original tree with marker nodes added (test/engine/analysis/marks.test.ts
 * holds the two to each other). The engine's tree of the copy (`RuleGrammar.parseTree`: the
 * first-match builder for regular rules, ../recursive/ends.ts for recursive ones) then says which
 * alternative each node took, how many times each repetition ran, and which character each set
 * read. Marker names begin with U+0001, which no grammar notation can spell.
 */
import type { Expr, Rules } from '../expr';
import type { Grammar } from '../grammar/types';
import { RuleGrammar } from '../grammar/grammar';
import type { Node } from '../tree';
import { rangesOf, reachable, spell, rulesOf, showChar } from './rules';
import type { Target } from '../grammar/analysisTypes';

/** A repetition count is a target up to this count (a `*65535` maximum is not). */
export const MAX_COUNT_TARGET = 32;

export type { Target };

/** A target in words: `host: alternative 3 (reg-name)`, `h16: 1*4HEXDIG run 4 times`. */
export function describe(t: Target): string {
  const where = t.path.length ? `${t.rule} at ${t.path.join('.')}` : t.rule;
  if (t.kind === 'alternative') return `${where}: alternative ${t.index + 1} (${t.text})`;
  if (t.kind === 'repetition') return `${where}: ${t.text} ${t.count} time${t.count === 1 ? '' : 's'}`;
  return `${where}: ${t.text} reading ${showChar(t.cp)}`;
}

type Marker =
  | { readonly t: 'alt'; readonly target: number }
  | { readonly t: 'rep'; readonly id: number }
  | { readonly t: 'item'; readonly id: number }
  | { readonly t: 'char'; readonly id: number };

/** A grammar's copy with markers, for one root rule. */
export class Marked {
  /** Every target reachable from the root, in grammar order. */
  readonly targets: Target[] = [];
  /** The rules the root reaches (whose targets these are). */
  readonly reached: readonly string[];
  private readonly markers = new Map<string, Marker>();
  /** Per repetition marker: its count targets (count → target index). */
  private readonly counts: Map<number, number>[] = [];
  /** Per character marker: its character targets (code point → target index). */
  private readonly chars: Map<number, number>[] = [];
  private readonly copy: RuleGrammar;
  readonly rules: Rules;

  constructor(readonly grammar: Grammar, readonly root: string, rules: Rules = rulesOf(grammar)) {
    this.rules = rules;
    this.reached = reachable(rules, root);
    const out: Record<string, Expr> = Object.create(null);
    const reached = new Set(this.reached);
    for (const name of Object.keys(rules)) {
      out[name] = reached.has(name) ? this.mark(rules[name], name, [], out) : rules[name];
    }
    const names = Object.keys(out);
    this.copy = new RuleGrammar(out, names);
  }

  private marker(m: Marker, body: Expr, out: Record<string, Expr>): Expr {
    const name = `\u0001${this.markers.size}`;
    this.markers.set(name, m);
    out[name] = body;
    return { t: 'ref', name };
  }

  private add(t: Target): number {
    this.targets.push(t);
    return this.targets.length - 1;
  }

  private mark(e: Expr, rule: string, path: number[], out: Record<string, Expr>): Expr {
    switch (e.t) {
      case 'lit': case 'ref': return e;
      case 'chars': {
        const id = this.chars.length;
        const m = new Map<number, number>();
        this.chars.push(m);
        const r = rangesOf(e);
        for (let i = 0; i < r.length; i += 2) {
          for (const cp of r[i] === r[i + 1] ? [r[i]] : [r[i], r[i + 1]]) {
            if (cp >= 0xd800 && cp <= 0xdfff) continue;
            if (!m.has(cp)) m.set(cp, this.add({ kind: 'character', rule, path, cp, text: spell(e, 40) }));
          }
        }
        return this.marker({ t: 'char', id }, e, out);
      }
      case 'seq': return { t: 'seq', items: e.items.map((x, k) => this.mark(x, rule, [...path, k], out)) };
      case 'alt': return {
        t: 'alt',
        items: e.items.map((x, k) => {
          const target = this.add({ kind: 'alternative', rule, path, index: k, text: spell(x, 50) });
          return this.marker({ t: 'alt', target }, this.mark(x, rule, [...path, k], out), out);
        }),
      };
      case 'rep': {
        const id = this.counts.length;
        const m = new Map<number, number>();
        this.counts.push(m);
        const text = spell(e, 40);
        for (const count of [e.min, e.min + 1, e.max]) {
          if (count > e.max || count > MAX_COUNT_TARGET || m.has(count)) continue;
          m.set(count, this.add({ kind: 'repetition', rule, path, count, text }));
        }
        const item = this.marker({ t: 'item', id }, this.mark(e.item, rule, [...path, 0], out), out);
        return this.marker({ t: 'rep', id }, { t: 'rep', item, min: e.min, max: e.max }, out);
      }
    }
  }

  /** Is `input` a `root`? (The original grammar's verdict.) */
  accepts(input: string): boolean {
    return this.grammar.isValid(input, this.root);
  }

  /** The marked tree of `input` (the engine's first-match tree of the copy); undefined when the input does not match. */
  tree(input: string): Node | undefined {
    if (!this.copy.isValid(input, this.root)) return undefined;
    return this.copy.parseTree(input, this.root) as Node;
  }

  /** The targets the first-match tree of `input` takes (indices into `targets`), or undefined when it does not match. */
  taken(input: string): Set<number> | undefined {
    const tree = this.tree(input);
    return tree ? this.takenIn(tree, input) : undefined;
  }

  /** The targets a marked tree takes. */
  takenIn(tree: Node, input: string): Set<number> {
    const out = new Set<number>();
    const stack: Node[] = [tree];
    while (stack.length) {
      const n = stack.pop()!;
      const m = this.markers.get(n.rule);
      if (m?.t === 'alt') out.add(m.target);
      else if (m?.t === 'rep') {
        let count = 0;
        for (const c of n.children) if (this.markers.get(c.rule)?.t === 'item') count++;
        const t = this.counts[m.id].get(count);
        if (t !== undefined) out.add(t);
      } else if (m?.t === 'char') {
        const t = this.chars[m.id].get(input.codePointAt(n.start)!);
        if (t !== undefined) out.add(t);
      }
      for (const c of n.children) stack.push(c as Node);
    }
    return out;
  }

  /** A marked tree without its markers: the original grammar's tree with a node for every rule. */
  static unmarked(tree: Node): Node {
    const strip = (n: Node): Node[] => {
      const kids = n.children.flatMap((c) => strip(c as Node));
      return n.rule.startsWith('\u0001') ? kids : [{ rule: n.rule, start: n.start, end: n.end, children: kids }];
    };
    return strip(tree)[0];
  }
}
