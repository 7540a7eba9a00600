/**
 * The RFC 2396 grammar notation, read into the engine's expressions.
 *
 * RFC 2396 section 1.6: "The grammar is that of [RFC822], except that "|" is used to
 * designate alternatives. Briefly, rules are separated from definitions by an equal "=",
 * indentation is used to continue a rule definition over more than one line, literals are
 * quoted with "", parentheses "(" and ")" are used to group elements, optional elements are
 * enclosed in "[" and "]" brackets, and elements may be preceded with <n>* to designate n or
 * more repetitions of the following element; n defaults to 0."
 *
 * From RFC 822 section 2 this reader also takes `<l>*<m>element` (at most m), `<n>element`
 * (exactly n), `; comment` to the end of a line, and `<">` for the double-quote character.
 * Rule names are RFC 2396's: a letter, then letters, digits, "-" and "_" (`hier_part`,
 * `URI-reference`). Quoted literals match case-insensitively as in ABNF, RFC 822's
 * descendant; Appendix A spells out both cases wherever case matters, so its language is the
 * same either way. Anything else is refused by name (ABNF's "/", %-values, "=/", RFC 822's
 * "#" lists, prose in angle brackets), with its line and column: a grammar this reader cannot
 * run exactly is not half-run.
 *
 * Only the notation lives here; checks (undefined rules, cycles) and compilation are the
 * engine's, shared with the ABNF reader.
 */
import { type Expr, alt, lit, ref, rep, seq } from './expr';

/** One rule as the text defines it. */
export interface NotationRule {
  /** The name as spelled in its definition. */
  readonly name: string;
  readonly expr: Expr;
  /** The definition as written: its lines, the common indentation removed. */
  readonly text: string;
  /** 1-based position of the name in the text. */
  readonly line: number;
  readonly column: number;
}

/** Builds the error for text that is not RFC 2396 notation (1-based line and column). */
export type NotationErrorFactory = (message: string, line: number, column: number) => Error;

const NAME = /[A-Za-z][A-Za-z0-9_-]*/y;

interface Token {
  /** `name`, `num`, `str`, or the punctuation itself: = | ( ) [ ] * */
  readonly k: string;
  readonly v: string;
  readonly line: number;
  readonly column: number;
}

/** The text of a line before a `;` comment that stands outside a quoted literal. */
function stripComment(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"' && !(line.startsWith('<">', i - 1) && !quoted)) quoted = !quoted;
    else if (line[i] === ';' && !quoted) return line.slice(0, i);
  }
  return line;
}

function tokenize(line: string, lineNo: number, fail: NotationErrorFactory): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    const at = { line: lineNo, column: i + 1 };
    if (c === ' ' || c === '\t') {
      i++;
    } else if (/[A-Za-z]/.test(c)) {
      NAME.lastIndex = i;
      const name = NAME.exec(line)![0];
      out.push({ k: 'name', v: name, ...at });
      i += name.length;
    } else if (/[0-9]/.test(c)) {
      const num = /[0-9]+/y;
      num.lastIndex = i;
      const digits = num.exec(line)![0];
      out.push({ k: 'num', v: digits, ...at });
      i += digits.length;
    } else if (c === '"') {
      const end = line.indexOf('"', i + 1);
      if (end < 0) throw fail('unterminated quoted literal (a literal ends on its own line)', lineNo, i + 1);
      out.push({ k: 'str', v: line.slice(i + 1, end), ...at });
      i = end + 1;
    } else if (line.startsWith('<">', i)) {
      // RFC 822's name for the double-quote character, which a quoted literal cannot hold.
      out.push({ k: 'str', v: '"', ...at });
      i += 3;
    } else if (c === '<') {
      const end = line.indexOf('>', i);
      const prose = end < 0 ? line.slice(i) : line.slice(i, end + 1);
      throw fail(`prose value ${prose} describes characters in words; it cannot be run`, lineNo, i + 1);
    } else if (c === '=' && line[i + 1] === '/') {
      throw fail('"=/" is ABNF; RFC 2396 notation defines each rule once', lineNo, i + 1);
    } else if ('=|()[]*'.includes(c)) {
      out.push({ k: c, v: c, ...at });
      i++;
    } else if (c === '/') {
      throw fail('RFC 2396 notation writes alternatives with "|" ("/" is ABNF)', lineNo, i + 1);
    } else if (c === '%') {
      throw fail('RFC 2396 notation has no %-values; write the character as a quoted literal', lineNo, i + 1);
    } else if (c === '#') {
      throw fail('RFC 822 "#" lists are not part of RFC 2396 notation', lineNo, i + 1);
    } else {
      throw fail(`unexpected ${JSON.stringify(c)} in a rule definition`, lineNo, i + 1);
    }
  }
  return out;
}

