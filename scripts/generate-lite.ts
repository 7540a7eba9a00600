/**
 * Writes src/generated/liteRegexps.ts, the RegExp sources of `uri-grammar/lite` (src/lite/), from
 * grammar/rfc3986.abnf as the RFC prints it (no PEG guards: for a verdict only the language
 * matters, and an anchored JavaScript RegExp, which backtracks into every alternative, accepts
 * exactly the language of the expression). Run by `npm run generate`;
 * test/generated/liteRegexps-is-current.test.ts fails when the file is not what this script writes today.
 *
 * The generated module is the grammar once more, one constant per rule, each built from the
 * constants of the rules it refers to, so that the bundle holds each rule once (a rule written
 * out in full in every place that uses it would hold IPv6address four times in URI-reference).
 * Two sets of sources:
 * - `ruleSources`: for each of the 36 rules, a RegExp source of its language.
 * - `prefixSources`: for the four rules `parse` reads, a source of the PREFIXES of the language
 *   (every string that some continuation makes a match). `parse` finds where an invalid input
 *   stops being such a prefix, which is the offset the main package's DFA reports.
 *
 * Character-level rules (one character: unreserved, sub-delims, …) become classes in the
 * places that use them, and one-character alternatives of a choice are merged into one class:
 * the same language, and V8 runs a class in a tight loop. No quantified group can match its
 * own text in two ways (each starts with a delimiter or is a class or `%` HEXDIG HEXDIG), so
 * V8's backtracking stays linear: test/lite/linear.test.ts runs inputs of 1 MB.
 */
import * as fs from 'fs';
import * as path from 'path';
import { readGrammar } from '../src/engine/text/abnf';
import { caseFold, type Expr, type Rules } from '../src/engine/expr';
import { classSource, singleCharSet } from '../src/engine/automata/regexp';
import { RFC3986_ABNF } from '../src/generated/texts';

/** The rules `parse` reads components from (src/uri/components.ts, COMPONENT_RULES). */
export const PREFIX_RULES = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'] as const;

/** src/generated/liteRegexps.ts, from the repository root (which holds package.json). */
export function liteFile(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return path.join(dir, 'src', 'generated', 'liteRegexps.ts');
}

/**
 * A RegExp source under construction: text, and references to other rules' constants (`\0name\0`),
 * which become JavaScript identifiers in the generated module.
 */
type Source = string;
const use = (name: string): Source => `\0${name}\0`;

const SPECIAL = /[\\^$.*+?()[\]{}|]/;
const esc = (ch: string): string => (SPECIAL.test(ch) ? '\\' + ch : ch);

/** The rule whose check `uri-grammar/lite` defers in the rules that hold it in an IP-literal. */
export const DEFERRED_RULE = 'IPv6address';

class Generator {
  constructor(
    private readonly rules: Rules,
    /**
     * Write `IPv6address` as the run of the characters it may hold (a superset), for the rules
     * that hold it inside an IP-literal: the runtime checks the text between "[" and "]" on its
     * own (src/lite/rules.ts says why that is exact). IPv6address is most of the size of a
     * RegExp that holds it, and V8 compiles it in milliseconds.
     */
    private readonly defer: boolean,
    /** The name of the constant of a rule's prefix source. */
    readonly prefixName: (rule: string) => string = (rule) => 'p_' + rule,
  ) {}

  /** Every character `e` can hold, as a set. */
  charsOf(e: Expr, set = new Uint8Array(128)): Uint8Array {
    switch (e.t) {
      case 'chars': e.set.forEach((v, c) => (set[c] |= v)); break;
      case 'lit': for (const ch of caseFold(e.text)) set[ch.charCodeAt(0)] = 1; break;
      case 'seq': case 'alt': e.items.forEach((i) => this.charsOf(i, set)); break;
      case 'rep': this.charsOf(e.item, set); break;
      case 'ref': this.charsOf(this.rules[e.name], set); break;
      default: break;
    }
    return set;
  }

