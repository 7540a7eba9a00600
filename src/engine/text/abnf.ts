/**
 * Grammar text in, grammar expressions out: RFC 5234 ABNF (with errata 2968 and 3076) and
 * RFC 7405's `%s"…"` / `%i"…"`, read by hand in one pass.
 *
 * - `=` and `=/` (incremental alternatives), comments, CRLF or LF line ends, continuation
 *   lines (a line that begins with white space continues the rule above it; blank and
 *   comment-only lines between them are skipped), and text indented as a whole (as RFCs
 *   print grammars).
 * - `%b` / `%d` / `%x` values with `.` concatenation and `-` ranges; values above 0x7F are
 *   Unicode code points (up to 0x10FFFF).
 * - `n*m`, `n`, `*` repetitions, `[ ]`, `( )`, case-insensitive quoted strings.
 * - The core rules of RFC 5234 Appendix B.1 without being defined (inlined, so they give no
 *   tree nodes; a text that defines one uses its own definition).
 * - Rule names are case-insensitive (RFC 5234 2.1): a reference may spell a rule in any
 *   case, and the grammar reports the spelling of the definition.
 *
 * Refused, with an `AbnfSyntaxError` that says where: text that is not ABNF, a rule used but
 * not defined, a rule defined twice with `=`, left recursion (a rule that calls itself before
 * reading a character; ./check.ts: other recursion runs on ../recursive/ends.ts), and prose values `<…>`, which cannot be run —
 * except under a repetition of at most zero (`0<pchar>`, RFC 3986's `path-empty`), which is
 * the empty string. The notation (what separates alternatives, what a rule name may contain)
 * is pluggable (./notation.ts).
 */
import { AbnfSyntaxError, type AbnfProblem } from '../errors';
import { alt, caseFold, codePoints, empty, lit, ref, rep, seq, type Expr, type Rules } from '../expr';
import { checkGrammar } from './check';
import { RuleGrammar, type RuleGrammarOptions } from '../grammar/grammar';
import { readOptions } from '../options';
import { ABNF, notationByName, notationNames, type Notation, type NotationReader } from './notation';
import { RFC2396_NOTATION } from './notationRfc2396';
import { quickRuns } from '../grammar/quickRuns';

/** A grammar read from text: its rules in the order defined, and what was written for each. */
export interface ReadGrammar {
  /** Rule names as their definitions spell them, in the order defined. */
  readonly names: readonly string[];
  readonly rules: Rules;
  /** Each rule's definition as written (its `=` line and any `=/` lines, continuation lines and all). */
  readonly texts: ReadonlyMap<string, string>;
  /** The rules that reach recursion (./check.ts found them). */
  readonly reachesRecursion: readonly string[];
}

const MAX_CODE_POINT = 0x10ffff;

/** The core rules of RFC 5234 Appendix B.1, under their names. */
function coreRule(name: string): Expr | undefined {
  const one = (lo: number, hi = lo) => codePoints([lo, hi], name);
  switch (name) {
    case 'ALPHA': return codePoints([0x41, 0x5a, 0x61, 0x7a], name); // %x41-5A / %x61-7A
    case 'BIT': return codePoints([0x30, 0x31], name); // "0" / "1"
    case 'CHAR': return one(0x01, 0x7f); // %x01-7F
    case 'CR': return one(0x0d); // %x0D
    case 'CRLF': return seq(one(0x0d), codePoints([0x0a, 0x0a], 'LF')); // CR LF
    case 'CTL': return codePoints([0x00, 0x1f, 0x7f, 0x7f], name); // %x00-1F / %x7F
    case 'DIGIT': return one(0x30, 0x39); // %x30-39
    case 'DQUOTE': return one(0x22); // %x22
    case 'HEXDIG': return codePoints([0x30, 0x39, 0x41, 0x46, 0x61, 0x66], name); // DIGIT / "A" / … / "F"
    case 'HTAB': return one(0x09); // %x09
    case 'LF': return one(0x0a); // %x0A
    // LWSP = *(WSP / CRLF WSP)
    case 'LWSP': return rep(alt(codePoints([0x09, 0x09, 0x20, 0x20], 'WSP'), seq(codePoints([0x0d, 0x0d], 'CRLF'), codePoints([0x0a, 0x0a], 'LF'), codePoints([0x09, 0x09, 0x20, 0x20], 'WSP'))));
    case 'OCTET': return one(0x00, 0xff); // %x00-FF
    case 'SP': return one(0x20); // %x20
    case 'VCHAR': return one(0x21, 0x7e); // %x21-7E
    case 'WSP': return codePoints([0x09, 0x09, 0x20, 0x20], name); // SP / HTAB
    default: return undefined;
  }
}
export const CORE_RULES = Object.freeze(['ALPHA', 'BIT', 'CHAR', 'CR', 'CRLF', 'CTL', 'DIGIT', 'DQUOTE', 'HEXDIG', 'HTAB', 'LF', 'LWSP', 'OCTET', 'SP', 'VCHAR', 'WSP']);

