/**
 * The playground page: an input, a grammar and a rule; the parse tree drawn under the input,
 * the rule's ABNF with the alternative taken, its railroad diagram, the components and the
 * derivation in words; for invalid input the caret, what was expected, and the tree of the
 * longest valid prefix greyed out. Everything runs in the page; the state lives in the fragment.
 */
import type { Node } from '../src/engine/tree';
import { alternatives, type GrammarView } from '../src/teaching/grammarView';
import { exprText } from '../src/teaching/abnfText';
import { alternativeTaken, derivation, shownText } from '../src/teaching/explain';
import { railroadDiagram, RAILROAD_CSS } from '../src/teaching/railroad';
import { MAX_TRACE_INPUT } from '../src/teaching/trace';
import type { NodeWhy, Trace } from './steps';
import { whereLine } from '../src/teaching/whereLine';
import { readableExpected } from '../src/engine/errors';
import { charName, drawTree, moveFrom, pathTo, type Drawn } from './tree';
import { readFragment, writeFragment, type PageState } from './state';
import { GRAMMAR_NAMES, FIRST_GRAMMAR, componentsOf, compilerIfLoaded, grammarIfLoaded, loadGrammar, loadCompiler, EXAMPLES } from './grammars';

/** Longer inputs are validated, but their tree is not drawn. */
const MAX_DRAW = 2000;
/** How far back the longest valid prefix is looked for. */
const MAX_PREFIX_TRIES = 2000;

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

const ui = {
  grammar: $<HTMLSelectElement>('grammar'),
  rule: $<HTMLSelectElement>('rule'),
  lexical: $<HTMLInputElement>('lexical'),
  input: $<HTMLInputElement>('input'),
  examples: document.querySelector('.examples') as HTMLElement,
  verdict: $('verdict'),
  error: $('error'),
  note: $('tree-note'),
  chars: $('chars'),
  tree: $('tree'),
  path: $('path'),
  abnf: $('abnf'),
  railroad: $('railroad'),
  componentsPanel: $('components-panel'),
  components: $('components'),
  derivation: $('derivation'),
  custom: $<HTMLDetailsElement>('custom'),
  abnfText: $<HTMLTextAreaElement>('abnf-text'),
  abnfUse: $<HTMLButtonElement>('abnf-use'),
  abnfError: $('abnf-error'),
  stepFirst: $<HTMLButtonElement>('step-first'),
  stepPrev: $<HTMLButtonElement>('step-prev'),
  stepNext: $<HTMLButtonElement>('step-next'),
  stepOver: $<HTMLButtonElement>('step-over'),
  stepChoice: $<HTMLButtonElement>('step-choice'),
  stepLast: $<HTMLButtonElement>('step-last'),
  stepCount: $('step-count'),
  stepStatus: $('step-status'),
  stepsPanel: $('steps-panel'),
  loading: $('loading'),
  loadError: $('load-error'),
  analysis: $<HTMLDetailsElement>('analysis'),
};

/** The step-through of the current input: the trace, its nodes' rules, and the step shown. */
let stepping: { trace: Trace; rules: ReturnType<typeof import('./steps').nodeRules>; at: number } | undefined;
/** The step-through's part (playground/steps.ts), once loaded: loaded when first asked for. */
let steps: typeof import('./steps') | undefined;
let stepsLoading: Promise<boolean> | undefined;
/** Why each node is what it is (by `rule@start-end`), for the Rule panel. */
let whyByNode = new Map<string, NodeWhy>();
/** The grammar error of pasted ABNF or of a link's `abnf=`, while there is one. */
let grammarError: string | undefined;

const state: PageState = { grammar: 'rfc3986', rule: 'URI-reference', input: 'http://user@example.com:8080/a/b?q=1#top', lexical: false };
let custom: GrammarView | undefined;
let drawn: Drawn[] = [];
let current: { grammar: GrammarView; input: string; valid: boolean } | undefined;
/** The node whose rule the Rule panel shows (hovered, else focused), by index in `drawn`. */
let focusedK = -1;

/** The grammar shown: the page updates only once the chosen grammar is loaded. */
function grammarNow(): GrammarView {
  if (state.grammar === 'custom' && custom) return custom;
  return grammarIfLoaded(state.grammar) ?? grammarIfLoaded(FIRST_GRAMMAR)!;
}

/** How many loads are under way (the "Loading …" line shows while there is one). */
let loads = 0;

/**
 * `part` once it has loaded, with "Loading `what`…" shown meanwhile; when it fails (a file
 * missing, the connection lost), undefined, with the error shown (role alert).
 */
