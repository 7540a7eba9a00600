/**
 * Grammar expressions printed back as ABNF (RFC 5234), for the teaching tools: a rule's
 * definition, and the text of the alternative a node took.
 */
import type { Expr } from '../engine/expr';

/** A quoted string, or `%x` for characters a quoted string cannot hold (RFC 5234 4: `%x20-21 / %x23-7E`). */
export function quote(text: string): string {
  if (/^[\x20\x21\x23-\x7e]*$/.test(text)) return `"${text}"`;
  return '%x' + [...text].map((ch) => ch.codePointAt(0)!.toString(16).toUpperCase().padStart(2, '0')).join('.');
}

/** The items of a sequence with nested sequences spliced in. */
export function flatSeq(e: Expr): Expr[] {
  if (e.t !== 'seq') return [e];
  return e.items.flatMap(flatSeq);
}

/**
 * ABNF text of `e`; `nested` asks for parentheses around a choice or a sequence of several items;
 * `alternation` is what separates alternatives in the grammar's notation (`|` in RFC 2396's).
 */
export function exprText(e: Expr, nested = false, alternation = '/'): string {
  switch (e.t) {
    case 'chars': return e.label;
    case 'lit': return quote(e.text);
    case 'ref': return e.name;
    case 'seq': {
      const items = flatSeq(e);
      if (items.length === 0) return '""';
      if (items.length === 1) return exprText(items[0], nested, alternation);
      const text = items.map((i) => exprText(i, true, alternation)).join(' ');
      return nested ? `( ${text} )` : text;
    }
    case 'alt': {
      const text = e.items.map((i) => exprText(i, false, alternation)).join(` ${alternation} `);
      return nested ? `( ${text} )` : text;
    }
    case 'rep': {
      const { min, max } = e;
      if (min === 0 && max === 1) return `[ ${exprText(e.item, false, alternation)} ]`;
      const item = exprText(e.item, true, alternation);
      const count = min === max ? `${min}` : `${min === 0 ? '' : min}*${max === Infinity ? '' : max}`;
      return count + item;
    }
  }
}

/** `rule = alternative / alternative …`; one alternative a line when that does not fit on one of 72. */
export function ruleDefinition(rule: string, e: Expr): string {
  const line = `${rule} = ${exprText(e)}`;
  if (e.t !== 'alt' || line.length <= 72) return line;
  const pad = ' '.repeat(rule.length + 1);
  return e.items.map((item, k) => `${k === 0 ? `${rule} =` : `${pad}/`} ${exprText(item)}`).join('\n');
}