interface Definition {
  name: string;
  body: Expr;
  /** Offsets of the source text of each definition. */
  spans: Array<[number, number]>;
  at: number;
}

/** Where each reference was written (for errors about it). */
export type RefPositions = WeakMap<Expr, { at: number; rule: string }>;

export function readGrammar(text: string, notationOption: string | Notation = 'abnf'): ReadGrammar {
  if (typeof text !== 'string') throw new TypeError(`compileAbnf: argument "text" must be a string, got ${text === null ? 'null' : typeof text}`);
  const notation = typeof notationOption === 'string' ? notationByName(notationOption) : notationOption;
  if (!notation || typeof notation !== 'object' || typeof notation.isNameChar !== 'function') {
    throw new TypeError(`compileAbnf: option "notation" must be one of ${notationNames().join(', ')} or a Notation object, got ${JSON.stringify(notationOption)}`);
  }
  return new Reader(text, ownNotation(notation), NAME_RUNS.get(notation)).read();
}

/**
 * The rest of a rule name in the built-in notations, as one sticky RegExp: the reader then takes
 * a name in one native step instead of a call per character (a first compile runs cold code,
 * where each call costs). A notation of the user's is asked character by character.
 */
const ABNF_NAME_RUN = /[A-Za-z0-9-]*/y;
const NAME_RUNS = new Map<Notation, RegExp>([[ABNF, ABNF_NAME_RUN], [RFC2396_NOTATION, /[A-Za-z0-9_-]*/y]]);

/**
 * The notation's fields, read as its own (or its class's) properties only, so that a polluted
 * Object.prototype (`Object.prototype.element = …`) steers nothing.
 */
function ownNotation(n: Notation): Notation {
  const proto: unknown = Object.getPrototypeOf(n);
  const field = <K extends keyof Notation>(k: K): Notation[K] | undefined =>
    (Object.prototype.hasOwnProperty.call(n, k) || (proto !== null && proto !== Object.prototype) ? n[k] : undefined);
  const isNameChar = field('isNameChar');
  const element = field('element');
  const alternation = field('alternation');
  if (typeof isNameChar !== 'function' || typeof alternation !== 'string') {
    throw new TypeError('compileAbnf: option "notation" must be a Notation object ({ name, alternation, isNameChar, element? })');
  }
  return {
    name: String(field('name')),
    alternation,
    isNameChar: (ch) => isNameChar.call(n, ch),
    caseSensitiveStrings: field('caseSensitiveStrings') === true,
    element: typeof element === 'function' ? (r) => element.call(n, r) : undefined,
  };
}

/** How deep `( )` and `[ ]` may nest in a rule (MAX_GROUP_NESTING); past it, an AbnfSyntaxError. */
export const MAX_GROUP_NESTING = 200;

/** Sticky RegExps for runs the reader takes in one step. */
const WSP = /[ \t]*/y;
/** A blank or comment-only line, with its line end. */
const BLANK_LINE = /[ \t]*(?:;[^\n]*)?\n/y;
const DIGITS = /[0-9]*/y;
const QUOTED = /[\x20\x21\x23-\x7e]*/y;

/** ALPHA (RFC 5234 B.1), by code unit. */
const isAlpha = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/** A line that begins a rule: a name, then "=" (or "=/"), after any indentation. */
const RULE_START = /^[ \t]*[A-Za-z][A-Za-z0-9_-]*[ \t]*=/;