async function loading<T>(what: string, part: Promise<T>): Promise<T | undefined> {
  loads++;
  ui.loading.hidden = false;
  ui.loading.textContent = `Loading ${what}…`;
  try {
    const got = await part;
    ui.loadError.hidden = true;
    ui.loadError.textContent = '';
    return got;
  } catch (e) {
    ui.loadError.hidden = false;
    ui.loadError.textContent = `Could not load ${what}: ${(e as Error).message}. The page's files may be incomplete, or the connection lost; try again.`;
    return undefined;
  } finally {
    if (--loads === 0) {
      ui.loading.hidden = true;
      ui.loading.textContent = '';
    }
  }
}

/** URI-reference where the grammar has it (IRI-reference for RFC 3987), else its first rule. */
function defaultRule(g: GrammarView): string {
  return ['URI-reference', 'IRI-reference', 'addr-spec'].find((r) => g.rules.includes(r)) ?? g.rules[0];
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...kids: Array<Node | string | globalThis.Node>): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  for (const k of kids) e.append(k as globalThis.Node | string);
  return e;
}

// ---------------------------------------------------------------- pickers

function fillGrammars(): void {
  ui.grammar.textContent = '';
  for (const name of GRAMMAR_NAMES) ui.grammar.append(el('option', { value: name, textContent: label(name) }));
  if (custom || (state.grammar === 'custom' && state.abnf !== undefined)) ui.grammar.append(el('option', { value: 'custom', textContent: 'your ABNF' }));
  ui.grammar.value = state.grammar;
}

function label(name: string): string {
  const m = /^rfc(\d+)$/.exec(name);
  return m ? `RFC ${m[1]}` : name;
}

function fillRules(): void {
  ui.rule.textContent = '';
  if (state.grammar === 'custom' && !custom) {
    // The link's grammar does not compile: keep the link's rule as it is.
    ui.rule.append(el('option', { value: state.rule, textContent: state.rule }));
    ui.rule.value = state.rule;
    return;
  }
  const g = grammarNow();
  for (const r of g.rules) ui.rule.append(el('option', { value: r, textContent: r }));
  if (!g.rules.includes(state.rule)) state.rule = defaultRule(g);
  ui.rule.value = state.rule;
}

function fillExamples(): void {
  ui.examples.textContent = '';
  const list = EXAMPLES.get(state.grammar) ?? [];
  for (const ex of list) {
    const b = el('button', { type: 'button', className: 'example', textContent: ex.input, title: ex.why });
    b.addEventListener('click', () => {
      state.input = ex.input;
      if (ex.rule) state.rule = ex.rule;
      ui.input.value = ex.input;
      ui.rule.value = state.rule;
      update();
    });
    ui.examples.append(b);
  }
  ui.examples.hidden = list.length === 0;
}

// ---------------------------------------------------------------- the parse

function longestValidPrefix(g: GrammarView, input: string, rule: string, index: number): number | undefined {
  for (let n = Math.min(index, input.length), tries = 0; n >= 0 && tries < MAX_PREFIX_TRIES; n--, tries++) {
    if (g.validate(input.slice(0, n), rule).ok) return n;
  }
  return undefined;
}

function update(): void {
  if (state.grammar === 'custom' && !custom) {
    // A link whose ABNF does not compile: its error is shown (role alert), and nothing is parsed
    // with another grammar in its place; the link stays as it was given.
    ui.verdict.className = 'bad';
    ui.verdict.textContent = 'The grammar of this link does not compile: see its error below.';
    ui.error.hidden = true;
    drawn = drawTree(ui.tree, ui.chars, '', undefined, { greyed: true });
    ui.abnf.textContent = '';
    ui.railroad.textContent = '';
    ui.derivation.textContent = '';
    ui.componentsPanel.hidden = true;
    stepping = undefined;
    renderStep();
    saveState();
    return;
  }
  const g = grammarNow();
  const { input, rule } = state;
  let root: Node | undefined;
  let valid = false;
  let errorIndex: number | undefined;
  ui.note.textContent = '';
  ui.path.textContent = '';
  try {
    const v = g.validate(input, rule);
    if (v.ok) {
      valid = true;
      ui.error.hidden = true;
      ui.error.textContent = '';
      ui.verdict.className = 'ok';
      ui.verdict.textContent = `✓ valid ${rule} (${input.length} character${input.length === 1 ? '' : 's'})`;
      if (input.length <= MAX_DRAW) root = g.parseTree(input, rule, { lexical: state.lexical });
      else ui.note.textContent = `The tree is drawn for inputs up to ${MAX_DRAW} characters.`;
    } else {
      const { index, expected } = v.error;
      errorIndex = index;
      ui.verdict.className = 'bad';
      ui.verdict.textContent = `✗ not a valid ${rule}`;
      showError(input, rule, index, expected);
      if (input.length <= MAX_DRAW) {
        const n = longestValidPrefix(g, input, rule, index);
        if (n !== undefined) {
          root = g.parseTree(input.slice(0, n), rule, { lexical: state.lexical });
          ui.note.textContent = n === 0
            ? `Greyed: the tree of the empty prefix, the longest prefix that is a valid ${rule}.`
            : `Greyed: the tree of ${shownText(input.slice(0, n))}, the longest prefix (${n} character${n === 1 ? '' : 's'}) that is a valid ${rule}. The grammar stopped at offset ${index}.`;
        } else {
          ui.note.textContent = `No prefix of the input up to offset ${index} is a valid ${rule}, so there is no tree to show.`;
        }
      } else {
        ui.note.textContent = `The tree is drawn for inputs up to ${MAX_DRAW} characters.`;
      }
    }
  } catch (e) {
    ui.verdict.className = 'bad';
    ui.verdict.textContent = `The grammar could not run: ${(e as Error).message}`;
  }
  current = { grammar: g, input, valid };
  prepareSteps(g, input, rule, valid);
  drawn = drawTree(ui.tree, ui.chars, input.length <= MAX_DRAW ? input : '', root, { greyed: !valid, errorIndex: input.length <= MAX_DRAW ? errorIndex : undefined });
  fitColumns();
  ui.tree.setAttribute('aria-label', valid ? `Parse tree of the input as ${rule}` : `Parse tree of the longest valid prefix as ${rule} (greyed)`);
  focusedK = -1;
  showRule(undefined);
  renderStep();
  showComponents(valid);
  showDerivation(g, valid && root ? input : '', valid ? root : undefined);
  saveState();
}

