/**
 * The "Grammar analysis" panel (docs/analysis.md): strings whose first-match trees cover every
 * alternative of the current rule (each one a button that puts it in the input), the
 * alternatives first match never takes or that overlap, with their witnesses, and the rule's
 * railroad diagram coloured by how often a corpus takes each alternative (./usage.ts), and the
 * rule compared with a rule of another grammar (./compare.ts). Computed when asked
 * (a button), for the grammar and rule the page shows.
 */
import type { Grammar } from '../src/engine/grammar/types';
import type { GrammarView } from '../src/teaching/grammarView';
import { generate } from '../src/engine/analysis/generate';
import { shadows } from '../src/engine/analysis/shadows';
import { wireUsage } from './usage';
import { wireCompare } from './compare';

export interface AnalysisHost {
  grammar(): GrammarView;
  /** The name of the grammar the page shows (`custom` for pasted ABNF). */
  grammarName(): string;
  rule(): string;
  /** Puts a string in the input and shows its tree. */
  use(input: string): void;
  /** The shipped grammars' names, and one of them loaded (undefined when the load failed): for the compare control. */
  readonly names: readonly string[];
  load(name: string): Promise<GrammarView | undefined>;
}

/** Wires the panel's buttons to `host`. */
export function wireAnalysis(host: AnalysisHost): void {
  const out = document.getElementById('analysis-out') as HTMLElement;
  const say = (text: string) => { const p = document.createElement('p'); p.className = 'note'; p.textContent = text; out.append(p); };
  const grammarOf = (): Grammar | undefined => {
    const g = host.grammar() as Partial<Grammar>;
    return typeof g.isValid === 'function' ? (g as Grammar) : undefined;
  };
  // The railroad coloured by use (./usage.ts), below the panel's buttons.
  wireUsage(document.getElementById('analysis') as HTMLElement, { grammar: grammarOf, rule: host.rule });
  // The current rule against another grammar's (./compare.ts), below that.
  const analysable = (g: GrammarView | undefined): Grammar | undefined => (g && typeof (g as Partial<Grammar>).isValid === 'function' ? (g as Grammar) : undefined);
  wireCompare(document.getElementById('analysis') as HTMLElement, {
    grammar: grammarOf, grammarName: host.grammarName, rule: host.rule, use: host.use, names: host.names,
    load: async (name) => analysable(await host.load(name)),
  });
  document.getElementById('analysis-cover')!.addEventListener('click', () => {
    out.textContent = '';
    const g = grammarOf();
    if (!g) return say('This grammar cannot be analysed here.');
    const r = generate(g, host.rule(), { cover: true, nearMisses: 0 });
    say(`${r.valid.length} strings whose first-match trees take all ${r.targets.length - r.uncovered.length} of ${r.targets.length} targets of ${host.rule()} (alternatives, repetition counts, range ends)${r.uncovered.length ? `; never taken: ${r.uncovered.map((u) => u.description).join('; ')}` : ''}. Pick one to see its tree:`);
    const list = document.createElement('div');
    list.className = 'examples';
    for (const s of r.valid) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'example';
      b.textContent = s === '' ? '(empty)' : s;
      b.addEventListener('click', () => host.use(s));
      list.append(b);
    }
    out.append(list);
  });
  document.getElementById('analysis-shadows')!.addEventListener('click', () => {
    out.textContent = '';
    const g = grammarOf();
    if (!g) return say('This grammar cannot be analysed here.');
    const report = shadows(g, host.rule());
    if (!report.length) return say(`No alternative of the rules ${host.rule()} reaches is shadowed, and none overlaps an earlier one.`);
    const ul = document.createElement('ul');
    for (const e of report) {
      const li = document.createElement('li');
      li.textContent = `${e.kind === 'overlap' ? 'Overlap' : 'Never taken'} (${e.rule}): ${e.message}${e.exact ? '' : ' [bounded search]'}`;
      ul.append(li);
    }
    out.append(ul);
  });
  // index.html has them disabled until now: a click while this part loads would go unanswered.
  for (const id of ['analysis-cover', 'analysis-shadows']) (document.getElementById(id) as HTMLButtonElement).disabled = false;
}
