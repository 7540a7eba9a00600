/**
 * `shadows(grammar, rule?)`: the alternatives first match never takes, and those that overlap.
 *
 * For each alternation `A1 / … / An` in a rule (nested ones too), alternative `Ak`:
 *
 * - is **shadowed** when every string it matches is matched by an earlier one: the first match of
 *   a node spanning that string takes the earlier one, so `Ak` is never the tree for any input.
 *   The report gives `Ak`'s shortest string and the earlier alternative that wins on it;
 * - **overlaps** an earlier `Aj` when some string is in both: for that span `Aj` is the tree, not
 *   `Ak`. The report gives the shortest such string.
 *
 * For a regular rule both are exact: the shortest string of L(Ak) \ (L(A1) ∪ … ∪ L(Ak-1)) and of
 * L(Aj) ∩ L(Ak) by breadth-first search of product automata (./dfa.ts), "none" being a proof, up
 * to `maxStates` product states (default 200,000; past it the entry says `exact: false`). For a
 * rule that reaches recursion the search is bounded: random derivations of `Ak` (./derive.ts),
 * each tried against the earlier alternatives with the engine, and the entry says `exact: false`.
 *
 * Given a root `rule`, alternatives of the rules it reaches that are not shadowed on their own
 * but that no steered derivation of the root gets first match to take (context shadows such as
 * `( "a" / "ab" ) *"b"`, where "a" and the repetition take every "ab") are added as
 * `unreached`, from generate's search (bounded: `exact: false`).
 */
import type { Expr, Rules } from '../expr';
import type { Grammar } from '../grammar/types';
import { readOptions } from '../options';
import { EndsRunner } from '../recursive/ends';
import { Deriver, random, randomChooser, SHORTEST } from './derive';
import { DEFAULT_MAX_STATES } from './dfa';
import { Alternation } from './neverTaken';
import { generate } from './generate';
import { checkGrammar, reachable, recursiveRules, ruleOf, rulesOf, spell, walk } from './rules';

import type { ShadowEntry, ShadowOptions } from '../grammar/analysisTypes';

export type { ShadowEntry, ShadowOptions };

const OPTIONS = { maxStates: 'count', samples: 'count', context: 'boolean' } as const;

export function shadows(grammar: Grammar, rule?: string, options?: ShadowOptions): ShadowEntry[] {
  checkGrammar(grammar, 'shadows', 'grammar');
  const root = rule === undefined ? undefined : ruleOf(grammar, rule, 'shadows');
  const o = readOptions('shadows', options, OPTIONS) as ShadowOptions;
  const rules = rulesOf(grammar);
  const names = root === undefined ? grammar.rules : reachable(rules, root);
  const recursive = recursiveRules(rules);
  const out: ShadowEntry[] = [];
  for (const name of names) {
    walk(rules[name], [], (e, path) => {
      if (e.t !== 'alt' || e.items.length < 2) return;
      out.push(...(recursive.has(name) ? boundedAlternation(rules, name, path, e.items, o) : exactAlternation(rules, name, path, e.items, o)));
    });
  }
  if (root !== undefined && o.context !== false) {
    const shadowed = new Set(out.filter((x) => x.kind === 'shadowed').map((x) => key(x.rule, x.path, x.index)));
    const g = generate(grammar, root, { cover: true, nearMisses: 0 });
    for (const u of g.uncovered) {
      const t = u.target;
      if (t.kind !== 'alternative' || shadowed.has(key(t.rule, t.path, t.index))) continue;
      out.push({
        kind: 'unreached', rule: t.rule, path: t.path, index: t.index, exact: false,
        message: `\`${t.text}\` (alternative ${t.index + 1} of ${where(t.rule, t.path)}) was never the first-match tree in any string of ${root} tried: earlier choices around it take every string it could match there (bounded search)`,
      });
    }
  }
  return out;
}

const key = (rule: string, path: readonly number[], index: number) => `${rule}@${path.join('.')}#${index}`;
const where = (rule: string, path: readonly number[]) => (path.length ? `${rule} at ${path.join('.')}` : rule);

