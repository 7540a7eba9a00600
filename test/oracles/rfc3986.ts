/**
 * Test-only oracle: an independent reading of RFC 3986 Appendix A.
 *
 * It reads the ABNF text itself (test/spec/rfc3986-appendix-a-b.txt, the grammar of record) with a
 * small ABNF reader (RFC 5234 syntax: alternation, concatenation, repetition, groups,
 * options, quoted strings, %x values, prose) and builds, for each rule, a fully
 * backtracking anchored RegExp. A JavaScript RegExp anchored with ^…$ tries every way of
 * matching before it gives up, so it reads the ABNF's language, not a first-match-wins
 * (PEG) one. Quoted strings are case-insensitive (RFC 5234 2.3). The core rules ALPHA,
 * DIGIT and HEXDIG are read from their RFC 5234 Appendix B.1 definitions below.
 *
 * It also builds the prefix closure of each rule's language, to compute the error index
 * independently: the largest k such that input.slice(0, k) is a prefix of some string of
 * the rule.
 *
 * Nothing here imports the project's grammar or engine.
 */
import * as fs from 'fs';
import * as path from 'path';

export type Abnf =
  | { k: 'alt'; items: Abnf[] }
  | { k: 'seq'; items: Abnf[] }
  | { k: 'rep'; min: number; max: number; item: Abnf }
  | { k: 'str'; text: string }
  | { k: 'range'; lo: number; hi: number }
  | { k: 'ref'; name: string }
  | { k: 'prose'; text: string };

/** RFC 5234 Appendix B.1, the core rules Appendix A uses. */
const CORE_RULES = `
   ALPHA          =  %x41-5A / %x61-7A   ; A-Z / a-z
   DIGIT          =  %x30-39             ; 0-9
   HEXDIG         =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
`;

export const SEEDS_DIR = path.join(__dirname, '..', 'spec');

/** The Appendix A text from the seed file. */
export function appendixA(): string {
  const file = 'rfc3986-appendix-a-b.txt';
  const text = fs.readFileSync(path.join(SEEDS_DIR, file), 'utf8');
  const from = text.indexOf('Appendix A.');
  const to = text.indexOf('Appendix B.');
  if (from < 0 || to < from) throw new Error('Appendix A not found in seed');
  return text.slice(from, to);
}

