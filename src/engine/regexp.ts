/**
 * Grammar expressions as RegExp source, for the sticky character-run matchers of the tree
 * builders. PEG guards become lookaheads (`(?!…)`, `$`), so a matcher commits where the
 * first-match-wins parser commits.
 */
import { caseFold, type CharSet, type Expr, type Grammar } from './expr';

const SPECIAL = /[\\^$.*+?()[\]{}|\/-]/;

function esc(ch: string): string {
  return SPECIAL.test(ch) ? '\\' + ch : ch;
}

export function classSource(set: CharSet): string {
  let out = '';
  let count = 0;
  for (let c = 0; c < 128; c++) {
    if (!set[c]) continue;
    count++;
    let d = c;
    while (d + 1 < 128 && set[d + 1]) d++;
    const a = String.fromCharCode(c);
    out += d - c >= 2 ? esc(a) + '-' + esc(String.fromCharCode(d)) : d > c ? esc(a) + esc(String.fromCharCode(d)) : esc(a);
    count += d - c;
    c = d;
  }
  return count === 1 && out.length <= 2 ? out : '[' + out + ']';
}

/** RegExp source for `e`; `inline` decides which references are expanded here (all, by default). */
export function regexpSource(grammar: Grammar, e: Expr): string {
  switch (e.t) {
    case 'chars': return classSource(e.set);
    case 'lit': return [...e.text].map((ch) => {
      const f = caseFold(ch);
      return f.length > 1 ? '[' + f + ']' : esc(ch);
    }).join('');
    case 'seq': return e.items.map((i) => group(grammar, i)).join('');
    case 'alt': return e.items.map((i) => regexpSource(grammar, i)).join('|');
    case 'rep': {
      const q = e.min === 0 && e.max === Infinity ? '*'
        : e.min === 1 && e.max === Infinity ? '+'
        : e.min === 0 && e.max === 1 ? '?'
        : e.min === e.max ? `{${e.min}}`
        : e.max === Infinity ? `{${e.min},}` : `{${e.min},${e.max}}`;
      const inner = regexpSource(grammar, e.item);
      return (/^(\[[^\]]*\]|\\?.)$/.test(inner) ? inner : '(?:' + inner + ')') + q;
    }
    case 'ref': return '(?:' + regexpSource(grammar, grammar[e.name]) + ')';
    case 'guard': return e.not ? '(?!' + regexpSource(grammar, e.not) + ')' : '$';
  }
}

function group(grammar: Grammar, e: Expr): string {
  const s = regexpSource(grammar, e);
  return e.t === 'alt' ? '(?:' + s + ')' : s;
}