let measure: CanvasRenderingContext2D | null | undefined;

/**
 * The column widths: the room per character in the tree's box (between --cw and --cw-max), and
 * more where a node's name needs it, so that no name is cut: a node spanning k columns gets k
 * columns whose widths add up to its label's width (narrow nodes first; the extra is shared).
 */
function fitColumns(): void {
  const box = ui.tree.parentElement!;
  const css = getComputedStyle(document.documentElement);
  const rem = parseFloat(css.fontSize) || 16;
  const min = parseFloat(css.getPropertyValue('--cw')) * rem;
  const max = parseFloat(css.getPropertyValue('--cw-max')) * rem;
  const cols = Math.max(1, Number(ui.tree.style.getPropertyValue('--cols')) || 1);
  const avail = box.clientWidth - rem;
  const room = avail / cols;
  // Start narrow (one character's width) and widen only where a name needs it; the room left
  // over is then shared out, up to --cw-max a column. Starting from the room instead overflowed
  // a 40-character input at 1280 px ("fragme…", issue 38).
  const widths = new Array<number>(cols).fill(min);
  measure ??= document.createElement('canvas').getContext('2d');
  const label = drawn[0]?.el.querySelector('.rule');
  if (measure && label) {
    const f = getComputedStyle(label);
    measure.font = `${f.fontWeight} ${f.fontSize} ${f.fontFamily}`;
    const pad = 0.6 * rem + 6; // the node's padding (0.3rem a side), border and margin
    // An empty node's label, "rule (empty)", takes the column of its offset (issue 38), after
    // the empty nodes before it there (its margin) or before a name (the name's padding).
    const extra = (d: Drawn): number => (parseFloat(d.el.style.marginLeft) || 0) + (parseFloat((d.el.querySelector('.rule') as HTMLElement).style.paddingLeft) || 0);
    const spans = drawn
      .map((d) => ({ from: d.node.start, to: Math.max(d.node.end, d.node.start + 1), need: measure!.measureText(d.el.querySelector('.rule')!.textContent!).width + pad + extra(d) }))
      .sort((a, b) => (a.to - a.from) - (b.to - b.from));
    for (const s of spans) {
      let have = 0;
      for (let c = s.from; c < s.to; c++) have += widths[c];
      if (have >= s.need) continue;
      const more = (s.need - have) / (s.to - s.from);
      for (let c = s.from; c < s.to; c++) widths[c] += more;
    }
  }
  const total = widths.reduce((a, w) => a + w, 0);
  if (total < avail) {
    // Share the room left among the columns below the even share, up to it (and --cw-max).
    const target = Math.max(min, Math.min(max, room));
    let left = avail - total;
    for (let pass = 0; pass < 4 && left > 0.5; pass++) {
      const under = widths.filter((w) => w < target).length;
      if (!under) break;
      const each = left / under;
      for (let c = 0; c < cols; c++) {
        if (widths[c] >= target) continue;
        const add = Math.min(each, target - widths[c]);
        widths[c] += add;
        left -= add;
      }
    }
  }
  const template = widths.map((w) => `${w.toFixed(1)}px`).join(' ');
  ui.tree.style.gridTemplateColumns = template;
  ui.chars.style.gridTemplateColumns = template;
}

