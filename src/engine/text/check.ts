/**
 * The grammar checker, at definition time: every reference names a rule (in any case, RFC 5234
 * 2.1) or a core rule of RFC 5234 B.1, and no rule calls itself before consuming a character
 * (left recursion, directly or through other rules and nullable prefixes), which no
 * backtracking reading can run. Other recursion is allowed: ../recursive/ends.ts runs it.
 */
import type { AbnfProblem, AbnfSyntaxError } from '../errors';
import { alt, rep, seq, type Expr, type Rules } from '../expr';
import { analyzeRecursion, leftRecursionReason } from '../recursive/analysis';

/** How long a chain of references among regular rules may be (a rule referring to one referring to one …). */
export const MAX_RULE_CHAIN = 400;

/**
 * The longest chain of references among the rules not in `skip` (recursive ones run elsewhere),
 * with its first two rules; iterative (no recursion on the chain's length).
 */
function longestChain(uses: ReadonlyMap<string, Array<[string, number]>>, skip: ReadonlySet<string>): { length: number; chain: string[] } | undefined {
  // Index loops and each rule's list filtered once: this runs in every compileAbnf, before V8
  // has optimized anything (a destructuring walks an iterator there, and a filter per visit of
  // a rule made its list again for each of its references).
  const depth = new Map<string, number>();
  const next = new Map<string, string | undefined>();
  const outOf = new Map<string, string[]>();
  const targets = (name: string): string[] => {
    let out = outOf.get(name);
    if (out === undefined) {
      out = [];
      const list = uses.get(name);
      if (list) for (let k = 0; k < list.length; k++) if (!skip.has(list[k][0])) out.push(list[k][0]);
      outOf.set(name, out);
    }
    return out;
  };
  const names: string[] = [];
  const at: number[] = [];
  for (const start of uses.keys()) {
    if (skip.has(start) || depth.has(start)) continue;
    names.push(start);
    at.push(0);
    while (names.length) {
      const top = names.length - 1;
      const name = names[top];
      const out = targets(name);
      const k = at[top];
      if (k < out.length) {
        at[top] = k + 1;
        if (!depth.has(out[k])) {
          names.push(out[k]);
          at.push(0);
        }
        continue;
      }
      let best = 0;
      let via: string | undefined;
      for (let j = 0; j < out.length; j++) {
        const d = (depth.get(out[j]) ?? 0) + 1;
        if (d > best) {
          best = d;
          via = out[j];
        }
      }
      depth.set(name, best);
      next.set(name, via);
      names.pop();
      at.pop();
    }
  }
  let top: string | undefined;
  for (const [name, d] of depth) if (top === undefined || d > depth.get(top)!) top = name;
  if (top === undefined) return undefined;
  const chain = [top];
  for (let n = next.get(top); n !== undefined && chain.length < 3; n = next.get(n)) chain.push(n);
  return { length: depth.get(top)!, chain };
}

type Positions = WeakMap<Expr, { at: number; rule: string }>;
type ErrorAt = (at: number, reason: string, problem: AbnfProblem) => AbnfSyntaxError;

/**
 * The grammar with every reference spelled as its rule's definition and undefined core rules
 * inlined, and the rules that reach recursion (they run on ../recursive/ends.ts); an error for
 * an undefined rule or a left-recursive cycle.
 */
export function checkGrammar(rules: Rules, positions: Positions, errorAt: ErrorAt, core: (name: string) => Expr | undefined): { rules: Rules; reachesRecursion: string[] } {
  const spelling = new Map<string, string>();
  for (const name of Object.keys(rules)) spelling.set(name.toLowerCase(), name);
  const out: Record<string, Expr> = Object.create(null);
  // Each rule's references, for the cycle search: [rule, position].
  const uses = new Map<string, Array<[string, number]>>();

  const resolve = (e: Expr, owner: string): Expr => {
    switch (e.t) {
      case 'ref': {
        const name = spelling.get(e.name.toLowerCase());
        const where = positions.get(e);
        if (name !== undefined) {
          uses.get(owner)!.push([name, where?.at ?? -1]);
          return name === e.name ? e : { t: 'ref', name };
        }
        const inline = core(e.name.toUpperCase());
        if (inline) return inline;
        const at = where?.at ?? 0;
        throw errorAt(at, `rule ${e.name} is not defined (used in ${where?.rule ?? owner})`, 'undefined-rule');
      }
      case 'seq': return seq(...e.items.map((x) => resolve(x, owner)));
      case 'alt': return alt(...e.items.map((x) => resolve(x, owner)));
      case 'rep': return rep(resolve(e.item, owner), e.min, e.max);
      default: return e;
    }
  };
  for (const name of Object.keys(rules)) {
    uses.set(name, []);
    out[name] = resolve(rules[name], name);
  }

  // Left recursion: refused, with the cycle named, where its first rule refers to the next.
  const recursion = analyzeRecursion(out);
  const cycle = recursion.leftCycle;
  if (cycle) {
    const at = uses.get(cycle[0])!.find(([next]) => next === cycle[1])?.[1] ?? 0;
    throw errorAt(Math.max(at, 0), leftRecursionReason(cycle), 'recursion');
  }
  // Chains of references among the regular rules: the regular compilers follow them recursively,
  // so their length is a documented limit with a clear error, never a stack overflow.
  const deepest = longestChain(uses, recursion.reachesRecursion);
  if (deepest && deepest.length > MAX_RULE_CHAIN) {
    const [first, at] = [deepest.chain[0], uses.get(deepest.chain[0])!.find(([n]) => n === deepest.chain[1])?.[1] ?? 0];
    throw errorAt(Math.max(at, 0), `rules refer to each other ${deepest.length} deep (${first} -> ${deepest.chain[1]} -> …), more than the limit of ${MAX_RULE_CHAIN}; ` +
      'inline some of the rules of the chain', 'syntax');
  }
  // The rules that reach recursion, for the grammar (which then need not find them again).
  return { rules: out, reachesRecursion: [...recursion.reachesRecursion] };
}