class Reader implements NotationReader {
  /** The text with line ends made LF and the common indentation removed. */
  private readonly src: string;
  /** Per line of `src`: its start offset, and how many columns were removed from it. */
  private readonly lineStarts: number[] = [];
  private readonly removed: number[] = [];
  private readonly originalLines: string[];
  private pos = 0;
  private readonly defs = new Map<string, Definition>();
  private readonly order: string[] = [];
  private readonly refs: RefPositions = new WeakMap();
  /** Inside a repetition of at most zero: prose allowed, references not needed. */
  private zero = 0;
  private currentRule = '';
  /** How deep the groups and options being read nest. */
  private nesting = 0;

  constructor(text: string, private readonly notation: Notation, private readonly nameRun?: RegExp) {
    this.originalLines = text.split(/\r\n|\n|\r/);
    const indents = this.originalLines
      .filter((l) => /\S/.test(l) && !/^[ \t]*;/.test(l))
      .map((l) => /^[ \t]*/.exec(l)![0].length);
    const common = indents.length ? Math.min(...indents) : 0;
    const lines: string[] = [];
    let offset = 0;
    for (const l of this.originalLines) {
      // A line that begins `name =` or `name =/` begins a rule wherever it is indented ("=" cannot
      // stand inside a rule's body): RFCs print some rules less or more indented than the rest
      // (RFC 8259 prints `array` at 3 spaces, its other rules at 6).
      const indent = /^[ \t]*/.exec(l)![0].length;
      const cut = RULE_START.test(l) ? indent : Math.min(common, indent);
      this.lineStarts.push(offset);
      this.removed.push(cut);
      lines.push(l.slice(cut));
      offset += l.length - cut + 1;
    }
    this.src = lines.join('\n');
  }

  // --- NotationReader ---
  peek(offset = 0): string { return this.src[this.pos + offset] ?? ''; }
  advance(count = 1): void { this.pos += count; }
  fail(reason: string, offset = 0, problem: AbnfProblem = 'syntax'): never {
    throw this.errorAt(this.pos + offset, reason, problem);
  }

  errorAt(at: number, reason: string, problem: AbnfProblem): AbnfSyntaxError {
    let line = 0;
    while (line + 1 < this.lineStarts.length && this.lineStarts[line + 1] <= at) line++;
    const column = at - this.lineStarts[line] + this.removed[line] + 1;
    return new AbnfSyntaxError(reason, problem, line + 1, column, this.originalLines[line]);
  }

  read(): ReadGrammar {
    for (;;) {
      this.skipBlankLines();
      if (this.pos >= this.src.length) break;
      this.rule();
    }
    const texts = new Map<string, string>();
    const rules: Record<string, Expr> = Object.create(null);
    for (const key of this.order) {
      const d = this.defs.get(key)!;
      texts.set(d.name, d.spans.map(([a, b]) => this.src.slice(a, b).replace(/\s+$/, '')).join('\n'));
      rules[d.name] = d.body;
    }
    const checked = checkGrammar(rules, this.refs, (at, reason, problem) => this.errorAt(at, reason, problem), coreRule);
    return { names: this.order.map((k) => this.defs.get(k)!.name), rules: checked.rules, texts, reachesRecursion: checked.reachesRecursion };
  }

  /** Skips lines that hold only white space or a comment. */
  private skipBlankLines(): void {
    for (;;) {
      const m = /[ \t]*(;[^\n]*)?(\n|$)/y;
      m.lastIndex = this.pos;
      const r = m.exec(this.src);
      if (!r || r[0].length === 0) return;
      this.pos += r[0].length;
      if (this.pos >= this.src.length) return;
    }
  }