/** Rule definitions in text order: name and the text after "=" (continuation lines joined). */
export function ruleTexts(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const raw of text.split('\n')) {
    // A comment runs from a ";" outside a quoted string (`";"` is a sub-delim) to the line's end.
    const line = raw.replace(/^((?:[^";]|"[^"]*")*);.*$/, '$1').replace(/\s+$/, '');
    const start = /^\s*([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (start && /^\s{1,8}[A-Za-z]/.test(line)) out.push([start[1], start[2]]);
    else if (/^\s+\S/.test(line) && out.length) out[out.length - 1][1] += ' ' + line.trim();
  }
  return out;
}

/** Parses the right-hand side of an ABNF rule (RFC 5234 section 4). */
export function parseAbnf(src: string): Abnf {
  const toks = src.match(/"[^"]*"|%x[0-9A-Fa-f]+(?:-[0-9A-Fa-f]+|(?:\.[0-9A-Fa-f]+)+)?|<[^>]*>|\d*\*\d*|\d+|[A-Za-z][A-Za-z0-9-]*|[()[\]/]/g) ?? [];
  let i = 0;
  const peek = () => toks[i];
  const alternation = (): Abnf => {
    const items = [concatenation()];
    while (peek() === '/') { i++; items.push(concatenation()); }
    return items.length === 1 ? items[0] : { k: 'alt', items };
  };
  const concatenation = (): Abnf => {
    const items: Abnf[] = [];
    while (i < toks.length && peek() !== '/' && peek() !== ')' && peek() !== ']') items.push(repetition());
    return items.length === 1 ? items[0] : { k: 'seq', items };
  };
  const repetition = (): Abnf => {
    const t = peek();
    let m: RegExpExecArray | null;
    if ((m = /^(\d*)\*(\d*)$/.exec(t))) {
      i++;
      return { k: 'rep', min: m[1] ? +m[1] : 0, max: m[2] ? +m[2] : Infinity, item: element() };
    }
    if (/^\d+$/.test(t)) { i++; return { k: 'rep', min: +t, max: +t, item: element() }; }
    return element();
  };
  const element = (): Abnf => {
    const t = toks[i++];
    if (t === '(') { const e = alternation(); expect(')'); return e; }
    if (t === '[') { const e = alternation(); expect(']'); return { k: 'rep', min: 0, max: 1, item: e }; }
    if (t.startsWith('"')) return { k: 'str', text: t.slice(1, -1) };
    if (t.startsWith('<')) return { k: 'prose', text: t.slice(1, -1) };
    if (t.startsWith('%x')) {
      const body = t.slice(2);
      if (body.includes('-')) { const [a, b] = body.split('-'); return { k: 'range', lo: parseInt(a, 16), hi: parseInt(b, 16) }; }
      const codes = body.split('.').map((h) => parseInt(h, 16));
      return codes.length === 1 ? { k: 'range', lo: codes[0], hi: codes[0] } : { k: 'seq', items: codes.map((c) => ({ k: 'range', lo: c, hi: c })) };
    }
    if (/^[A-Za-z]/.test(t)) return { k: 'ref', name: t };
    throw new Error(`ABNF: unexpected ${t} in ${src}`);
  };
  const expect = (t: string) => { if (toks[i++] !== t) throw new Error(`ABNF: expected ${t} in ${src}`); };
  const e = alternation();
  if (i !== toks.length) throw new Error(`ABNF: trailing ${toks.slice(i).join(' ')} in ${src}`);
  return e;
}

/** Appendix A and the core rules, parsed. */
export const RULES: ReadonlyMap<string, Abnf> = new Map(
  [...ruleTexts(appendixA()), ...ruleTexts(CORE_RULES)].map(([n, s]) => [n, parseAbnf(s)]),
);

/** The Appendix A rule names in text order (not the core rules). */
export const ORACLE_RULE_NAMES: readonly string[] = ruleTexts(appendixA()).map(([n]) => n);

const hex = (c: number) => `\\x${c.toString(16).padStart(2, '0')}`;
const charSrc = (ch: string): string => {
  const lo = ch.toLowerCase();
  const up = ch.toUpperCase();
  return lo !== up ? `[${lo}${up}]` : hex(ch.charCodeAt(0));
};
const quant = (min: number, max: number) => (max === Infinity ? `{${min},}` : `{${min},${max}}`);

const full = new Map<string, string>();
/** RegExp source (no anchors, no captures) of the full language of `e`. */
export function source(e: Abnf): string {
  switch (e.k) {
    case 'str': return [...e.text].map(charSrc).join('');
    case 'range': return e.lo === e.hi ? hex(e.lo) : `[${hex(e.lo)}-${hex(e.hi)}]`;
    case 'ref': {
      let s = full.get(e.name);
      if (s === undefined) full.set(e.name, (s = `(?:${source(rule(e.name))})`));
      return s;
    }
    case 'seq': return e.items.map((x) => `(?:${source(x)})`).join('');
    case 'alt': return e.items.map((x) => `(?:${source(x)})`).join('|');
    case 'rep': return e.max === 0 ? '' : `(?:${source(e.item)})${quant(e.min, e.max)}`;
    case 'prose': throw new Error(`prose <${e.text}> is not readable`);
  }
}

const pre = new Map<string, string>();
/**
 * RegExp source of the prefix closure of the language of `e` (every language here is
 * non-empty): pref(a) = ε|a; pref(AB) = pref(A) | A pref(B); pref(A|B) = pref(A)|pref(B);
 * pref(A{m,n}) = A{0,n-1} pref(A) (n ≥ 1), ε for n = 0.
 */
export function prefixSource(e: Abnf): string {
  switch (e.k) {
    case 'str': return [...e.text].reduceRight((inner, ch) => `(?:${charSrc(ch)}${inner})?`, '');
    case 'range': return `(?:${source(e)})?`;
    case 'ref': {
      let s = pre.get(e.name);
      if (s === undefined) pre.set(e.name, (s = `(?:${prefixSource(rule(e.name))})`));
      return s;
    }
    case 'seq': return e.items.reduceRight((inner, x, idx) =>
      idx === e.items.length - 1 ? `(?:${prefixSource(x)})` : `(?:(?:${prefixSource(x)})|(?:${source(x)})${inner})`, '');
    case 'alt': return e.items.map((x) => `(?:${prefixSource(x)})`).join('|');
    case 'rep': return e.max === 0 ? '' : `(?:${source(e.item)})${quant(0, e.max - 1)}(?:${prefixSource(e.item)})`;
    case 'prose': throw new Error(`prose <${e.text}> is not readable`);
  }
}

/** A rule's expression; `0<pchar>` (path-empty) is prose repeated zero times: the empty string. */
function rule(name: string): Abnf {
  const r = RULES.get(name);
  if (!r) throw new Error(`ABNF: no rule ${name}`);
  if (r.k === 'rep' && r.max === 0 && r.item.k === 'prose') return { k: 'seq', items: [] };
  return r;
}

const fullRe = new Map<string, RegExp>();
const prefRe = new Map<string, RegExp>();

/** The anchored RegExp of a rule's whole language. */
export function oracleRegExp(name: string): RegExp {
  let r = fullRe.get(name);
  if (!r) fullRe.set(name, (r = new RegExp(`^(?:${source({ k: 'ref', name })})$`)));
  return r;
}

/** The anchored RegExp of the prefix closure of a rule's language. */
export function prefixRegExp(name: string): RegExp {
  let r = prefRe.get(name);
  if (!r) prefRe.set(name, (r = new RegExp(`^(?:${prefixSource({ k: 'ref', name })})$`)));
  return r;
}

/** Does `input` match rule `name` (ABNF semantics)? */
export const oracleTest = (name: string, input: string): boolean => oracleRegExp(name).test(input);

/** Is `input` a prefix of some string that rule `name` matches? */
export const oracleIsPrefix = (name: string, input: string): boolean => prefixRegExp(name).test(input);

/**
 * The error index by definition: the largest k such that input.slice(0, k) is a prefix of
 * something the rule matches (the prefix language is prefix-closed, so a binary search
 * finds it). For an input that is only cut short this is its length.
 */
export function oracleErrorIndex(name: string, input: string): number {
  if (oracleIsPrefix(name, input)) return input.length;
  let lo = 0; // the empty string is a prefix of every non-empty language
  let hi = input.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (oracleIsPrefix(name, input.slice(0, mid))) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