function showError(input: string, rule: string, index: number, expected: readonly string[]): void {
  const found = index < input.length ? `found ${charName(String.fromCodePoint(input.codePointAt(index)!))}` : 'found the end of the input';
  ui.error.hidden = false;
  ui.error.textContent = '';
  ui.error.append(
    el('strong', { textContent: `At index ${index}` }),
    `: ${found}. Not a valid ${rule} from here. `,
    el('span', { className: 'expected-label', textContent: 'Expected: ' }),
  );
  const list = el('ul', { className: 'expected' });
  readableExpected(expected).forEach((x, k) => {
    const li = el('li', { textContent: x });
    // Commas for screen readers and copied text; the chips show the separation on screen.
    if (k < expected.length - 1) li.append(el('span', { className: 'sr-only', textContent: ', ' }));
    list.append(li);
  });
  ui.error.append(list);
  // What the grammar was inside of at the error: "inside IP-literal → IPv6address, after `::1`".
  const where = whereLine(grammarNow(), input, rule, index, expected);
  if (where) ui.error.append(el('p', { className: 'inside', textContent: where }));
}

// ---------------------------------------------------------------- panels

/** The Rule panel: the rule of `d` (or the selected rule) with its alternatives, the one taken marked. */
function showRule(d: Drawn | undefined): void {
  const g = current?.grammar ?? grammarNow();
  const rule = d ? d.node.rule : state.rule;
  ui.abnf.textContent = '';
  // The railroad diagram follows the node, with the alternative it took marked.
  showRailroad(g, rule, d ? alternativeTaken(g, current!.input, d.node) : undefined, d);
  const text = d ? current!.input.slice(d.node.start, d.node.end) : undefined;
  const head = el('p', { className: 'rule-head' }, el('span', { className: 'rule-name', textContent: rule }));
  if (d && text !== undefined) head.append(` over [${d.node.start}, ${d.node.end}): `, el('code', { textContent: text === '' ? '(empty)' : text }));
  else head.append(' (the selected rule; hover or focus a node to see its own)');
  ui.abnf.append(head);
  const alts = alternatives(g.expr(rule));
  if (alts.length < 2) {
    ui.abnf.append(el('pre', { className: 'abnf', textContent: g.ruleText(rule) }));
    showWhy(d);
    return;
  }
  const k = d ? alternativeTaken(g, current!.input, d.node) : undefined;
  ui.abnf.append(el('p', { className: 'abnf-lhs', textContent: `${rule} =` }));
  const list = el('ol', { className: 'alts' });
  alts.forEach((a, i) => {
    const li = el('li', { textContent: exprText(a, false, g.alternation) });
    if (i === k) {
      li.className = 'taken';
      li.setAttribute('aria-current', 'true');
      li.append(el('span', { className: 'mark', textContent: ' ← taken' }));
    }
    list.append(li);
  });
  ui.abnf.append(list);
  const written = g.ruleText(rule);
  if (written) {
    ui.abnf.append(el('details', { className: 'as-written' },
      el('summary', { textContent: 'as written in the grammar' }),
      el('pre', { className: 'abnf', textContent: written })));
  }
  showWhy(d);
}

/** The node the Rule panel shows (undefined: the selected rule). */
let ruleShown: Drawn | undefined;

/** Under the rule: why the first match chose this alternative, and how its repetitions ended. */
function showWhy(d: Drawn | undefined): void {
  ruleShown = d;
  if (!d) return;
  if (!steps) {
    // The reasons come from the trace: its part is loaded now, and the panel shown again then.
    ui.abnf.append(el('p', { className: 'note', textContent: 'Why: loading the reasons…' }));
    void loadSteps().then((ok) => {
      if (ok && ruleShown === d && drawn.includes(d)) showRule(d);
    });
    return;
  }
  const w = whyByNode.get(`${d.node.rule}@${d.node.start}-${d.node.end}`);
  const lines = w ? steps.whyTexts(w) : [];
  if (!lines.length) return;
  ui.abnf.append(el('p', { className: 'why-head', textContent: w!.losers.length ? 'Why this alternative (first match wins):' : 'Why:' }));
  const list = el('ul', { className: 'why' });
  for (const line of lines) list.append(el('li', { textContent: line }));
  ui.abnf.append(list);
}

const railroadCache = new Map<string, SVGSVGElement>();

/**
 * A diagram a little wider than its panel (IPv4address's seven items, issue 38: cut off at the
 * right) is drawn smaller to fit, down to 60 %; a much wider one (IPv6address) keeps its size
 * and scrolls, its names still readable.
 */
function fitRailroad(svg: SVGSVGElement): void {
  const natural = Number(svg.getAttribute('width'));
  const room = ui.railroad.clientWidth;
  const fits = natural > room && room > 0 && room / natural >= 0.6;
  svg.style.width = fits ? `${room}px` : '';
}