  /** Does `e` (through references) hold the deferred rule? */
  reaches(e: Expr, name = DEFERRED_RULE): boolean {
    switch (e.t) {
      case 'seq': case 'alt': return e.items.some((i) => this.reaches(i, name));
      case 'rep': return this.reaches(e.item, name);
      case 'ref': return e.name === name || this.reaches(this.rules[e.name], name);
      default: return false;
    }
  }

  /**
   * Is every string of `a` one of `b`? Only the sure case: `b` is `*( … )` of one-character
   * alternatives among which are all the characters `a` can hold (IPv4address in reg-name).
   */
  private within(a: Expr, b: Expr): boolean {
    while (b.t === 'ref') b = this.rules[b.name];
    if (b.t !== 'rep' || b.min !== 0 || b.max !== Infinity) return false;
    const item = b.item;
    const parts = item.t === 'alt' ? item.items : [item];
    const run = new Uint8Array(128);
    for (const p of parts) singleCharSet(this.rules, p)?.forEach((v, c) => (run[c] |= v));
    return this.charsOf(a).every((v, c) => !v || run[c] === 1);
  }

  /**
   * A choice as the RegExps write it, with the same language: an alternative whose strings
   * another alternative matches too is left out (host = IP-literal / IPv4address / reg-name:
   * every IPv4address is a reg-name), and alternatives that end with the same item share it
   * (IPv6address's seven alternatives that end with ls32 hold it once, not seven times).
   */
  private choiceItems(items: readonly Expr[]): Expr[] {
    // Of two alternatives with the same strings, the first stays.
    const kept = items.filter((a, i) => !items.some((b, j) => j !== i && this.within(a, b) && !(j > i && this.within(b, a))));
    const out: Expr[] = [];
    const groups = new Map<string, Expr[][]>();
    const order: string[] = [];
    for (const a of kept) {
      const parts = a.t === 'seq' ? a.items : [a];
      const key = parts.length > 1 ? JSON.stringify(parts[parts.length - 1], (_k, v) => (v instanceof Uint8Array ? [...v] : v)) : '';
      if (!key) { order.push(String(out.length)); out.push(a); continue; }
      if (!groups.has(key)) { groups.set(key, []); order.push(key); }
      groups.get(key)!.push([...parts]);
    }
    return order.map((k) => {
      const g = groups.get(k);
      if (!g) return out[Number(k)];
      if (g.length === 1) return { t: 'seq', items: g[0] };
      const last = g[0][g[0].length - 1];
      const heads = g.map((parts) => (parts.length === 2 ? parts[0] : { t: 'seq', items: parts.slice(0, -1) } as Expr));
      return { t: 'seq', items: [{ t: 'alt', items: this.choiceItems(heads) }, last] };
    });
  }

  /** The characters of `e` when it is always exactly one character (a class in a RegExp). */
  single(e: Expr): string | undefined {
    const set = singleCharSet(this.rules, e);
    return set && classSource(set);
  }

  /** Is the top level of `e`'s source a choice (which needs a group inside a sequence)? */
  private choice(e: Expr): boolean {
    if (this.single(e)) return false;
    if (e.t === 'ref') return !(this.defer && e.name === DEFERRED_RULE) && this.choice(this.rules[e.name]);
    if (e.t !== 'alt') return false;
    const items = this.choiceItems(e.items);
    return items.filter((i) => !this.single(i)).length + (items.some((i) => this.single(i)) ? 1 : 0) > 1;
  }

  /** `e`'s source as one atom (for a quantifier). */
  private atom(e: Expr): Source {
    const s = this.source(e);
    return this.single(e) || (e.t === 'lit' && e.text.length === 1) ? s : `(?:${s})`;
  }

  /** `e`'s source, fit for a place in a sequence. */
  private item(e: Expr): Source {
    const s = this.source(e);
    return this.choice(e) ? `(?:${s})` : s;
  }

