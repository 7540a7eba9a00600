/**
 * Railroad diagrams of grammar rules, drawn by the railroad-diagrams library from the rule's
 * expression (nothing is drawn by hand): a choice is a fork, `[ x ]` a bypass, `*x` and `1*x`
 * loops, `n*m x` a loop labelled with its counts, a quoted string a rounded terminal, a rule
 * name a box.
 * Shared by the playground (DOM) and `uri-grammar railroad` (SVG text).
 */
import * as RR from 'railroad-diagrams';
import type { Expr } from '../engine/expr';
import { flatSeq, quote } from './abnfText';
import type { GrammarView } from './grammarView';

/** A label safe for the diagram: control characters shown as `%xNN`. */
function safe(label: string): string {
  return label.replace(/[\x00-\x1f\x7f]/g, (c) => `%x${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** How many times, in words, for a counted repetition's loop. */
function times(min: number, max: number): string {
  if (min === max) return `${min} times`;
  if (max === Infinity) return `${min} or more times`;
  if (min <= 1) return `at most ${max} times`;
  return `${min} to ${max} times`;
}

/** Classes on the boxes (the library sets none): `terminal`, `non-terminal` (with `data-rule`), `comment`. */
function tagged(item: RR.Item, cls: string, rule?: string): RR.Item {
  item.attrs['class'] = cls;
  if (rule !== undefined) item.attrs['data-rule'] = rule;
  return item;
}

/** The diagram item for `e`. */
export function railroadItem(e: Expr): RR.Item {
  switch (e.t) {
    case 'chars':
      // A core rule (ALPHA, DIGIT, HEXDIG) is a name; a range (%x30-35) is a terminal.
      return /^[A-Za-z][A-Za-z0-9-]*$/.test(e.label)
        ? tagged(RR.NonTerminal(e.label), 'non-terminal core', e.label)
        : tagged(RR.Terminal(safe(e.label)), 'terminal');
    case 'lit': return tagged(RR.Terminal(safe(quote(e.text))), 'terminal');
    case 'ref': return tagged(RR.NonTerminal(e.name), 'non-terminal', e.name);
    case 'seq': {
      const items = flatSeq(e);
      if (items.length === 0) return RR.Skip();
      return items.length === 1 ? railroadItem(items[0]) : RR.Sequence(...items.map(railroadItem));
    }
    case 'alt': return RR.Choice(0, ...e.items.map(railroadItem));
    case 'rep': {
      const { min, max } = e;
      const item = railroadItem(e.item);
      if (max === 0) return RR.Skip();
      if (min === 1 && max === 1) return item;
      if (min === 0 && max === 1) return RR.Optional(item);
      if (min === 0 && max === Infinity) return RR.ZeroOrMore(item);
      if (min === 1 && max === Infinity) return RR.OneOrMore(item);
      const loop = RR.OneOrMore(item, tagged(RR.Comment(times(min, max)), 'comment'));
      return min === 0 ? RR.Optional(loop) : loop;
    }
  }
}

/** Adds a class to an item's element (classes it has are kept). */
function addClass(item: RR.Item, cls: string): RR.Item {
  item.attrs['class'] = `${item.attrs['class'] ?? ''} ${cls}`.trim();
  return item;
}

/**
 * The diagram of `rule`: a railroad-diagrams Diagram (`.toSVG()` for the DOM, `.toString()` for
 * text). With `taken`, the path a node took: the alternative of the rule's top-level choice gets
 * the class `taken` and the others `not-taken`.
 */
export function railroadDiagram(grammar: Pick<GrammarView, 'expr'>, rule: string, mark: { taken?: number } = {}): RR.Item {
  // The name goes into attributes, which the library escapes only for `&` and `"`.
  if (typeof rule !== 'string' || !/^[A-Za-z][A-Za-z0-9-]*$/.test(rule)) {
    throw new TypeError(`railroadDiagram: "rule" must be an ABNF rule name, got ${typeof rule === 'string' ? JSON.stringify(rule) : typeof rule}`);
  }
  const e = grammar.expr(rule);
  let body: RR.Item;
  if (e.t === 'alt' && mark.taken !== undefined && mark.taken >= 0 && mark.taken < e.items.length) {
    body = RR.Choice(0, ...e.items.map((item, k) => addClass(railroadItem(item), k === mark.taken ? 'taken' : 'not-taken')));
  } else {
    body = railroadItem(e);
  }
  const d = RR.Diagram(body);
  d.attrs['role'] = 'img';
  d.attrs['aria-label'] = `railroad diagram of ${rule}${mark.taken !== undefined && e.t === 'alt' ? `, alternative ${mark.taken + 1} taken` : ''}`;
  d.attrs['data-rule'] = rule;
  return d;
}

/** How often each alternative of a rule was taken (`coverage`'s `alternatives`, src/engine/analysis/coverage.ts). */
export interface AlternativeUse {
  readonly rule: string;
  readonly path: readonly number[];
  readonly index: number;
  readonly count: number;
}

/** The heat class of a count: `use-0` never taken, then `use-1` … `use-4` by its share of the rule's most used (log scale). */
export function useClass(count: number, most: number): string {
  if (count <= 0) return 'use-0';
  if (most <= 1) return 'use-4';
  return `use-${1 + Math.min(3, Math.floor((3 * Math.log(count)) / Math.log(most) + 1e-9))}`;
}

/**
 * The diagram of `rule` coloured by use: every alternative of every choice in the rule followed by
 * a comment with how often the first-match trees took it (`12×`, or `never`), and every box
 * inside it tagged with the heat class of the innermost alternative it lies in (`useClass`), for
 * the playground's stylesheet (playground/usage.ts). Alternatives not in `uses` are not counted.
 */
export function railroadByUse(grammar: Pick<GrammarView, 'expr'>, rule: string, uses: readonly AlternativeUse[]): RR.Item {
  if (typeof rule !== 'string' || !/^[A-Za-z][A-Za-z0-9-]*$/.test(rule)) {
    throw new TypeError(`railroadByUse: "rule" must be an ABNF rule name, got ${typeof rule === 'string' ? JSON.stringify(rule) : typeof rule}`);
  }
  const count = new Map<string, number>();
  let most = 0;
  for (const u of uses) {
    if (u.rule !== rule) continue;
    count.set(`${u.path.join('.')}#${u.index}`, u.count);
    most = Math.max(most, u.count);
  }
  const heat = (item: RR.Item, cls: string | undefined): RR.Item => (cls === undefined ? item : addClass(item, cls));
  // The item for `e` at `path`; `cls`: the heat of the innermost alternative around it.
  const draw = (e: Expr, path: readonly number[], cls: string | undefined): RR.Item => {
    switch (e.t) {
      case 'seq': return e.items.length === 0 ? RR.Skip() : e.items.length === 1 ? draw(e.items[0], [...path, 0], cls) : RR.Sequence(...e.items.map((x, k) => draw(x, [...path, k], cls)));
      case 'alt': return RR.Choice(0, ...e.items.map((x, k) => {
        const n = count.get(`${path.join('.')}#${k}`);
        if (n === undefined) return draw(x, [...path, k], cls);
        const c = useClass(n, most);
        const label = tagged(RR.Comment(n === 0 ? 'never' : `${n}×`), `comment use-count ${c}`);
        label.attrs['data-uses'] = String(n);
        return RR.Sequence(draw(x, [...path, k], c), label);
      }));
      case 'rep': {
        const { min, max } = e;
        if (max === 0) return RR.Skip();
        const item = draw(e.item, [...path, 0], cls);
        if (min === 1 && max === 1) return item;
        if (min === 0 && max === 1) return RR.Optional(item);
        if (min === 0 && max === Infinity) return RR.ZeroOrMore(item);
        if (min === 1 && max === Infinity) return RR.OneOrMore(item);
        const loop = RR.OneOrMore(item, tagged(RR.Comment(times(min, max)), 'comment'));
        return min === 0 ? RR.Optional(loop) : loop;
      }
      default: return heat(railroadItem(e), cls);
    }
  };
  const d = RR.Diagram(draw(grammar.expr(rule), [], undefined));
  d.attrs['role'] = 'img';
  d.attrs['aria-label'] = `railroad diagram of ${rule}, coloured by how often each alternative was taken`;
  d.attrs['data-rule'] = rule;
  return d;
}

/** Styles for a standalone SVG file (the library's stylesheet, adapted). */
export const RAILROAD_CSS = `svg.railroad-diagram{background-color:hsl(30,20%,95%)}
svg.railroad-diagram path{stroke-width:2;stroke:#333;fill:rgba(0,0,0,0)}
svg.railroad-diagram text{font:bold 14px monospace;text-anchor:middle}
svg.railroad-diagram text.comment{font:italic 12px monospace}
svg.railroad-diagram rect{stroke-width:2;stroke:#333;fill:hsl(210,80%,92%)}
svg.railroad-diagram g.terminal rect{fill:hsl(120,60%,90%)}
svg.railroad-diagram g.core rect{fill:hsl(45,80%,90%)}`;

/** A standalone SVG document of `rule`'s diagram, with its styles and a title. */
export function railroadSvg(grammar: Pick<GrammarView, 'expr'>, rule: string): string {
  const d = railroadDiagram(grammar, rule);
  d.attrs['xmlns'] = 'http://www.w3.org/2000/svg';
  const svg = d.toString();
  const open = svg.indexOf('>') + 1;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${svg.slice(0, open)}\n<title>${rule}</title>\n<style>${RAILROAD_CSS}</style>\n${svg.slice(open)}`;
}