function showRailroad(g: GrammarView, rule: string, taken?: number, d?: Drawn): void {
  const key = `${state.grammar === 'custom' ? 'custom:' + (state.abnf ?? '') : state.grammar}\u0000${rule}\u0000${taken ?? ''}`;
  let svg = railroadCache.get(key);
  if (!svg) {
    svg = railroadDiagram(g, rule, { taken }).toSVG() as SVGSVGElement;
    // A group, not an image: its rule names are links (an image may hold no controls).
    svg.setAttribute('role', 'group');
    if (railroadCache.size > 200) railroadCache.clear();
    railroadCache.set(key, svg);
    // Rule names in the diagram lead to their own diagram.
    for (const box of Array.from(svg.querySelectorAll('g.non-terminal'))) {
      const name = box.getAttribute('data-rule') ?? '';
      if (!g.rules.includes(name)) continue;
      box.setAttribute('tabindex', '0');
      box.setAttribute('role', 'link');
      box.setAttribute('aria-label', `rule ${name}`);
      box.classList.add('link');
    }
  }
  ui.railroad.textContent = '';
  ui.railroad.append(svg);
  fitRailroad(svg);
  // The path taken through it: the alternative (marked in the diagram) and each repetition's count.
  const parts: string[] = [];
  if (d) parts.push(`${rule} over [${d.node.start}, ${d.node.end})`);
  if (taken !== undefined) parts.push(`took alternative ${taken + 1}`);
  const w = d ? whyByNode.get(`${d.node.rule}@${d.node.start}-${d.node.end}`) : undefined;
  for (const r of w?.repeats ?? []) parts.push(`${r.abnf}: ${r.iterations} iteration${r.iterations === 1 ? '' : 's'}${r.gaveBack ? `, ${r.gaveBack} given back` : ''}`);
  if (parts.length) ui.railroad.append(el('p', { className: 'railroad-caption', textContent: `Path taken: ${parts.join('; ')}` }));
}

// ---------------------------------------------------------------- step-through

/**
 * Loads the step-through's part (once; "Loading the step-through…" meanwhile, the step buttons
 * disabled), then traces what the page shows. False when it could not be loaded (the error shown).
 */
function loadSteps(): Promise<boolean> {
  if (steps) return Promise.resolve(true);
  stepsLoading ??= (async () => {
    for (const b of [ui.stepFirst, ui.stepPrev, ui.stepNext, ui.stepOver, ui.stepChoice, ui.stepLast]) b.disabled = true;
    const m = await loading('the step-through', import('./steps'));
    stepsLoading = undefined;
    if (m) {
      steps = m;
      if (current) prepareSteps(current.grammar, current.input, state.rule, current.valid);
    }
    renderStep();
    return m !== undefined;
  })();
  return stepsLoading;
}

/** Steps to step `k` once the step-through is loaded (a step button pressed before it was). */
async function stepTo(k: (s: NonNullable<typeof stepping>) => number): Promise<void> {
  if (!steps && !(await loadSteps())) return;
  if (stepping) goToStep(k(stepping));
}

/** The trace of the input (short inputs only) and the reasons for the Rule panel; none until the step-through is loaded. */
function prepareSteps(g: GrammarView, input: string, rule: string, valid: boolean): void {
  whyByNode = new Map();
  stepping = undefined;
  if (input.length > MAX_TRACE_INPUT || !steps) return;
  try {
    const t = steps.trace(g, input, rule);
    stepping = { trace: t, rules: steps.nodeRules(t), at: 0 };
    if (valid) for (const w of steps.whyNodes(input, t, g.alternation, g).values()) whyByNode.set(`${w.node.rule}@${w.node.start}-${w.node.end}`, w);
  } catch {
    stepping = undefined;
  }
}

