/**
 * The grammar checker, at definition time: every reference names a rule (in any case, RFC 5234
 * 2.1) or a core rule of RFC 5234 B.1, and no rule refers to itself, directly or through
 * others. A recursive grammar is refused, not half-run: the engine promises exact, linear
 * parsing, which holds for regular grammars.
 */
import type { AbnfProblem, AbnfSyntaxError } from './errors';
import { alt, rep, seq, type Expr, type Rules } from './expr';

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

  // Cycles: depth-first search, with the path kept to name the cycle's rules.
  const state = new Map<string, 1 | 2>();
  const path: string[] = [];
  const visit = (name: string): void => {
    state.set(name, 1);
    path.push(name);
    for (const [next, at] of uses.get(name)!) {
      const s = state.get(next);
      if (s === 1) {
        const cycle = [...path.slice(path.indexOf(next)), next];
        throw errorAt(Math.max(at, 0), `recursion: ${cycle.join(' -> ')}; this engine runs regular grammars only (no rule may refer to itself, directly or through others)`, 'recursion');
      }
      if (s === undefined) visit(next);
    }
    path.pop();
    state.set(name, 2);
  };
  for (const name of Object.keys(rules)) if (!state.has(name)) visit(name);
  return out;
}
