/**
 * The "compare" control of the "Grammar analysis" panel (docs/analysis.md, `compare`): the
 * current rule against a rule of another shipped grammar (or the same one), with the shortest
 * string in each language and not the other, or "the same language". A string of the page's own
 * rule is a button that puts it in the input. Regular rules are compared exactly, on their
 * automata; a rule that reaches recursion gets a bounded search, labelled so.
 */
import { compare, relationWords } from '../src/engine/analysis/compare';
import type { Grammar } from '../src/engine/grammar/types';

export interface CompareHost {
  /** The grammar the page shows, when the analyses can read it, and its name. */
  grammar(): Grammar | undefined;
  grammarName(): string;
  rule(): string;
  /** The shipped grammars' names, and one of them loaded (undefined when the load failed). */
  readonly names: readonly string[];
  load(name: string): Promise<Grammar | undefined>;
  /** Puts a string in the input and shows its tree. */
  use(input: string): void;
}

/** Adds the control to `panel` (the analysis panel). */
export function wireCompare(panel: HTMLElement, host: CompareHost): void {
  const box = document.createElement('div');
  box.id = 'compare';
  const grammarPick = select('compare-grammar', 'Compare with grammar');
  for (const n of host.names) grammarPick.append(new Option(n, n));
  const rulePick = select('compare-rule', 'Its rule');
  const ascii = document.createElement('input');
  ascii.type = 'checkbox';
  ascii.id = 'compare-ascii';
  const asciiLabel = document.createElement('label');
  asciiLabel.append(ascii, ' ASCII only');
  const go = document.createElement('button');
  go.type = 'button';
  go.textContent = 'Compare the languages';
  const out = document.createElement('div');
  out.id = 'compare-out';
  out.setAttribute('aria-live', 'polite');
  box.append(labelled('Compare with ', grammarPick), ' ', labelled('rule ', rulePick), ' ', asciiLabel, ' ', go, out);
  panel.append(box);

  const say = (text: string) => { const p = document.createElement('p'); p.className = 'note'; p.textContent = text; out.append(p); return p; };
  let other: Grammar | undefined;
  // The rules of the grammar picked: the page's rule when it has one of that name (case-insensitive, RFC 5234 2.1).
  const fillRules = async () => {
    const name = grammarPick.value;
    rulePick.textContent = '';
    other = await host.load(name);
    if (grammarPick.value !== name) return;
    if (!other) { out.textContent = ''; say(`The grammar ${name} could not be loaded.`); return; }
    for (const r of other.rules) rulePick.append(new Option(r, r));
    const mine = host.rule().toLowerCase();
    rulePick.value = other.rules.find((r) => r.toLowerCase() === mine) ?? other.rules[0];
  };
  grammarPick.value = host.names.includes(host.grammarName()) ? host.grammarName() : host.names[0];
  let pending = fillRules();
  grammarPick.addEventListener('change', () => { pending = fillRules(); });
  go.addEventListener('click', () => void (async () => {
    await pending;
    out.textContent = '';
    const a = host.grammar();
    if (!a || !other || !rulePick.value) return void say('This grammar cannot be compared here.');
    const ra = host.rule();
    const rb = rulePick.value;
    const r = compare(a, ra, other, rb, { ascii: ascii.checked });
    const nameA = `${host.grammarName()} ${ra}`;
    const nameB = `${grammarPick.value} ${rb}`;
    say(`${nameA} vs ${nameB}${r.exact ? '' : ' (bounded search)'}${ascii.checked ? ' (ASCII only)' : ''}: ${relationWords(r.relation, nameA, nameB)}.`);
    const none = r.exact ? 'none (proved)' : 'none found';
    const onlyA = say(`Only in ${nameA}: `);
    if (r.onlyA === undefined) onlyA.append(none);
    else {
      // A string of the page's rule: a button that shows its tree.
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'example';
      b.textContent = r.onlyA === '' ? '(empty)' : r.onlyA;
      const w = r.onlyA;
      b.addEventListener('click', () => host.use(w));
      onlyA.append(b);
    }
    const onlyB = say(`Only in ${nameB}: `);
    if (r.onlyB === undefined) onlyB.append(none);
    else { const code = document.createElement('code'); code.textContent = r.onlyB === '' ? '(empty)' : r.onlyB; onlyB.append(code); }
    say(r.method);
  })());
}

function select(id: string, label: string): HTMLSelectElement {
  const s = document.createElement('select');
  s.id = id;
  s.setAttribute('aria-label', label);
  return s;
}

function labelled(text: string, control: HTMLElement): HTMLLabelElement {
  const l = document.createElement('label');
  l.append(text, control);
  return l;
}
