/**
 * Where first match needs the rest of the input: the static analysis behind ./firstMatch.ts,
 * as a report. The builder's step table is filled for every state and character class a rule
 * can reach; a step where more than one character state can take the character is one where an
 * ordered, greedy reading (a PEG) could commit to the wrong alternative or the wrong number of
 * iterations, and where the builder decides from the rest of the input instead. Each is named by
 * the rules its candidates lie in: where they part (the innermost rule they share) and the rule
 * each candidate enters from there. docs/ARCHITECTURE.md lists RFC 3986's.
 */
import type { Rules } from '../expr';
import { FirstMatch } from './firstMatch';
import { buildNfa } from '../automata/nfa';

export interface AmbiguousPlace {
  /** The innermost rule the candidates share: where the choice is made. */
  readonly within: string;
  /**
   * For each candidate, in first-match order: what it enters below `within`, up to the first
   * rule or character (`alternative 2 > IPv4address`, `iteration 3 > h16`, `userinfo`), once.
   */
  readonly candidates: readonly string[];
  /** Characters on which such a step is ambiguous (up to eight), and how many steps there are. */
  readonly examples: string;
  readonly steps: number;
}

const isMarker = (x: string) => /^(alternative|iteration) \d+$/.test(x);

/** The places in `rule` of `grammar` where first match reads ahead (see the header). */
export function ambiguousPlaces(grammar: Rules, rule: string): AmbiguousPlace[] {
  const nfa = buildNfa(grammar, { t: 'ref', name: rule }, { trace: true });
  const builder = new FirstMatch(nfa);
  const places = new Map<string, { within: string; candidates: string[]; examples: string; steps: number }>();
  for (const step of builder.ambiguousSteps()) {
    const paths = step.candidates.map((c) => [...nfa.within[c], nfa.label[c]]);
    let shared = 0;
    while (paths.every((p) => shared < p.length - 1 && p[shared] === paths[0][shared])) shared++;
    // Back to the innermost shared rule (markers name places inside one).
    let at = shared;
    while (at > 0 && isMarker(paths[0][at - 1])) at--;
    const within = at > 0 ? paths[0][at - 1] : rule;
    const candidates = [...new Set(paths.map((p) => {
      const below = p.slice(at);
      let n = 0;
      while (n < below.length - 1 && isMarker(below[n])) n++;
      return below.slice(0, n + 1).join(' > ');
    }))];
    const key = within + '|' + candidates.join('|');
    const ch = String.fromCodePoint(step.sample);
    const place = places.get(key);
    if (!place) places.set(key, { within, candidates, examples: ch, steps: 1 });
    else {
      place.steps++;
      if (!place.examples.includes(ch) && [...place.examples].length < 8) place.examples += ch;
    }
  }
  return [...places.values()];
}
