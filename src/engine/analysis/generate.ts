/**
 * `generate(grammar, rule, options)`: strings of a rule, each checked by the engine.
 *
 * - `{ cover: true }`: a small set of valid strings whose first-match trees, together, take every
 *   target (./marks.ts) of every rule the rule reaches: each alternative, each repetition at its
 *   minimum, minimum + 1 and written maximum, the first and last character of each range. For
 *   each target not yet taken, derivations are steered to it (./derive.ts: the shortest first,
 *   then `tries` random ones, seeded) and the engine's first-match tree of each says what it
 *   takes; a target no derivation gets the tree to take is listed in `uncovered` (first match
 *   never takes it in those tries: ./shadows.ts says why, when it is shadowed). Strings that add
 *   nothing to the others are dropped at the end. Near-misses: strings one edit (a character
 *   deleted, inserted or replaced) from a valid one that the rule refuses, each with the error
 *   offset the engine gives.
 * - `{ count, seed, maxLength }`: `count` random valid strings, the same for the same seed.
 *
 * Recursive rules are derived to a depth bound (`depth`, default 12 nested rules), past which the
 * shortest way out is taken: every string is finite, and the engine checks each one.
 */
import type { Grammar } from '../grammar/types';
import { Deriver, DEFAULT_DEPTH, random, randomChooser, SHORTEST } from './derive';
import { describe, Marked } from './marks';
import type { GenerateOptions, Generated, NearMiss } from '../grammar/analysisTypes';

export type { GenerateOptions, Generated, NearMiss, Uncovered } from '../grammar/analysisTypes';
import { checkGrammar, ruleOf, rulesOf } from './rules';
import { readOptions } from '../options';

const OPTIONS = { cover: 'boolean', count: 'count', seed: 'count', maxLength: 'count', depth: 'count', tries: 'count', nearMisses: 'count' } as const;

export function generate(grammar: Grammar, rule: string, options?: GenerateOptions): Generated {
  checkGrammar(grammar, 'generate', 'grammar');
  const r = ruleOf(grammar, rule, 'generate');
  const o = readOptions('generate', options, OPTIONS) as GenerateOptions;
  const rules = rulesOf(grammar);
  const maxLength = o.maxLength ?? 256;
  const deriver = new Deriver(rules, o.depth ?? DEFAULT_DEPTH, maxLength);
  if (!o.cover) {
    const valid = randomStrings(grammar, r, deriver, o.count ?? 10, o.seed ?? 1, maxLength);
    return { rule: r, valid, nearMisses: [], targets: [], uncovered: [], takes: [] };
  }
  return cover(grammar, r, rules, deriver, o, maxLength);
}

/** `count` random valid strings of `rule` (fewer if the grammar has fewer short ones). */
export function randomStrings(grammar: Grammar, rule: string, deriver: Deriver, count: number, seed: number, maxLength: number): string[] {
  const rnd = random(seed);
  const chooser = randomChooser(rnd);
  const out: string[] = [];
  for (let tries = 0; out.length < count && tries < count * 20 + 20; tries++) {
    const s = deriver.derive(rule, chooser);
    if (s === undefined) break;
    if (s.length > maxLength) continue;
    if (!grammar.isValid(s, rule)) throw new Error(`generate: internal error: a derivation of ${rule} the engine refuses: ${JSON.stringify(s.slice(0, 80))}`);
    out.push(s);
  }
  return out;
}

function cover(grammar: Grammar, rule: string, rules: ReturnType<typeof rulesOf>, deriver: Deriver, o: GenerateOptions, maxLength: number): Generated {
  const marked = new Marked(grammar, rule, rules);
  const targets = marked.targets;
  const covered = new Set<number>();
  const picked: Array<{ input: string; takes: Set<number> }> = [];
  const tries = o.tries ?? 40;
  const seed = o.seed ?? 1;
  const consider = (s: string | undefined): boolean => {
    if (s === undefined || s.length > maxLength) return false;
    const takes = marked.taken(s);
    if (!takes) throw new Error(`generate: internal error: a derivation of ${rule} the engine refuses: ${JSON.stringify(s.slice(0, 80))}`);
    if (![...takes].some((t) => !covered.has(t))) return false;
    for (const t of takes) covered.add(t);
    picked.push({ input: s, takes });
    return true;
  };
  consider(deriver.derive(rule, SHORTEST));
  targets.forEach((target, t) => {
    if (covered.has(t)) return;
    if (consider(deriver.steer(rule, target, SHORTEST)) && covered.has(t)) return;
    const chooser = randomChooser(random(seed * 7919 + t));
    for (let i = 0; i < tries && !covered.has(t); i++) consider(deriver.steer(rule, target, chooser));
  });
  // Drop what adds nothing: fewest targets first, while the rest still cover all.
  const count = new Map<number, number>();
  for (const p of picked) for (const t of p.takes) count.set(t, (count.get(t) ?? 0) + 1);
  const order = [...picked].sort((x, y) => x.takes.size - y.takes.size);
  const dropped = new Set<typeof picked[number]>();
  for (const p of order) {
    if ([...p.takes].every((t) => count.get(t)! > 1)) {
      dropped.add(p);
      for (const t of p.takes) count.set(t, count.get(t)! - 1);
    }
  }
  const kept = picked.filter((p) => !dropped.has(p));
  const valid = kept.map((p) => p.input);
  const uncovered = targets.flatMap((target, t) => (covered.has(t) ? [] : [{ target, description: describe(target) }]));
  return {
    rule, valid, targets, uncovered,
    takes: kept.map((p) => [...p.takes].sort((a, b) => a - b)),
    nearMisses: nearMisses(grammar, rule, valid, o.nearMisses ?? 1, seed),
  };
}

/** Characters tried in edits: the grammar's delimiters, a letter, a digit, a space, a control and a non-ASCII one. */
const PROBES = [' ', '%', ':', '/', '?', '#', '[', ']', '@', '.', 'a', '0', '-', '"', '<', '\u0000', '\u00e9', '{'];

/** Up to `per` refused strings one edit from each valid one, with the engine's error offset. */
export function nearMisses(grammar: Grammar, rule: string, valid: readonly string[], per: number, seed: number): NearMiss[] {
  const out: NearMiss[] = [];
  const seen = new Set<string>(valid);
  const rnd = random(seed ^ 0x5bd1e995);
  for (const from of valid) {
    let found = 0;
    const chars = [...from];
    for (let tries = 0; found < per && tries < 60; tries++) {
      const op = (['delete', 'insert', 'replace'] as const)[Math.floor(rnd() * 3)];
      const n = chars.length;
      if (op !== 'insert' && n === 0) continue;
      const at = Math.floor(rnd() * (op === 'insert' ? n + 1 : n));
      const char = PROBES[Math.floor(rnd() * PROBES.length)];
      const copy = [...chars];
      if (op === 'delete') copy.splice(at, 1);
      else if (op === 'insert') copy.splice(at, 0, char);
      else { if (copy[at] === char) continue; copy[at] = char; }
      const input = copy.join('');
      if (seen.has(input)) continue;
      seen.add(input);
      const v = grammar.validate(input, rule);
      if (v.ok) continue;
      // The offset in UTF-16 units of the edit, as the error's.
      const unit = chars.slice(0, at).join('').length;
      out.push({ input, from, edit: op === 'delete' ? { op, at: unit } : { op, at: unit, char }, index: v.error.index });
      found++;
    }
  }
  return out;
}