/** Shows step `stepping.at`: its words, the characters consumed so far, and its rule's diagram. */
function renderStep(): void {
  for (const c of Array.from(ui.chars.querySelectorAll('.ch.consumed, .ch.step-at'))) c.classList.remove('consumed', 'step-at');
  const none = (text: string) => {
    ui.stepStatus.textContent = text;
    ui.stepCount.textContent = '';
    for (const b of [ui.stepFirst, ui.stepPrev, ui.stepNext, ui.stepOver, ui.stepChoice, ui.stepLast]) b.disabled = true;
  };
  if (!steps && state.input.length <= MAX_TRACE_INPUT && !stepsLoading) {
    // Not loaded yet: Next step (or Last step) loads it, and shows the first (or last) step.
    none('Press Next step to begin: the step-through is loaded when it is first asked for.');
    ui.stepNext.disabled = ui.stepLast.disabled = false;
    return;
  }
  if (!stepping) {
    none(state.input.length > MAX_TRACE_INPUT
      ? `The step-through is made for inputs up to ${MAX_TRACE_INPUT} characters; this one has ${state.input.length}.`
      : stepsLoading ? '' : 'No step-through for this grammar and input.');
    return;
  }
  const { stepPosition, stepRule, stepText } = steps!;
  const { trace: t, rules, at } = stepping;
  const n = t.steps.length;
  if (n === 0) return none('No steps.');
  const step = t.steps[at];
  const last = at === n - 1;
  // A button that becomes disabled while it has the focus hands the focus on (keys keep working).
  const had = document.activeElement;
  ui.stepFirst.disabled = ui.stepPrev.disabled = at === 0;
  ui.stepNext.disabled = ui.stepOver.disabled = ui.stepChoice.disabled = ui.stepLast.disabled = last;
  if (had instanceof HTMLButtonElement && had.disabled && ui.stepsPanel.contains(had)) (last ? ui.stepPrev : ui.stepNext).focus();
  const ending = last && !t.ok ? (t.truncated ? ` (the step-through stops here: it shows at most ${n} steps)` : ' (no way is left: the input is not valid)') : '';
  ui.stepCount.textContent = `step ${at + 1} of ${n}${t.truncated ? ' (limit reached)' : ''}`;
  ui.stepStatus.textContent = `Step ${at + 1} of ${n}: ${stepText(step, t, state.input, rules, grammarNow().alternation)}${ending}`;
  // The characters consumed so far: up to where the parse stands at this step.
  let pos = -1;
  for (let s = at; s >= 0 && pos < 0; s--) pos = stepPosition(t.steps[s]);
  for (const c of Array.from(ui.chars.querySelectorAll<HTMLElement>('.ch'))) {
    const i = Number(c.dataset.i);
    if (i < pos) c.classList.add('consumed');
    if (i === pos) c.classList.add('step-at');
  }
  // The diagram of the rule the step is in, with the alternative being tried marked.
  const rule = stepRule(step, rules) ?? state.rule;
  const tried = step.t === 'try' && step.top ? step.k : step.t === 'matched' && rules.has(step.node) ? step.k : undefined;
  if (current) showRailroad(current.grammar, rule, tried);
}

function goToStep(k: number): void {
  if (!stepping) return;
  stepping.at = Math.max(0, Math.min(stepping.trace.steps.length - 1, k));
  renderStep();
}

function showComponents(valid: boolean): void {
  const c = componentsOf(state.grammar, state.rule, state.input, valid);
  ui.componentsPanel.hidden = c === undefined;
  ui.components.textContent = '';
  if (!c) return;
  if (typeof c === 'string') {
    ui.components.append(el('p', { className: 'note', textContent: c }));
    return;
  }
  const table = el('table', { className: 'components' });
  table.append(el('thead', {}, el('tr', {}, el('th', { scope: 'col', textContent: 'component' }), el('th', { scope: 'col', textContent: 'value' }))));
  const body = el('tbody');
  for (const [name, value] of c) {
    const td = value === undefined ? el('td', { className: 'absent', textContent: 'absent' })
      : value === '' ? el('td', { className: 'absent', textContent: 'empty' })
        : el('td', {}, el('code', { textContent: value }));
    body.append(el('tr', {}, el('th', { scope: 'row', textContent: name }), td));
  }
  table.append(body);
  ui.components.append(table);
}

function showDerivation(g: GrammarView, input: string, root: Node | undefined): void {
  ui.derivation.textContent = '';
  if (!root) {
    ui.derivation.append(el('li', { className: 'note', textContent: 'The derivation is shown for a valid input.' }));
    return;
  }
  // Same pre-order as the drawn tree: line k is node k.
  derivation(g, input, root).forEach((s, k) => {
    const li = el('li', { textContent: s.sentence });
    li.style.paddingLeft = `${s.depth * 1.2}em`;
    li.dataset.k = String(k);
    ui.derivation.append(li);
  });
}

// ---------------------------------------------------------------- tree interaction

function highlight(d: Drawn | undefined): void {
  for (const c of Array.from(ui.chars.querySelectorAll('.ch.hl'))) c.classList.remove('hl');
  for (const n of Array.from(ui.tree.querySelectorAll('.node.hl'))) n.classList.remove('hl');
  if (!d) return;
  d.el.classList.add('hl');
  for (const c of Array.from(ui.chars.querySelectorAll<HTMLElement>('.ch'))) {
    const i = Number(c.dataset.i);
    if (i >= d.node.start && i < d.node.end) c.classList.add('hl');
  }
}

function showPathTo(i: number): void {
  const path = pathTo(drawn, i);
  for (const n of Array.from(ui.tree.querySelectorAll('.node.on-path'))) n.classList.remove('on-path');
  for (const d of path) d.el.classList.add('on-path');
  const ch = current?.input[i];
  if (!path.length) {
    ui.path.textContent = ch === undefined ? '' : `Character ${i} is in no node of the tree shown.`;
    return;
  }
  ui.path.textContent = `Character ${i} ${ch === undefined ? '' : charName(ch)}: ${path.map((d) => d.node.rule).join(' › ')}`;
}

