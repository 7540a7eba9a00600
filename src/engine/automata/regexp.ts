/**
 * Grammar expressions as RegExp source, for the verdict: an anchored RegExp matches exactly the
 * rule's language (JavaScript's RegExp backtracks into every alternative and repetition, so the
 * order of the alternatives changes only the time, never the answer). Trees never come from
 * these: a RegExp's own choices are not first match's at a choice whose reading needs the rest
 * of the input (../trees/firstMatch.ts).
 */
import { caseFold, type CharSet, type Expr, type Rules } from '../expr';
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
const memo = new WeakMap<Rules, { sources: Map<string, string>; verdictSources: Map<string, string>; singles: WeakMap<Expr, CharSet | null> }>();
const memoOf = (grammar: Rules) => {
  let m = memo.get(grammar);
  if (!m) memo.set(grammar, (m = { sources: new Map(), verdictSources: new Map(), singles: new WeakMap() }));
  return m;
};

/**
 * RegExp source for `e`. With `verdict`, for an anchored yes/no only: the same language, but
 * matches inside may differ from the first-match-wins reading (see `separatedRun` and
 * `lookaheadFor`), so such a source must not cut a tree's leaves.
 */
export function regexpSource(grammar: Rules, e: Expr, verdict = false): string {
  switch (e.t) {
    case 'chars': return classSource(e.set);
    case 'lit': return [...e.text].map((ch) => {
      const f = caseFold(ch);
      return f.length > 1 ? '[' + f + ']' : esc(ch);
    }).join('');
    case 'seq': return e.items.map((i) => group(grammar, i, verdict)).join('');
    case 'alt': {
      // For a verdict, an alternative whose strings a later one matches too (as `IPv4address`'s
      // are `reg-name`'s) adds nothing to the language: left out.
      if (verdict) {
        const kept = e.items.filter((x, k) => !e.items.slice(k + 1).some((y) => covers(grammar, y, x)));
        if (kept.length < e.items.length) return regexpSource(grammar, kept.length === 1 ? kept[0] : { t: 'alt', items: kept }, verdict);
      }
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
        parts.push(regexpSource(grammar, e.items[k], verdict));
      }
      if (run) parts.push(classSource(run));
      return parts.join('|');
    }
    case 'rep': {
      if (e.min === 0 && e.max === Infinity) {
        const split = (verdict ? separatedRun(grammar, e.item) : undefined) ?? splitRun(grammar, e.item);
        if (split) return split;
      }
      if (verdict && e.min === 0 && e.max === 1) {
        const ahead = lookaheadFor(grammar, e.item);
        if (ahead) return `(?:${ahead}${regexpSource(grammar, e.item, verdict)})?`;
      }
      const q = e.min === 0 && e.max === Infinity ? '*'
        : e.min === 1 && e.max === Infinity ? '+'
        : e.min === 0 && e.max === 1 ? '?'
        : e.min === e.max ? `{${e.min}}`
        : e.max === Infinity ? `{${e.min},}` : `{${e.min},${e.max}}`;
      const inner = regexpSource(grammar, e.item, verdict);
      return (/^(\[[^\]]*\]|\\?.)$/.test(inner) ? inner : '(?:' + inner + ')') + q;
    }
    case 'ref': {
      const m = memoOf(grammar);
      const sources = verdict ? m.verdictSources : m.sources;
      let source = sources.get(e.name);
      if (source === undefined) {
        const one = singleCharSet(grammar, e);
        source = one ? classSource(one) : '(?:' + regexpSource(grammar, grammar[e.name], verdict) + ')';
        sources.set(e.name, source);
      }
      return source;
    }
  }
}

/** The source of `rule`'s verdict RegExp (to anchor at both ends). */
export function verdictSource(grammar: Rules, rule: string): string {
  return regexpSource(grammar, { t: 'ref', name: rule }, true);
}

function group(grammar: Rules, e: Expr, verdict: boolean): string {
  const s = regexpSource(grammar, e, verdict);
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
  const parts = runParts(grammar, item);
  if (!parts) return undefined;
  const c = classSource(parts.run);
  if (parts.others.length === 0) return c + '*';
  return `${c}*(?:(?:${parts.others.map((x) => regexpSource(grammar, x)).join('|')})${c}*)*`;
}

/**
 * The alternatives of a repetition's item: the one-character ones as one set (`run`), the
 * others apart, when no other can match nothing or begin with a character of the run.
 */
