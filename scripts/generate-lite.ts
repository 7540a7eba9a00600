/**
 * Writes src/generated/liteRegexps.ts, the RegExp sources of `uri-grammar/lite` (src/lite/), from
 * grammar/rfc3986.abnf as the RFC prints it (no PEG guards: for a verdict only the language
 * matters, and an anchored JavaScript RegExp, which backtracks into every alternative, accepts
 * exactly the language of the expression). Run by `npm run generate`;
 * test/lite/generated.test.ts fails when the file is not what this script writes today.
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
import { readGrammar } from '../src/engine/abnf';
import { caseFold, type Expr, type Rules } from '../src/engine/expr';
import { classSource, singleCharSet } from '../src/engine/regexp';
import { RFC3986_ABNF } from '../grammar/texts';

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
const use = (name: string, prefix = false): Source => `\0${prefix ? 'p_' : ''}${name}\0`;

const SPECIAL = /[\\^$.*+?()[\]{}|]/;
const esc = (ch: string): string => (SPECIAL.test(ch) ? '\\' + ch : ch);

class Generator {
  constructor(private readonly rules: Rules) {}

  /** The characters of `e` when it is always exactly one character (a class in a RegExp). */
  single(e: Expr): string | undefined {
    const set = singleCharSet(this.rules, e);
    return set && classSource(set);
  }

  /** Is the top level of `e`'s source a choice (which needs a group inside a sequence)? */
  private choice(e: Expr): boolean {
    if (this.single(e)) return false;
    if (e.t === 'ref') return this.choice(this.rules[e.name]);
    return e.t === 'alt' && e.items.filter((i) => !this.single(i)).length + (e.items.some((i) => this.single(i)) ? 1 : 0) > 1;
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
      case 'alt': return this.choices(e.items, (i) => this.source(i), '');
      case 'rep': {
        if (e.max === 0) return '';
        if (e.min === 1 && e.max === 1) return this.source(e.item);
        const q = e.max === Infinity ? (e.min === 0 ? '*' : e.min === 1 ? '+' : `{${e.min},}`)
          : e.min === 0 && e.max === 1 ? '?' : e.min === e.max ? `{${e.min}}` : `{${e.min},${e.max}}`;
        return this.atom(e.item) + q;
      }
      case 'ref': return use(e.name);
      default: throw new Error(`generate-lite: no RegExp for a ${e.t} (the RFC 3986 ABNF has none)`);
    }
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
      case 'alt': return `(?:${this.choices(e.items, (i) => this.prefix(i), '?')})`;
      case 'rep': {
        if (e.max === 0) return '';
        if (e.max === 1) return this.prefix(e.item);
        return `${this.atom(e.item)}${e.max === Infinity ? '*' : `{0,${e.max - 1}}`}${this.prefix(e.item)}`;
      }
      case 'ref': return use(e.name, true);
      default: throw new Error(`generate-lite: no prefix RegExp for a ${e.t}`);
    }
  }
}

/** The rules `names` refer to, directly or not, each after those it refers to (the grammar has no recursion). */
function ordered(rules: Rules, names: readonly string[], refs: (name: string) => string[]): string[] {
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

/** A JavaScript identifier for a rule's constant (`p_` for its prefix source). */
const ident = (ref: string): string => ref.replace(/-/g, '_');

/** A source as a JavaScript expression: string literals joined by `+` with the rules' constants. */
function expression(s: Source): string {
  return s.split('\0').map((part, i) => (i % 2 ? ident(part) : part && JSON.stringify(part))).filter(Boolean).join(' + ') || '""';
}

export function liteModuleText(): string {
  const { rules, names } = readGrammar(RFC3986_ABNF);
  const g = new Generator(rules);
  const full = new Map<string, Source>(names.map((n) => [n, g.source(rules[n])]));
  // Every rule has a constant, even a one-character one (its class): the table names all 36.
  const fullOrder = ordered(rules, names, (n) => refsOf(full.get(n)!));
  const prefix = new Map<string, Source>();
  const prefixRefs = (ref: string): string[] => {
    const n = ref.replace(/^p_/, '');
    if (!ref.startsWith('p_')) return [];
    if (!prefix.has(n)) prefix.set(n, g.prefix(rules[n]));
    return refsOf(prefix.get(n)!);
  };
  const prefixOrder = ordered(rules, PREFIX_RULES.map((n) => 'p_' + n), prefixRefs).filter((r) => r.startsWith('p_'));
  const table = (list: readonly string[], p = ''): string[] => list.map((n) => `    ${/^[A-Za-z_]\w*$/.test(n) ? n : JSON.stringify(n)}: ${p}${ident(n)},`);
  return [
    '// Generated by scripts/generate-lite.ts (`npm run generate`) from grammar/rfc3986.abnf: do not edit.',
    '// test/lite/generated.test.ts checks that it is current. Read by src/lite/rules.ts.',
    '/* eslint-disable */',
    '',
    '/** A RegExp source (not anchored) of each rule\'s language, RFC 3986 Appendix A. */',
    'export function ruleSources(): Readonly<Record<string, string>> {',
    ...fullOrder.map((n) => `  const ${ident(n)} = ${expression(full.get(n)!)};`),
    '  return {',
    ...table(names),
    '  };',
    '}',
    '',
    '/**',
    ' * A RegExp source of the prefixes of the language of each rule `parse` reads (every string a',
    ' * continuation can make a match), from the rules\' sources `r` (ruleSources()).',
    ' */',
    'export function prefixSources(r: Readonly<Record<string, string>>): Readonly<Record<string, string>> {',
    `  const { ${names.filter((n) => prefixOrder.some((p) => refsOf(prefix.get(p.slice(2))!).includes(n))).map((n) => (/^[A-Za-z_]\w*$/.test(n) ? n : `${JSON.stringify(n)}: ${ident(n)}`)).join(', ')} } = r;`,
    ...prefixOrder.map((p) => `  const ${ident(p)} = ${expression(prefix.get(p.slice(2))!)};`),
    '  return {',
    ...table(PREFIX_RULES, 'p_'),
    '  };',
    '}',
    '',
  ].join('\n');
}

if (require.main === module) {
  fs.writeFileSync(liteFile(), liteModuleText());
  process.stdout.write(`wrote ${path.relative(process.cwd(), liteFile())}\n`);
}