/** Reads RFC 2396 notation into rules, in text order. */
export function readRfc2396Notation(text: string, fail: NotationErrorFactory): NotationRule[] {
  const lines = text.split(/\r?\n/);
  const indentOf = (l: string) => /^[ \t]*/.exec(l)![0].length;

  // Group lines into definitions: a line indented like the first rule starts one, a line
  // indented further continues it (RFC 2396 1.6).
  const groups: Array<{ first: number; lines: number[] }> = [];
  let base = -1;
  lines.forEach((raw, n) => {
    const code = stripComment(raw);
    if (code.trim() === '') return;
    const indent = indentOf(code);
    if (base < 0) base = indent;
    if (indent < base) throw fail('line starts left of the first rule; indent a grammar as a whole', n + 1, 1);
    if (indent === base) groups.push({ first: n, lines: [n] });
    else if (groups.length === 0) throw fail('continuation line before any rule', n + 1, indent + 1);
    else groups[groups.length - 1].lines.push(n);
  });

  const seen = new Map<string, number>();
  return groups.map((g) => {
    const tokens = g.lines.flatMap((n) => tokenize(stripComment(lines[n]), n + 1, fail));
    const rule = readRule(tokens, fail);
    const key = rule.name.toLowerCase();
    if (seen.has(key)) throw fail(`rule ${rule.name} is defined twice (first on line ${seen.get(key)})`, rule.line, rule.column);
    seen.set(key, rule.line);
    const text = g.lines
      .map((n) => stripComment(lines[n]).replace(/\s+$/, '').slice(base))
      .join('\n');
    return { ...rule, text };
  });
}

function readRule(tokens: Token[], fail: NotationErrorFactory): Omit<NotationRule, 'text'> {
  let i = 0;
  const last = tokens[tokens.length - 1];
  const peek = () => tokens[i];
  const where = (t: Token | undefined): [number, number] =>
    t ? [t.line, t.column] : [last.line, last.column + last.v.length + (last.k === 'str' ? 2 : 0)];
  const expect = (k: string, what: string) => {
    const t = tokens[i];
    if (!t || t.k !== k) throw fail(`expected ${what}`, ...where(t));
    i++;
    return t;
  };

  const head = expect('name', 'a rule name');
  expect('=', '"=" after the rule name');

  function alternation(): Expr {
    const items = [concatenation()];
    while (peek()?.k === '|') {
      i++;
      items.push(concatenation());
    }
    return items.length === 1 ? items[0] : alt(...items);
  }
  function concatenation(): Expr {
    const items: Expr[] = [];
    while (peek() && !['|', ')', ']'].includes(peek().k)) items.push(repetition());
    if (items.length === 0) throw fail('expected an element', ...where(peek()));
    return items.length === 1 ? items[0] : seq(...items);
  }
  function repetition(): Expr {
    let min = 1;
    let max = 1;
    const t = peek();
    if (t.k === 'num' && tokens[i + 1]?.k === '*') {
      // <l>*<m>element
      min = Number(t.v);
      i += 2;
      max = peek()?.k === 'num' ? Number(tokens[i++].v) : Infinity;
    } else if (t.k === '*') {
      i++;
      min = 0;
      max = peek()?.k === 'num' ? Number(tokens[i++].v) : Infinity;
    } else if (t.k === 'num') {
      // <n>element: exactly n
      min = max = Number(t.v);
      i++;
    }
    if (max < min) throw fail(`repetition ${min}*${max} has its maximum below its minimum`, t.line, t.column);
    const e = element();
    return min === 1 && max === 1 ? e : rep(e, min, max);
  }
  function element(): Expr {
    const t = peek();
    if (!t) throw fail('expected an element', ...where(t));
    i++;
    switch (t.k) {
      case 'name':
        return ref(t.v);
      case 'str':
        return t.v === '' ? seq() : lit(t.v);
      case '(': {
        const e = alternation();
        expect(')', '")" to close the group');
        return e;
      }
      case '[': {
        const e = alternation();
        expect(']', '"]" to close the optional part');
        return rep(e, 0, 1);
      }
      default:
        throw fail(`expected an element, found ${JSON.stringify(t.v)}`, t.line, t.column);
    }
  }

  const expr = alternation();
  if (i < tokens.length) throw fail(`unexpected ${JSON.stringify(tokens[i].v)}`, ...where(tokens[i]));
  return { name: head.v, expr, line: head.line, column: head.column };
}