  /** A RegExp source of the language of `e`. */
  source(e: Expr): Source {
    const one = this.single(e);
    if (one) return one;
    switch (e.t) {
      case 'lit': return [...e.text].map((ch) => (caseFold(ch).length > 1 ? `[${caseFold(ch)}]` : esc(ch))).join('');
      case 'seq': return e.items.map((i) => this.item(i)).join('');
      case 'alt': return this.choices(this.choiceItems(e.items), (i) => this.source(i), '');
      case 'rep': {
        if (e.max === 0) return '';
        if (e.min === 1 && e.max === 1) return this.source(e.item);
        const q = e.max === Infinity ? (e.min === 0 ? '*' : e.min === 1 ? '+' : `{${e.min},}`)
          : e.min === 0 && e.max === 1 ? '?' : e.min === e.max ? `{${e.min}}` : `{${e.min},${e.max}}`;
        return this.atom(e.item) + q;
      }
      case 'ref': return this.defer && e.name === DEFERRED_RULE ? this.deferred() + '+' : use(e.name);
      default: throw new Error(`generate-lite: no RegExp for a ${e.t} (the RFC 3986 ABNF has none)`);
    }
  }

  /** The class of the characters the deferred rule can hold (it is never empty). */
  private deferred(): string {
    return classSource(this.charsOf(this.rules[DEFERRED_RULE]));
  }

  /**
   * A choice: the one-character alternatives merged into one class (in the place of the first;
   * for a language the order of a choice does not matter), each other alternative by `each`.
   * `suffix` follows the merged class (`?` in a prefix source).
   */
  private choices(items: readonly Expr[], each: (e: Expr) => Source, suffix: string): Source {
    const set = new Uint8Array(128);
    const parts: Source[] = [];
    let merged = -1;
    for (const i of items) {
      const one = singleCharSet(this.rules, i);
      if (one) {
        one.forEach((v, c) => (set[c] |= v));
        if (merged < 0) merged = parts.push('') - 1;
      } else parts.push(each(i));
    }
    if (merged >= 0) parts[merged] = classSource(set) + suffix;
    return parts.join('|');
  }

  /**
   * A RegExp source of the prefixes of the language of `e` (the empty string included):
   *   prefixes(c)        = c?                      (one character)
   *   prefixes(a b)      = a prefixes(b) | prefixes(a)
   *   prefixes(a / b)    = prefixes(a) | prefixes(b)
   *   prefixes(n*m a)    = (a){0,m-1} prefixes(a)  (the last copy may be cut short)
   */
  prefix(e: Expr): Source {
    const one = this.single(e);
    if (one) return one + '?';
    switch (e.t) {
      case 'lit': return [...e.text].reduceRight((rest, ch) => `(?:${this.source({ t: 'lit', text: ch })}${rest})?`, '');
      case 'seq': {
        if (e.items.length === 0) return '';
        if (e.items.length === 1) return this.prefix(e.items[0]);
        const [first, ...rest] = e.items;
        return `(?:${this.item(first)}${this.prefix({ t: 'seq', items: rest })}|${this.prefix(first)})`;
      }
      case 'alt': return `(?:${this.choices(this.choiceItems(e.items), (i) => this.prefix(i), '?')})`;
      case 'rep': {
        if (e.max === 0) return '';
        if (e.max === 1) return this.prefix(e.item);
        return `${this.atom(e.item)}${e.max === Infinity ? '*' : `{0,${e.max - 1}}`}${this.prefix(e.item)}`;
      }
      case 'ref': return this.defer && e.name === DEFERRED_RULE ? this.deferred() + '*' : use(this.prefixName(e.name));
      default: throw new Error(`generate-lite: no prefix RegExp for a ${e.t}`);
    }
  }
}

/** The rules `names` refer to, directly or not, each after those it refers to (the grammar has no recursion). */
function ordered(names: readonly string[], refs: (name: string) => string[]): string[] {
  const out: string[] = [];
  const visit = (n: string): void => {
    if (out.includes(n)) return;
    for (const r of refs(n)) visit(r);
    out.push(n);
  };
  names.forEach(visit);
  return out;
}

/** The `\0name\0` references of a source. */
const refsOf = (s: Source): string[] => [...s.matchAll(/\0([^\0]*)\0/g)].map((m) => m[1]);