function focusNode(k: number): void {
  const d = drawn[k];
  if (!d) return;
  for (const x of drawn) {
    x.el.tabIndex = -1;
    x.el.removeAttribute('aria-selected');
  }
  d.el.tabIndex = 0;
  d.el.setAttribute('aria-selected', 'true');
  d.el.focus();
}

function wire(): void {
  ui.input.addEventListener('input', () => {
    state.input = ui.input.value;
    update();
  });
  ui.grammar.addEventListener('change', () => void chooseGrammar(ui.grammar.value));
  ui.rule.addEventListener('change', () => {
    state.rule = ui.rule.value;
    update();
  });
  ui.lexical.addEventListener('change', () => {
    state.lexical = ui.lexical.checked;
    update();
  });
  ui.tree.addEventListener('mouseover', (e) => {
    const n = (e.target as HTMLElement).closest<HTMLElement>('.node');
    if (!n) return;
    const d = drawn[Number(n.dataset.k)];
    highlight(d);
    showRule(d);
  });
  ui.tree.addEventListener('mouseleave', () => {
    const d = drawn[focusedK];
    highlight(d);
    showRule(d);
  });
  ui.tree.addEventListener('focusin', (e) => {
    const n = (e.target as HTMLElement).closest<HTMLElement>('.node');
    if (!n) return;
    focusedK = Number(n.dataset.k);
    const d = drawn[focusedK];
    for (const x of drawn) x.el.removeAttribute('aria-selected');
    n.setAttribute('aria-selected', 'true');
    highlight(d);
    showRule(d);
    ui.path.textContent = `${d.node.rule}: ${pathTo(drawn, d.node.start).filter((x) => x.depth <= d.depth).map((x) => x.node.rule).join(' › ') || d.node.rule}`;
  });
  ui.tree.addEventListener('keydown', (e) => {
    const n = (e.target as HTMLElement).closest<HTMLElement>('.node');
    if (!n) return;
    const to = moveFrom(drawn, Number(n.dataset.k), e.key);
    if (to === undefined) return;
    e.preventDefault();
    focusNode(to);
  });
  ui.tree.addEventListener('click', (e) => {
    const n = (e.target as HTMLElement).closest<HTMLElement>('.node');
    if (n) focusNode(Number(n.dataset.k));
  });
  ui.derivation.addEventListener('mouseover', (e) => {
    const li = (e.target as HTMLElement).closest<HTMLElement>('li[data-k]');
    const d = li ? drawn[Number(li.dataset.k)] : undefined;
    if (d) highlight(d);
  });
  ui.derivation.addEventListener('mouseleave', () => highlight(drawn[focusedK]));
  ui.chars.addEventListener('click', (e) => {
    const c = (e.target as HTMLElement).closest<HTMLElement>('.ch');
    if (c) showPathTo(Number(c.dataset.i));
  });
  const follow = (e: Event) => {
    const box = (e.target as Element).closest('g.non-terminal.link');
    if (!box) return;
    state.rule = box.getAttribute('data-rule') ?? state.rule;
    ui.rule.value = state.rule;
    update();
  };
  ui.railroad.addEventListener('click', follow);
  ui.railroad.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      follow(e);
    }
  });
  // Before the step-through is loaded, Next step (→) loads it and shows the first step, Last step (End) the last.
  const loaded = () => steps !== undefined;
  ui.stepFirst.addEventListener('click', () => void stepTo(() => 0));
  ui.stepPrev.addEventListener('click', () => void stepTo((s) => s.at - 1));
  ui.stepNext.addEventListener('click', () => { const was = loaded(); void stepTo((s) => (was ? s.at + 1 : 0)); });
  ui.stepOver.addEventListener('click', () => void stepTo((s) => steps!.stepOver(s.trace.steps, s.at)));
  ui.stepChoice.addEventListener('click', () => void stepTo((s) => steps!.nextChoice(s.trace.steps, s.at)));
  ui.stepLast.addEventListener('click', () => void stepTo(() => Infinity));
  ui.stepsPanel.addEventListener('keydown', (e) => {
    const was = loaded();
    const to = e.key === 'ArrowRight' ? (s: NonNullable<typeof stepping>) => (was ? s.at + 1 : 0) : e.key === 'ArrowLeft' ? (s: NonNullable<typeof stepping>) => s.at - 1
      : e.key === 'Home' ? () => 0 : e.key === 'End' ? () => Infinity : undefined;
    if (to === undefined || (was && !stepping)) return;
    e.preventDefault();
    void stepTo(to);
  });
  window.addEventListener('resize', fitColumns);
  window.addEventListener('resize', () => {
    const svg = ui.railroad.querySelector('svg');
    if (svg) fitRailroad(svg);
  });
  window.addEventListener('hashchange', () => {
    if (location.hash !== lastHash) void restore();
  });
  ui.abnfUse.addEventListener('click', () => void useCustom(ui.abnfText.value, true));
  // The analysis panel's code is loaded when the panel is first opened.
  ui.analysis.addEventListener('toggle', () => void openAnalysis());
}

