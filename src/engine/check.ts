/**
 * The grammar checker, at definition time: every reference names a rule (in any case, RFC 5234
 * 2.1) or a core rule of RFC 5234 B.1, and no rule calls itself before consuming a character
 * (left recursion, directly or through other rules and nullable prefixes), which no
 * backtracking reading can run. Other recursion is allowed: ./recursive/ends.ts runs it.
 */
import type { AbnfProblem, AbnfSyntaxError } from './errors';
import { alt, rep, seq, type Expr, type Rules } from './expr';
import { analyzeRecursion } from './recursive/analysis';

type Positions = WeakMap<Expr, { at: number; rule: string }>;
type ErrorAt = (at: number, reason: string, problem: AbnfProblem) => AbnfSyntaxError;

/**
 * The grammar with every reference spelled as its rule's definition and undefined core rules
 * inlined; an error for an undefined rule or a cycle.
 */
export function checkGrammar(rules: Rules, positions: Positions, errorAt: ErrorAt, core: (name: string) => Expr | undefined): Rules {
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
        throw errorAt(at, `rule ${e.name} is not defined (used in ${where?.rule ?? owner})`, 'undefined');
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
  const cycle = analyzeRecursion(out).leftCycle;
  if (cycle) {
    const at = uses.get(cycle[0])!.find(([next]) => next === cycle[1])?.[1] ?? 0;
    const r = cycle[0];
    throw errorAt(Math.max(at, 0), `left recursion: ${cycle.join(' -> ')}: ${r} would call itself before reading a character, ` +
      `which no parser that tries alternatives in order can run; write the repetition instead (for ${r} = ${r} "+" term / term, write ${r} = term *("+" term))`, 'recursion');
  }
  return out;
}
