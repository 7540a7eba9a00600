/**
 * The railroad diagram coloured by use, in the "Grammar analysis" panel (docs/analysis.md): how
 * often the first-match trees of a corpus took each alternative of the rule (`coverage`,
 * src/engine/analysis/coverage.ts), drawn on the rule's diagram (`railroadByUse`,
 * src/teaching/railroad.ts): each alternative followed by its count (`12×`, `never`), its boxes
 * coloured from pale (rarely) to deep green (most), red where never taken. The corpus is pasted
 * (one input per line) or is the rule's cover set (`generate({ cover: true })`). The rules the
 * rule reaches are offered too, each with its own counts.
 */
import type { Grammar } from '../src/engine/grammar/types';
import { coverage } from '../src/engine/analysis/coverage';
import { generate } from '../src/engine/analysis/generate';
import type { Coverage } from '../src/engine/grammar/analysisTypes';
import { railroadByUse } from '../src/teaching/railroad';

/** The heat colours (their classes: `useClass`), after the railroad stylesheet. */
const USAGE_CSS = `#usage svg.railroad-diagram g.use-0 > rect{fill:hsl(0,75%,85%);stroke:hsl(0,60%,40%)}
#usage svg.railroad-diagram g.use-1 > rect{fill:hsl(120,45%,90%)}
#usage svg.railroad-diagram g.use-2 > rect{fill:hsl(120,45%,78%)}
#usage svg.railroad-diagram g.use-3 > rect{fill:hsl(120,45%,64%)}
#usage svg.railroad-diagram g.use-4 > rect{fill:hsl(120,50%,50%)}
#usage svg.railroad-diagram g.use-0 text.comment{fill:hsl(0,60%,40%);font-weight:bold}
#usage textarea{width:100%;box-sizing:border-box;font:inherit;font-family:monospace}`;

export interface UsageHost {
  /** The grammar the page shows, when the analyses can read it. */
  grammar(): Grammar | undefined;
  rule(): string;
}

/** Adds the controls to `panel` (the analysis panel) and draws into a box of their own. */
export function wireUsage(panel: HTMLElement, host: UsageHost): void {
  const style = document.createElement('style');
  style.textContent = USAGE_CSS;
  document.head.append(style);
  const box = document.createElement('div');
  box.id = 'usage';
  const label = document.createElement('label');
  label.textContent = 'Corpus, one string per line';
  const corpus = document.createElement('textarea');
  corpus.id = 'usage-corpus';
  corpus.rows = 4;
  corpus.spellcheck = false;
  label.append(document.createElement('br'), corpus);
  const byCorpus = button('Colour the railroad by this corpus');
  const byCover = button('Colour the railroad by the cover set');
  const picker = document.createElement('select');
  picker.id = 'usage-rule';
  picker.setAttribute('aria-label', 'Rule to show');
  picker.hidden = true;
  const out = document.createElement('div');
  out.id = 'usage-out';
  out.setAttribute('aria-live', 'polite');
  box.append(label, byCorpus, byCover, picker, out);
  panel.append(box);

  let last: Coverage | undefined;
  const show = (rule: string) => {
    out.textContent = '';
    if (!last) return;
    const g = host.grammar();
    if (!g) return;
    const mine = last.alternatives.filter((a) => a.rule === rule);
    const note = document.createElement('p');
    note.className = 'note';
    const never = mine.filter((a) => a.count === 0).length;
    note.textContent = `${rule}: ${mine.length ? `${mine.length - never} of ${mine.length} alternatives taken` : 'no choice in this rule'} by ${last.inputs - last.refused} input${last.inputs - last.refused === 1 ? '' : 's'}${last.refused ? ` (${last.refused} refused, not counted)` : ''}; ${last.percent.toFixed(0)}% of the alternatives of ${last.rule} and the rules it reaches.`;
    out.append(note, railroadByUse(g, rule, last.alternatives).toSVG() as SVGSVGElement);
  };
  const run = (inputs: readonly string[]) => {
    const g = host.grammar();
    if (!g) { out.textContent = 'This grammar cannot be analysed here.'; return; }
    const rule = host.rule();
    last = coverage(g, rule, inputs);
    // The rule first, then the others it reaches that have a choice.
    const rules = [...new Set([rule, ...last.alternatives.map((a) => a.rule)])];
    picker.textContent = '';
    for (const r of rules) picker.append(new Option(r, r));
    picker.hidden = rules.length < 2;
    show(rule);
  };
  byCorpus.addEventListener('click', () => run(corpus.value.split(/\r?\n/).filter((l) => l !== '')));
  byCover.addEventListener('click', () => {
    const g = host.grammar();
    const valid = g ? generate(g, host.rule(), { cover: true, nearMisses: 0 }).valid : [];
    corpus.value = valid.join('\n');
    run(valid);
  });
  picker.addEventListener('change', () => show(picker.value));
}

function button(text: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  return b;
}