/** The last grammar asked for: a load that ends after another was asked for is not shown. */
let chosen = 0;

/** Shows grammar `name` (loading it first if need be); on a failed load the picker goes back. */
async function chooseGrammar(name: string): Promise<void> {
  const ask = ++chosen;
  if (name !== 'custom' && !grammarIfLoaded(name)) {
    const g = await loading(`the grammar ${label(name)}`, loadGrammar(name));
    if (ask !== chosen) return;
    if (!g) {
      ui.grammar.value = state.grammar;
      return;
    }
  }
  state.grammar = name;
  fillRules();
  fillExamples();
  update();
}

let analysisWired: Promise<unknown> | undefined;

async function openAnalysis(): Promise<void> {
  if (!ui.analysis.open || analysisWired) return;
  analysisWired = loading('the grammar analysis', import('./analysis'));
  const m = (await analysisWired) as typeof import('./analysis') | undefined;
  if (!m) {
    analysisWired = undefined;
    ui.analysis.open = false;
    return;
  }
  m.wireAnalysis({
    grammar: grammarNow,
    grammarName: () => state.grammar,
    rule: () => state.rule,
    use: (input) => { state.input = input; ui.input.value = input; update(); },
    names: GRAMMAR_NAMES,
    load: (name) => loading(`the grammar ${label(name)}`, loadGrammar(name)),
  });
}

async function useCustom(text: string, switchTo: boolean): Promise<boolean> {
  const compile = compilerIfLoaded() ?? await loading('the ABNF compiler', loadCompiler());
  if (!compile) return false;
  try {
    custom = compile(text);
    ui.abnfError.hidden = true;
    ui.abnfError.textContent = '';
    grammarError = undefined;
    state.abnf = text;
    if (switchTo) {
      state.grammar = 'custom';
      fillGrammars();
      fillRules();
      fillExamples();
      update();
    }
    return true;
  } catch (e) {
    // The message's caret lines must keep their columns: a preformatted block.
    grammarError = (e as Error).message;
    ui.abnfError.hidden = false;
    ui.abnfError.textContent = '';
    const [first, ...rest] = grammarError.split('\n');
    ui.abnfError.append(el('strong', { textContent: `This grammar does not compile: ${first}` }));
    if (rest.length) ui.abnfError.append(el('pre', { textContent: rest.join('\n') }));
    ui.custom.open = true;
    return false;
  }
}

// ---------------------------------------------------------------- state

let lastHash = '';

function saveState(): void {
  lastHash = writeFragment(state);
  if (location.hash !== lastHash) history.replaceState(null, '', lastHash);
}

/** The state of the address's fragment (RFC 3986 at once; another grammar once it is loaded). */
async function restore(): Promise<void> {
  const s = readFragment(location.hash);
  custom = undefined;
  // While the link's grammar loads, no verdict (one shown is always the chosen grammar's).
  if ((s.abnf !== undefined && !compilerIfLoaded()) || (s.grammar && s.grammar !== 'custom' && GRAMMAR_NAMES.includes(s.grammar) && !grammarIfLoaded(s.grammar))) {
    ui.verdict.textContent = '';
  }
  if (s.abnf !== undefined) {
    ui.abnfText.value = s.abnf;
    await useCustom(s.abnf, false);
  }
  Object.assign(state, s);
  if (state.grammar !== 'custom' && !GRAMMAR_NAMES.includes(state.grammar)) state.grammar = FIRST_GRAMMAR;
  // A link's grammar that does not compile stays the link's grammar (its error is shown); only a
  // link that names no ABNF at all falls back to RFC 3986.
  if (state.grammar === 'custom' && !custom && s.abnf === undefined) state.grammar = FIRST_GRAMMAR;
  // A grammar that cannot be loaded: its error is shown, and RFC 3986 in its place.
  if (state.grammar !== 'custom' && !grammarIfLoaded(state.grammar) && !await loading(`the grammar ${label(state.grammar)}`, loadGrammar(state.grammar))) state.grammar = FIRST_GRAMMAR;
  fillGrammars();
  fillRules();
  fillExamples();
  ui.input.value = state.input;
  ui.lexical.checked = state.lexical;
  update();
}

function start(): void {
  const style = document.createElement('style');
  style.textContent = RAILROAD_CSS;
  document.head.append(style);
  wire();
  void restore();
}

start();
