/**
 * The parse tree drawn under the input: one grid column per UTF-16 unit of the input (plus one
 * for the end of input), the characters on the first row, the caret on the second, and each
 * node a box on the row of its depth spanning exactly the columns of its characters. The boxes
 * are the `treeitem`s of an ARIA tree (flat, with `aria-level`), focus moves with the arrow keys.
 */
import type { Node } from '../src/engine/tree';

export interface Drawn {
  readonly node: Node;
  readonly depth: number;
  readonly parent: number;
  readonly el: HTMLElement;
}

/** A hash of a rule name (FNV-1a), for its first choice of colour. */
export function hashOf(rule: string): number {
  let h = 2166136261;
  for (let i = 0; i < rule.length; i++) h = Math.imul(h ^ rule.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Twelve hues far apart, in an order where neighbours in the list differ most. */
export const PALETTE: readonly number[] = [210, 30, 130, 290, 0, 170, 50, 250, 330, 90, 190, 15];

/**
 * A colour (a hue of PALETTE) for each rule of a tree, so that a node never has its parent's
 * colour or its left neighbour's: a rule keeps one colour within the tree, its first choice
 * from its name, moved on when that colour is taken by a rule it stands beside.
 */
export function huesFor(root: Node): Map<string, number> {
  const hues = new Map<string, number>();
  const beside = new Map<string, Set<string>>(); // rule -> rules it touches (parent, child, sibling)
  const touch = (a: string, b: string) => {
    if (a === b) return;
    (beside.get(a) ?? beside.set(a, new Set()).get(a)!).add(b);
    (beside.get(b) ?? beside.set(b, new Set()).get(b)!).add(a);
  };
  const order: string[] = [];
  const stack: Node[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (!order.includes(n.rule)) order.push(n.rule);
    n.children.forEach((c, k) => {
      touch(n.rule, c.rule);
      if (k > 0) touch(n.children[k - 1].rule, c.rule);
    });
    for (let c = n.children.length - 1; c >= 0; c--) stack.push(n.children[c]);
  }
  for (const rule of order) {
    const taken = new Set([...(beside.get(rule) ?? [])].map((r) => hues.get(r)).filter((h) => h !== undefined));
    const first = hashOf(rule) % PALETTE.length;
    let pick = PALETTE[first];
    for (let k = 0; k < PALETTE.length; k++) {
      const h = PALETTE[(first + k) % PALETTE.length];
      if (!taken.has(h)) { pick = h; break; }
    }
    hues.set(rule, pick);
  }
  return hues;
}

/** How a character is shown in its cell: spaces and control characters made visible. */
export function cellText(ch: string): string {
  const c = ch.codePointAt(0)!;
  if (ch === ' ') return '\u2423';
  if (c < 0x20) return String.fromCodePoint(0x2400 + c);
  if (c === 0x7f) return '\u2421';
  // Invisible format characters (bidi controls, zero-width joiners …) would show nothing or
  // reorder their neighbours: a visible stand-in; the cell's title names the code point.
  if (INVISIBLE.test(ch)) return '\u2b1a';
  return ch;
}

const INVISIBLE = /^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]$/u;

/** A character for a message: quoted, or its code point when it is invisible or a control. */
export function charName(ch: string): string {
  return INVISIBLE.test(ch) ? `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : JSON.stringify(ch);
}

export interface DrawOptions {
  /** The whole tree greyed out (it is the tree of a prefix, not of the input). */
  readonly greyed: boolean;
  /** The error offset, for the caret; undefined when the input is valid. */
  readonly errorIndex?: number;
}

/** Draws the characters, the caret and the tree (if any) into `host`; returns the drawn nodes in document order. */
export function drawTree(host: HTMLElement, chars: HTMLElement, input: string, root: Node | undefined, options: DrawOptions): Drawn[] {
  host.textContent = '';
  chars.textContent = '';
  const cols = input.length + 1;
  for (const el of [host, chars]) el.style.setProperty('--cols', String(cols));
  // Characters: a surrogate pair spans its two columns.
  for (let i = 0; i < input.length; ) {
    const ch = String.fromCodePoint(input.codePointAt(i)!);
    const cell = document.createElement('span');
    cell.className = 'ch';
    if (options.errorIndex !== undefined && i >= options.errorIndex) cell.classList.add('after-error');
    if (i === options.errorIndex) cell.classList.add('at-error');
    cell.dataset.i = String(i);
    cell.style.gridColumn = `${i + 1} / span ${ch.length}`;
    cell.textContent = cellText(ch);
    cell.title = `character ${i}: ${charName(ch)}`;
    chars.appendChild(cell);
    i += ch.length;
  }
  const end = document.createElement('span');
  end.className = 'ch end';
  end.dataset.i = String(input.length);
  end.style.gridColumn = `${cols}`;
  end.title = `end of input (offset ${input.length})`;
  chars.appendChild(end);
  if (options.errorIndex !== undefined) {
    const caret = document.createElement('span');
    caret.className = 'caret';
    caret.textContent = '^';
    caret.style.gridColumn = `${options.errorIndex + 1}`;
    caret.title = `the input stops being valid at offset ${options.errorIndex}`;
    chars.appendChild(caret);
  }
  const drawn: Drawn[] = [];
  if (!root) return drawn;
  const hues = huesFor(root);
  // Empty nodes in one row at one offset (an empty authority, then an empty path) stand side by
  // side, labelled (issue 38): the width their labels take there, which a node beginning at that
  // offset in that row leaves free before its own name.
  const emptiesAt = new Map<string, number>();
  const stack: Array<[Node, number, number]> = [[root, 0, -1]];
  while (stack.length) {
    const [node, depth, parent] = stack.pop()!;
    // The greyed tree of a prefix leaves its empty nodes out (issue 38): a dashed mark with no
    // name, at the end of a prefix the grammar stopped after, tells a reader nothing. An empty
    // node's children are empty too.
    if (options.greyed && node.start === node.end) continue;
    const text = input.slice(node.start, node.end);
    const el = document.createElement('div');
    el.className = 'node';
    if (options.greyed) el.classList.add('greyed');
    const empty = node.start === node.end;
    const at = `${depth}:${node.start}`;
    const taken = emptiesAt.get(at) ?? 0;
    if (empty) {
      el.classList.add('empty');
      if (taken > 0) el.style.marginLeft = `${taken}px`;
    }
    el.setAttribute('role', 'treeitem');
    el.setAttribute('aria-level', String(depth + 1));
    el.setAttribute('aria-label', `${node.rule} ${text === '' ? '(empty)' : text}`);
    el.tabIndex = -1;
    el.dataset.k = String(drawn.length);
    el.dataset.rule = node.rule;
    el.dataset.span = `${node.start},${node.end}`;
    el.style.gridColumn = node.start === node.end ? `${node.start + 1} / span 1` : `${node.start + 1} / ${node.end + 1}`;
    el.style.gridRow = String(depth + 1);
    el.style.setProperty('--h', String(hues.get(node.rule)));
    el.title = empty ? `${node.rule} (empty) at offset ${node.start}` : `${node.rule} [${node.start},${node.end}) ${JSON.stringify(text)}`;
    const label = document.createElement('span');
    label.className = 'rule';
    label.textContent = empty ? `${node.rule} (empty)` : node.rule;
    el.appendChild(label);
    host.appendChild(el);
    if (empty) emptiesAt.set(at, taken + (el.offsetWidth || 7 * label.textContent.length) + 2);
    else if (taken > 0) label.style.paddingLeft = `${taken}px`;
    const k = drawn.length;
    drawn.push({ node, depth, parent, el });
    for (let c = node.children.length - 1; c >= 0; c--) stack.push([node.children[c], depth + 1, k]);
  }
  // Position in set, for screen readers, among the siblings of each parent.
  const siblings = new Map<number, number[]>();
  drawn.forEach((d, k) => {
    const list = siblings.get(d.parent) ?? [];
    list.push(k);
    siblings.set(d.parent, list);
  });
  for (const list of siblings.values()) {
    list.forEach((k, pos) => {
      drawn[k].el.setAttribute('aria-posinset', String(pos + 1));
      drawn[k].el.setAttribute('aria-setsize', String(list.length));
    });
  }
  if (drawn.length) drawn[0].el.tabIndex = 0;
  return drawn;
}

/** The drawn nodes whose span holds offset `i`, root first (the path of rules to that character). */
export function pathTo(drawn: readonly Drawn[], i: number): Drawn[] {
  return drawn.filter((d) => d.node.start <= i && i < d.node.end);
}

/** The next node for a key in the tree, or undefined when the key does not move. */
export function moveFrom(drawn: readonly Drawn[], k: number, key: string): number | undefined {
  switch (key) {
    case 'ArrowDown': return k + 1 < drawn.length ? k + 1 : undefined;
    case 'ArrowUp': return k > 0 ? k - 1 : undefined;
    case 'ArrowLeft': return drawn[k].parent >= 0 ? drawn[k].parent : undefined;
    case 'ArrowRight': return k + 1 < drawn.length && drawn[k + 1].parent === k ? k + 1 : undefined;
    case 'Home': return 0;
    case 'End': return drawn.length - 1;
    default: return undefined;
  }
}