  private rule(): void {
    const start = this.pos;
    if (/[ \t]/.test(this.peek())) this.fail('a continuation line with no rule before it (a rule name begins at the left margin)');
    const name = this.rulename('a rule name');
    this.currentRule = name;
    this.wsp();
    let incremental = false;
    if (this.peek() === '=' && this.peek(1) === '/') { incremental = true; this.advance(2); }
    else if (this.peek() === '=') this.advance();
    else this.fail(`expected "=" or "=/" after the rule name ${name}${this.mistake()}`);
    this.ws();
    const body = this.alternation();
    this.ws();
    if (this.peek() === ';') this.comment();
    if (this.pos < this.src.length && this.peek() !== '\n') this.fail(`unexpected ${describe(this.peek())} in rule ${name}${this.mistake()}`);
    const key = name.toLowerCase();
    const prev = this.defs.get(key);
    if (incremental) {
      if (!prev) throw this.errorAt(start, `"=/" adds alternatives to ${name}, which is not defined above`, 'undefined-rule');
      const items = [...(prev.body.t === 'alt' ? prev.body.items : [prev.body]), ...(body.t === 'alt' ? body.items : [body])];
      prev.body = alt(...items);
      prev.spans.push([start, this.pos]);
    } else {
      if (prev) {
        const line = this.errorAt(prev.at, '', 'duplicate').line;
        throw this.errorAt(start, `rule ${name} is defined twice (first at line ${line}); use "=/" to add alternatives`, 'duplicate');
      }
      this.defs.set(key, { name, body, spans: [[start, this.pos]], at: start });
      this.order.push(key);
    }
  }

  /**
   * What a writer of another notation most likely meant by the character here, in ABNF: `|` for
   * `/` (RFC 2396's and BNF's alternatives), `_` in a rule name (RFC 2396's `abs_path`). '' for
   * anything else, and in any other notation.
   */
  private mistake(): string {
    if (this.nameRun !== ABNF_NAME_RUN) return ''; // the reader's notation is ABNF itself (its copy: ownNotation)
    const c = this.peek();
    if (c === '|') return '; ABNF separates alternatives with /; for RFC 2396\'s notation use --notation rfc2396';
    if (c === '_' && this.pos > 0 && /[A-Za-z0-9-]/.test(this.src[this.pos - 1])) {
      // The whole name as written, and as ABNF spells it (RFC 5234 4: rulename = ALPHA *(ALPHA / DIGIT / "-")).
      let a = this.pos;
      while (a > 0 && /[A-Za-z0-9_-]/.test(this.src[a - 1])) a--;
      const b = /[A-Za-z0-9_-]*/y;
      b.lastIndex = this.pos;
      b.test(this.src);
      const written = this.src.slice(a, b.lastIndex);
      return `; "_" is not allowed in an ABNF rule name (letters, digits and "-"): write ${written.replace(/_/g, '-')} for ${written}`;
    }
    return '';
  }

  private rulename(what: string): string {
    const start = this.pos;
    if (!isAlpha(this.src.charCodeAt(start))) this.fail(`expected ${what}, found ${describe(this.peek())}`);
    this.advance();
    if (this.nameRun) this.skip(this.nameRun);
    else while (this.peek() && this.notation.isNameChar(this.peek())) this.advance();
    return this.src.slice(start, this.pos);
  }

  /** Past what the sticky RegExp `run` matches here (possibly nothing). */
  private skip(run: RegExp): void {
    run.lastIndex = this.pos;
    run.test(this.src);
    this.pos = run.lastIndex;
  }

  /** Spaces and tabs. */
  private wsp(): void {
    this.skip(WSP);
  }

  /** A comment, up to (not including) its line end. */
  private comment(): void {
    const end = this.src.indexOf('\n', this.pos);
    this.pos = end < 0 ? this.src.length : end;
  }

