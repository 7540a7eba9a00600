/**
 * Grammar expressions as RegExp source, for the sticky character-run matchers of the tree
 * builders. PEG guards become lookaheads (`(?!…)`, `$`), so a matcher commits where the
 * first-match-wins parser commits.
 */
import { caseFold, type CharSet, type Expr, type Rules } from './expr';
import { firstChars, nullable } from './firstSets';

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

/**
 * What has been worked out per grammar: a rule's source and an expression's one-character set are
 * asked for again and again (IPv6address holds nine IPv4address through ls32), and the answers
 * never change; without this, a verdict RegExp for URI took some 15 ms to write.
 */
const memo = new WeakMap<Rules, { sources: Map<string, string>; singles: WeakMap<Expr, CharSet | null> }>();
const memoOf = (grammar: Rules) => {
  let m = memo.get(grammar);
  if (!m) memo.set(grammar, (m = { sources: new Map(), singles: new WeakMap() }));
  return m;
};

/** RegExp source for `e`. */
export function regexpSource(grammar: Rules, e: Expr): string {
  switch (e.t) {
    case 'chars': return classSource(e.set);
    case 'lit': return [...e.text].map((ch) => {
      const f = caseFold(ch);
      return f.length > 1 ? '[' + f + ']' : esc(ch);
    }).join('');
    case 'seq': return e.items.map((i) => group(grammar, i)).join('');
    case 'alt': {
      // The one-character alternatives become one class, in the place of the first of them,
      // when no other alternative can begin with one of its characters (then the order of
      // the choice does not matter); otherwise adjacent ones only. Same language, same
      // first-match-wins answer, and a much faster RegExp.
      const singles = e.items.map((item) => singleCharSet(grammar, item));
      const all = new Uint8Array(128);
      singles.forEach((one) => one && one.forEach((v, c) => (all[c] |= v)));
      const disjoint = e.items.every((item, k) => singles[k] || !nullable(grammar, item) && firstChars(grammar, item).every((v, c) => !(v && all[c])));
      const parts: string[] = [];
      let run: CharSet | undefined;
      let merged = false;
      for (let k = 0; k < e.items.length; k++) {
        const one = singles[k];
        if (one) {
          if (disjoint) {
            if (!merged) parts.push(classSource(all));
            merged = true;
            continue;
          }
          run ??= new Uint8Array(128);
          for (let c = 0; c < 128; c++) run[c] |= one[c];
          continue;
        }
        if (run) parts.push(classSource(run));
        run = undefined;
        parts.push(regexpSource(grammar, e.items[k]));
      }
      if (run) parts.push(classSource(run));
      return parts.join('|');
    }
    case 'rep': {
      if (e.min === 0 && e.max === Infinity) {
        const split = splitRun(grammar, e.item);
        if (split) return split;
      }
      const q = e.min === 0 && e.max === Infinity ? '*'
        : e.min === 1 && e.max === Infinity ? '+'
        : e.min === 0 && e.max === 1 ? '?'
        : e.min === e.max ? `{${e.min}}`
        : e.max === Infinity ? `{${e.min},}` : `{${e.min},${e.max}}`;
      const inner = regexpSource(grammar, e.item);
      return (/^(\[[^\]]*\]|\\?.)$/.test(inner) ? inner : '(?:' + inner + ')') + q;
    }
    case 'ref': {
      const { sources } = memoOf(grammar);
      let source = sources.get(e.name);
      if (source === undefined) {
        const one = singleCharSet(grammar, e);
        source = one ? classSource(one) : '(?:' + regexpSource(grammar, grammar[e.name]) + ')';
        sources.set(e.name, source);
      }
      return source;
    }
    case 'guard': return e.not ? '(?!' + regexpSource(grammar, e.not) + ')' : '$';
  }
}

function group(grammar: Rules, e: Expr): string {
  const s = regexpSource(grammar, e);
  return e.t === 'alt' ? '(?:' + s + ')' : s;
}

/** The characters `e` matches when it always matches exactly one character; else undefined. */
export function singleCharSet(grammar: Rules, e: Expr): CharSet | undefined {
  const { singles } = memoOf(grammar);
  let set = singles.get(e);
  if (set === undefined) singles.set(e, (set = singleCharSetOf(grammar, e) ?? null));
  return set ?? undefined;
}

function singleCharSetOf(grammar: Rules, e: Expr): CharSet | undefined {
  switch (e.t) {
    case 'chars': return e.set;
    case 'lit': {
      if (e.text.length !== 1) return undefined;
      const set = new Uint8Array(128);
      for (const ch of caseFold(e.text)) set[ch.charCodeAt(0)] = 1;
      return set;
    }
    case 'ref': return singleCharSet(grammar, grammar[e.name]);
    case 'alt': {
      const set = new Uint8Array(128);
      for (const item of e.items) {
        const one = singleCharSet(grammar, item);
        if (!one) return undefined;
        for (let c = 0; c < 128; c++) set[c] |= one[c];
      }
      return set;
    }
    default: return undefined;
  }
}

/**
 * `*( C / X / … )` where C are one-character alternatives that no other alternative can begin
 * with, as `C*(?:(?:X|…)C*)*`: the same strings, the same (deterministic) greedy match, but the
 * engine runs over C in a tight loop instead of one alternation per character.
 */
function splitRun(grammar: Rules, item: Expr): string | undefined {
  let body = item;
  while (body.t === 'ref') body = grammar[body.name];
  if (body.t !== 'alt') return undefined;
  const run = new Uint8Array(128);
  const others: Expr[] = [];
  const flatten = (x: Expr): void => {
    while (x.t === 'ref' && !singleCharSet(grammar, x)) x = grammar[x.name];
    const one = singleCharSet(grammar, x);
    if (one) for (let c = 0; c < 128; c++) run[c] |= one[c];
    else if (x.t === 'alt') x.items.forEach(flatten);
    else others.push(x);
  };
  body.items.forEach(flatten);
  if (others.length === 0) return classSource(run) + '*';
  for (const x of others) {
    if (nullable(grammar, x)) return undefined;
    const first = firstChars(grammar, x);
    for (let c = 0; c < 128; c++) if (first[c] && run[c]) return undefined;
  }
  const c = classSource(run);
  return `${c}*(?:(?:${others.map((x) => regexpSource(grammar, x)).join('|')})${c}*)*`;
}