function exactAlternation(rules: Rules, rule: string, path: readonly number[], items: readonly Expr[], o: ShadowOptions): ShadowEntry[] {
  const out: ShadowEntry[] = [];
  const maxStates = o.maxStates ?? DEFAULT_MAX_STATES;
  const alt = new Alternation(rules, items, maxStates);
  for (let k = 1; k < items.length; k++) {
    const name = spell(items[k], 40);
    const s = alt.shadowed(k);
    if (s !== undefined && 'witness' in s) {
      out.push({
        kind: 'shadowed', rule, path, index: k, by: s.by, witness: s.witness, exact: true,
        message: `\`${name}\` (alternative ${k + 1} of ${where(rule, path)}) is never taken: every string it matches is matched by an earlier alternative; for example \`${spell(items[s.by], 40)}\` takes ${show(s.witness)}`,
      });
      continue;
    }
    for (let j = 0; j < k; j++) {
      const both = alt.overlap(k, j);
      if (both.witness === undefined) {
        if (!both.exact) out.push({ kind: 'overlap', rule, path, index: k, by: j, exact: false, message: `\`${name}\` and \`${spell(items[j], 40)}\` in ${where(rule, path)}: no common string within ${maxStates} product states (not proved)` });
        continue;
      }
      out.push({
        kind: 'overlap', rule, path, index: k, by: j, witness: both.witness, exact: true,
        message: `\`${name}\` also matches ${show(both.witness)}; \`${spell(items[j], 40)}\` is tried first, so \`${name}\` is never the tree for it`,
      });
    }
  }
  return out;
}

/** A rule reaching recursion: derivations of each alternative, tried against the earlier ones. */
function boundedAlternation(rules: Rules, rule: string, path: readonly number[], items: readonly Expr[], o: ShadowOptions): ShadowEntry[] {
  const out: ShadowEntry[] = [];
  const samples = o.samples ?? 200;
  const scratch = '\u0001alternative';
  for (let k = 1; k < items.length; k++) {
    const all: Rules = { ...rules, [scratch]: items[k] };
    const deriver = new Deriver(all, 6, 64);
    const strings = new Set<string>();
    const first = deriver.derive(scratch, SHORTEST);
    if (first !== undefined) strings.add(first);
    const ch = randomChooser(random(k * 31 + path.length));
    for (let i = 0; i < samples; i++) { const s = deriver.derive(scratch, ch); if (s !== undefined) strings.add(s); }
    const sorted = [...strings].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    const matches = (x: Expr, s: string) => new EndsRunner(rules, s).ends(x, 0, 0).includes(s.length);
    const name = spell(items[k], 40);
    let free = false;
    const overlaps = new Map<number, string>();
    for (const s of sorted) {
      const by = items.findIndex((x, j) => j < k && matches(x, s));
      if (by < 0) free = true;
      else if (!overlaps.has(by)) overlaps.set(by, s);
    }
    if (!free && sorted.length) {
      const by = items.findIndex((x, j) => j < k && matches(x, sorted[0]));
      out.push({
        kind: 'shadowed', rule, path, index: k, by, witness: sorted[0], exact: false,
        message: `\`${name}\` (alternative ${k + 1} of ${where(rule, path)}) was never taken in ${sorted.length} of its strings (bounded search): an earlier alternative matched each; for example \`${spell(items[by], 40)}\` takes ${show(sorted[0])}`,
      });
      continue;
    }
    for (const [j, w] of [...overlaps].sort((a, b) => a[0] - b[0])) {
      out.push({
        kind: 'overlap', rule, path, index: k, by: j, witness: w, exact: false,
        message: `\`${name}\` also matches ${show(w)}; \`${spell(items[j], 40)}\` is tried first, so \`${name}\` is never the tree for it (bounded search)`,
      });
    }
  }
  return out;
}

/** A witness in a message: in backquotes, the empty string named. */
function show(w: string): string {
  return w === '' ? 'the empty string' : `\`${w}\``;
}