  /**
   * `*c-wsp`: white space, comments, and line ends followed (after any blank or comment-only
   * lines) by a line that begins with white space. Stops before a line end that ends the rule.
   */
  private ws(): void {
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\t') this.wsp();
      else if (c === ';') this.comment();
      else if (c === '\n') {
        const save = this.pos;
        this.advance();
        this.skipBlankLinesFrom();
        if (this.peek() === ' ' || this.peek() === '\t') continue;
        this.pos = save;
        return;
      } else return;
    }
  }

  private skipBlankLinesFrom(): void {
    // One sticky RegExp and `test` (no match array): a reader meets this at every line end.
    for (BLANK_LINE.lastIndex = this.pos; BLANK_LINE.test(this.src); ) this.pos = BLANK_LINE.lastIndex;
  }

  private alternation(): Expr {
    const items = [this.concatenation()];
    for (;;) {
      const save = this.pos;
      this.ws();
      if (this.peek() && this.notation.alternation.includes(this.peek())) {
        this.advance();
        this.ws();
        items.push(this.concatenation());
      } else {
        this.pos = save;
        break;
      }
    }
    return items.length === 1 ? items[0] : alt(...items);
  }

  private startsElement(c: string): boolean {
    return /^[A-Za-z0-9*("%<[]$/.test(c) && c !== '' ;
  }

  private concatenation(): Expr {
    const items = [this.repetition()];
    for (;;) {
      const save = this.pos;
      this.ws();
      const c = this.peek();
      // Elements are separated by white space (RFC 5234 4: 1*c-wsp).
      if (this.pos > save && c && (this.startsElement(c) || (this.notation.element && !this.notation.alternation.includes(c) && !')];\n'.includes(c)))) {
        items.push(this.repetition());
      } else {
        this.pos = save;
        break;
      }
    }
    return items.length === 1 ? items[0] : seq(...items);
  }

  repetition(): Expr {
    const start = this.pos;
    const digits = (): number | undefined => {
      const s = this.pos;
      this.skip(DIGITS);
      return this.pos > s ? Number(this.src.slice(s, this.pos)) : undefined;
    };
    const lo = digits();
    let min = 1;
    let max = 1;
    if (this.peek() === '*') {
      this.advance();
      const hi = digits();
      min = lo ?? 0;
      max = hi ?? Infinity;
    } else if (lo !== undefined) {
      min = max = lo;
    }
    if (min > max) throw this.errorAt(start, `repetition ${this.src.slice(start, this.pos)}: the minimum is greater than the maximum`, 'syntax');
    if (!Number.isSafeInteger(min) || (max !== Infinity && !Number.isSafeInteger(max))) throw this.errorAt(start, 'repetition count too large', 'syntax');
    if (this.pos > start && !this.peek().trim()) this.fail('expected an element after the repetition count');
    if (max === 0) this.zero++;
    let e: Expr;
    try {
      e = this.element();
    } finally {
      if (max === 0) this.zero--;
    }
    if (max === 0) return empty;
    return min === 1 && max === 1 ? e : rep(e, min, max);
  }

  private element(): Expr {
    const c = this.peek();
    if (isAlpha(this.src.charCodeAt(this.pos))) {
      const at = this.pos;
      const name = this.rulename('a rule name');
      const r = ref(name);
      if (!this.zero) this.refs.set(r, { at, rule: this.currentRule });
      return r;
    }
    if (c === '(' || c === '[') {
      const close = c === '(' ? ')' : ']';
      // A documented limit, not a stack overflow: the reader and the compilers recurse on how
      // deep groups nest, and no grammar an RFC prints comes near it.
      if (this.nesting >= MAX_GROUP_NESTING) {
        this.fail(`groups and options nest more than ${MAX_GROUP_NESTING} deep here (the limit of the grammar reader); write the inner part as a rule of its own`);
      }
      this.nesting++;
      this.advance();
      this.ws();
      const inner = this.alternation();
      this.nesting--;
      this.ws();
      if (this.peek() !== close) this.fail(`expected ${JSON.stringify(close)}, found ${describe(this.peek())}${this.mistake()}`);
      this.advance();
      return c === '(' ? inner : rep(inner, 0, 1);
    }
    if (c === '"') return this.quoted(this.notation.caseSensitiveStrings === true);
    if (c === '%') {
      const kind = this.peek(1).toLowerCase();
      if ((kind === 's' || kind === 'i') && this.peek(2) === '"') {
        this.advance(2);
        return this.quoted(kind === 's');
      }
      return this.numVal();
    }
    if (c === '<') {
      const start = this.pos;
      this.advance();
      while (this.peek() && this.peek() !== '>' && this.peek() !== '\n') this.advance();
      if (this.peek() !== '>') this.fail('unterminated prose value: expected ">"');
      this.advance();
      if (!this.zero) {
        throw this.errorAt(start, `prose value ${this.src.slice(start, this.pos)} in rule ${this.currentRule} cannot be run: write it in ABNF (only 0<…>, the empty string, is accepted)`, 'prose');
      }
      return empty;
    }
    if (this.notation.element) {
      const e = this.notation.element(this);
      if (e) return e;
    }
    return this.fail(c === '' || c === '\n' ? 'expected an element, found the end of the line' : `expected an element, found ${describe(c)}`);
  }

  private quoted(caseSensitive: boolean): Expr {
    this.advance(); // the opening quote
    const start = this.pos;
    // SP and VCHAR but the quote, in one step; then the checks below on what stopped it.
    this.skip(QUOTED);
    for (;;) {
      const c = this.peek();
      if (c === '"') break;
      if (c === '' || c === '\n') this.fail('unterminated quoted string: expected \'"\' before the end of the line');
      const code = c.charCodeAt(0);
      if (code < 0x20 || code > 0x7e) this.fail(`${describe(c)} cannot appear in a quoted string (only SP and VCHAR; use a %x value)`);
      this.advance();
    }
    const text = this.src.slice(start, this.pos);
    this.advance();
    if (!caseSensitive || !/[A-Za-z]/.test(text)) return lit(text);
    const items = [...text].map((ch) => codePoints([ch.charCodeAt(0), ch.charCodeAt(0)], JSON.stringify(ch)));
    return items.length === 1 ? items[0] : seq(...items);
  }

  private numVal(): Expr {
    const start = this.pos;
    this.advance(); // %
    const kind = this.peek().toLowerCase();
    const base = kind === 'b' ? 2 : kind === 'd' ? 10 : kind === 'x' ? 16 : 0;
    if (!base) this.fail(`expected b, d or x after "%", found ${describe(this.peek())}`, 0);
    const prefix = this.src.slice(start, this.pos + 1);
    this.advance();
    const digit = base === 2 ? /[01]/ : base === 10 ? /[0-9]/ : /[0-9A-Fa-f]/;
    const number = (): number => {
      const s = this.pos;
      while (this.peek() && digit.test(this.peek())) this.advance();
      if (this.pos === s) this.fail(`expected a ${base === 2 ? 'binary' : base === 10 ? 'decimal' : 'hexadecimal'} digit, found ${describe(this.peek())}`);
      const v = parseInt(this.src.slice(s, this.pos), base);
      if (!(v <= MAX_CODE_POINT)) throw this.errorAt(s, `value ${this.src.slice(s, this.pos)} is above U+10FFFF, the last code point`, 'syntax');
      return v;
    };
    const first = number();
    if (this.peek() === '-') {
      this.advance();
      const last = number();
      if (last < first) throw this.errorAt(start, `range ${this.src.slice(start, this.pos)} is empty (its end is below its start)`, 'syntax');
      return codePoints([first, last], this.src.slice(start, this.pos));
    }
    const values = [first];
    const texts = [this.src.slice(start, this.pos)];
    while (this.peek() === '.') {
      this.advance();
      const s = this.pos;
      values.push(number());
      texts.push(prefix + this.src.slice(s, this.pos));
    }
    const items = values.map((v, k) => codePoints([v, v], texts[k]));
    return items.length === 1 ? items[0] : seq(...items);
  }
}

function describe(c: string): string {
  if (c === '') return 'the end of the text';
  if (c === '\n') return 'the end of the line';
  return JSON.stringify(c);
}

export { caseFold };

export interface CompileOptions<R extends string = string> {
  /**
   * The grammar's rule names, all of them, spelled as the text spells them (a TypeError when they
   * are not exactly its rules). With them the grammar's type is `RuleGrammar<R>`: a
   * rule name that is not one of them is a compile error, and trees narrow on `rule`.
   */
  rules?: readonly R[];
  /** The notation of the text: `abnf` (default), another registered one, or a Notation object. */
  notation?: string | Notation;
  /** The grammar's name. */
  name?: string;
  /** Character-level rules: tree nodes only with `{ lexical: true }`. Default: none. */
  lexicalRules?: readonly string[];
  /** Rules whose names an error uses for the characters that begin them. Default: none. */
  labelRules?: readonly string[];
  /**
   * For recursive rules: how many rule calls may be in progress at once (nesting depth) before a
   * `NestingLimitError` (a RangeError). Default 5,000; at least 1.
   */
  maxNesting?: number;
  /**
   * For recursive rules: how many steps per character of input the run may take before a
   * `WorkLimitError` (a RangeError): what stops a grammar as ambiguous as `s = "a" s s / ""`
   * (cubic) within a second. Default 2,000; at least 1.
   */
  workLimit?: number;
}

/**
 * A `Grammar` (a `RuleGrammar`) from grammar text (RFC 5234 ABNF by default). An `AbnfSyntaxError` for text that
 * cannot be run (see the header); a `TypeError` for arguments of the wrong type.
 */
export function compileAbnf<const R extends string = string>(text: string, options: CompileOptions<R> = {}): RuleGrammar<R> {
  return compileAbnfWith(text, options, {});
}

/** compileAbnf, with options of the grammar no caller gives (the library's own grammars: where their limits are raised). */
export function compileAbnfWith<const R extends string = string>(text: string, options: CompileOptions<R>, extra: Pick<RuleGrammarOptions, 'limitsHow'>): RuleGrammar<R> {
  // Own properties only, known keys, right types (src/engine/options.ts).
  const o = readOptions('compileAbnf', options, { rules: 'array', notation: 'any', name: 'string', lexicalRules: 'array', labelRules: 'array', maxNesting: 'count', workLimit: 'count' });
  // What fromCompiled refuses is refused here too: a limit of 0 would refuse every recursive input.
  for (const k of ['maxNesting', 'workLimit'] as const) {
    if (o[k] === 0) throw new TypeError(`compileAbnf: option "${k}" must be a positive integer (at least 1), got 0`);
  }
  const read = readGrammar(text, (o.notation as string | Notation | undefined) ?? ABNF);
  const known = (list: readonly string[] | undefined, option: string): string[] => {
    if (list === undefined) return [];
    if (!Array.isArray(list)) throw new TypeError(`compileAbnf: option "${option}" must be an array of rule names`);
    return list.map((n: unknown) => {
      if (typeof n !== 'string') throw new TypeError(`compileAbnf: option "${option}" must hold rule names (strings), got ${typeof n}`);
      const r = read.names.find((x) => x.toLowerCase() === n.toLowerCase());
      if (!r) throw new TypeError(`compileAbnf: option "${option}": ${JSON.stringify(n)} is not a rule of the grammar`);
      return r;
    });
  };
  if (o.rules !== undefined) expectRules(o.rules as readonly unknown[], known(o.rules as readonly string[], 'rules'), read.names);
  const notation = typeof o.notation === 'string' ? notationByName(o.notation) : (o.notation as Notation | undefined);
  // `rules`, when given, was checked to be these names, as the text spells them.
  return new RuleGrammar<R>(read.rules as Rules<R>, read.names as R[], {
    name: o.name,
    alternation: notation?.alternation?.[0] ?? '/',
    maxNesting: o.maxNesting as number | undefined,
    workLimit: o.workLimit as number | undefined,
    texts: read.texts,
    lexicalRules: known(o.lexicalRules as readonly string[] | undefined, 'lexicalRules'),
    labelRules: known(o.labelRules as readonly string[] | undefined, 'labelRules'),
    reachesRecursion: read.reachesRecursion,
    // Nothing is made ahead of time: the first verdicts and trees by the search.
    quick: quickRuns,
    ...extra,
  });
}

/**
 * A TypeError unless `given` (the option `rules`, each found in the grammar as `named`) names
 * exactly the grammar's rules, each once and spelled as the text spells it: they become the types
 * of the names the grammar hands out (a tree's `rule`, `rules`), which are the text's.
 */
function expectRules(given: readonly unknown[], named: readonly string[], names: readonly string[]): void {
  given.forEach((r, k) => {
    if (named[k] !== r) throw new TypeError(`compileAbnf: option "rules": ${JSON.stringify(r)} must be spelled as the grammar spells it, ${JSON.stringify(named[k])} (the names the grammar hands out are typed by these)`);
    if (named.indexOf(named[k]) !== k) throw new TypeError(`compileAbnf: option "rules": ${JSON.stringify(r)} is named twice`);
  });
  const missing = names.filter((n) => !named.includes(n));
  if (missing.length) throw new TypeError(`compileAbnf: option "rules" must name every rule of the grammar; missing: ${missing.map((n) => JSON.stringify(n)).join(', ')}`);
}