function runParts(grammar: Rules, item: Expr): { run: CharSet; others: Expr[] } | undefined {
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
  for (const x of others) {
    if (nullable(grammar, x)) return undefined;
    const first = firstChars(grammar, x);
    for (let c = 0; c < 128; c++) if (first[c] && run[c]) return undefined;
  }
  return { run, others };
}

/**
 * For a verdict: `*( S Y )` where S is one character of a set and Y is `*( C / X / … )` (as
 * `*( "/" segment )`, segment = *pchar) is the empty string or S followed by any run of S, C
 * and the X: one loop over the characters of S and C together, instead of a group a segment.
 * The same language; the inner groups match differently, so only for a verdict.
 */
function separatedRun(grammar: Rules, item: Expr): string | undefined {
  if (item.t !== 'seq' || item.items.length !== 2) return undefined;
  const sep = singleCharSet(grammar, item.items[0]);
  if (!sep) return undefined;
  let y = item.items[1];
  while (y.t === 'ref') y = grammar[y.name];
  if (y.t !== 'rep' || y.min !== 0 || y.max !== Infinity) return undefined;
  const parts = runParts(grammar, y.item);
  if (!parts) return undefined;
  const run = new Uint8Array(128);
  for (let c = 0; c < 128; c++) run[c] = parts.run[c] | sep[c];
  for (const x of parts.others) {
    const first = firstChars(grammar, x);
    for (let c = 0; c < 128; c++) if (first[c] && sep[c]) return undefined;
  }
  const c = classSource(run);
  const body = parts.others.length ? `${c}*(?:(?:${parts.others.map((x) => regexpSource(grammar, x, true)).join('|')})${c}*)*` : `${c}*`;
  return `(?:${classSource(sep)}${body})?`;
}

/**
 * For a verdict: `[ X c ]` where `c` is one character X never holds (`[ userinfo "@" ]`) is
 * tried only where a run of X's characters ends in `c`: a lookahead that every match satisfies
 * anyway, so the language is the same, but on the many inputs without a `c` the engine no
 * longer reads X to its end and backs off a character at a time.
 */
function lookaheadFor(grammar: Rules, item: Expr): string | undefined {
  if (item.t !== 'seq' || item.items.length < 2) return undefined;
  const last = singleCharSet(grammar, item.items[item.items.length - 1]);
  if (!last) return undefined;
  const alphabet = new Uint8Array(128);
  for (const x of item.items.slice(0, -1)) if (!addAlphabet(grammar, x, alphabet, new Set())) return undefined;
  for (let c = 0; c < 128; c++) if (last[c] && alphabet[c]) return undefined;
  return `(?=${classSource(alphabet)}*${classSource(last)})`;
}

/**
 * Does `y` match every string `x` matches? Known when `y` is a repetition `*( C / … )` whose
 * one-character alternatives C hold every character `x` can match: then `y` matches any string
 * of them.
 */
function covers(grammar: Rules, y: Expr, x: Expr): boolean {
  while (y.t === 'ref') y = grammar[y.name];
  if (y.t !== 'rep' || y.min !== 0 || y.max !== Infinity) return false;
  const parts = runParts(grammar, y.item);
  const alphabet = new Uint8Array(128);
  if (!parts || !addAlphabet(grammar, x, alphabet, new Set())) return false;
  for (let c = 0; c < 128; c++) if (alphabet[c] && !parts.run[c]) return false;
  return true;
}

/** Every character `e` can match, added to `set`; false when that is not known (non-ASCII ranges). */
function addAlphabet(grammar: Rules, e: Expr, set: CharSet, seen: Set<string>): boolean {
  switch (e.t) {
    case 'chars':
      if (e.more?.length) return false;
      for (let c = 0; c < 128; c++) set[c] |= e.set[c];
      return true;
    case 'lit':
      for (const ch of e.text) for (const f of caseFold(ch)) set[f.charCodeAt(0)] = 1;
      return true;
    case 'seq': case 'alt': return e.items.every((x) => addAlphabet(grammar, x, set, seen));
    case 'rep': return addAlphabet(grammar, e.item, set, seen);
    case 'ref':
      if (seen.has(e.name)) return true;
      seen.add(e.name);
      return addAlphabet(grammar, grammar[e.name], set, seen);
  }
}