/** A JavaScript identifier for a rule's constant. */
const ident = (ref: string): string => ref.replace(/-/g, '_');
const key = (n: string): string => (/^[A-Za-z_]\w*$/.test(n) ? n : JSON.stringify(n));

/** A source as a JavaScript expression: string literals joined by `+` with the rules' constants. */
function expression(s: Source): string {
  return s.split('\0').map((part, i) => (i % 2 ? ident(part) : part && JSON.stringify(part))).filter(Boolean).join(' + ') || '""';
}

export function liteModuleText(): string {
  const { rules, names } = readGrammar(RFC3986_ABNF);
  const deferring = new Generator(rules, true);
  const full = new Map<string, Source>(names.map((n) => [n, deferring.source(rules[n])]));
  // Every rule has a constant, even a one-character one (its class): the table names all 36.
  const fullOrder = ordered(names, (n) => refsOf(full.get(n)!));
  const deferred = names.filter((n) => n !== DEFERRED_RULE && deferring.reaches(rules[n]));
  // Prefix sources: the four rules with IPv6address deferred (p_…), and IP-literal exact
  // (x_… for the rules that hold IPv6address, p_… for the others, which are the same in both).
  const exact = new Generator(rules, false, (n) => (n === DEFERRED_RULE || deferring.reaches(rules[n]) ? 'x_' : 'p_') + n);
  const prefix = new Map<string, Source>();
  const prefixRefs = (ref: string): string[] => {
    const m = /^([px])_(.*)$/.exec(ref);
    if (!m) return [];
    if (!prefix.has(ref)) prefix.set(ref, (m[1] === 'x' ? exact : deferring).prefix(rules[m[2]]));
    return refsOf(prefix.get(ref)!);
  };
  const prefixOrder = ordered([...PREFIX_RULES.map((n) => 'p_' + n), 'x_IP-literal'], prefixRefs).filter((r) => prefix.has(r));
  const used = names.filter((n) => prefixOrder.some((p) => refsOf(prefix.get(p)!).includes(n)));
  return [
    '// Generated by scripts/generate-lite.ts (`npm run generate`) from grammar/rfc3986.abnf: do not edit.',
    '// test/generated/liteRegexps-is-current.test.ts checks that it is current. Read by src/lite/rules.ts and src/lite/errors.ts.',
    '',
    '/**',
    ' * A RegExp source (not anchored) of each rule\'s language, RFC 3986 Appendix A; in the rules of',
    ` * DEFERRED, ${DEFERRED_RULE} is the run of the characters it may hold, checked apart.`,
    ' */',
    'export function ruleSources(): Readonly<Record<string, string>> {',
    ...fullOrder.map((n) => `  const ${ident(n)} = ${expression(full.get(n)!)};`),
    '  return {',
    ...names.map((n) => `    ${key(n)}: ${ident(n)},`),
    '  };',
    '}',
    '',
    `/** The rules whose source holds ${DEFERRED_RULE} as a run of its characters (inside an IP-literal). */`,
    `export const DEFERRED: readonly string[] = ${JSON.stringify(deferred)};`,
    '',
    '/**',
    ' * A RegExp source of the prefixes of the language (every string a continuation can make a',
    ' * match) of each rule `parse` reads, with IPv6address deferred as in ruleSources, and of',
    ' * IP-literal, exact; from the rules\' sources `r` (ruleSources()).',
    ' */',
    'export function prefixSources(r: Readonly<Record<string, string>>): Readonly<Record<string, string>> {',
    `  const { ${used.map((n) => (key(n) === n ? n : `${key(n)}: ${ident(n)}`)).join(', ')} } = r;`,
    ...prefixOrder.map((p) => `  const ${ident(p)} = ${expression(prefix.get(p)!)};`),
    '  return {',
    ...PREFIX_RULES.map((n) => `    ${key(n)}: ${ident('p_' + n)},`),
    `    "IP-literal": x_IP_literal,`,
    '  };',
    '}',
    '',
  ].join('\n');
}

if (require.main === module) {
  fs.writeFileSync(liteFile(), liteModuleText());
  process.stdout.write(`wrote ${path.relative(process.cwd(), liteFile())}\n`);
}
