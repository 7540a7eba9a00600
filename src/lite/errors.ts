/**
 * The syntax error of `uri-grammar/lite`: the main package's `UriSyntaxError` without its
 * `expected` list and caret lines (which need the grammar's automaton). It carries `input`,
 * `rule`, `index` (the same offset as the main package's: the first character at which the
 * input stops being a prefix of anything the rule matches) and the first line of the main
 * package's message, `not a valid URI: at offset 4, found " "`. Its `name` is
 * 'UriSyntaxError', so that code which tests `err.name` handles both.
 */
import { prefixSources } from '../generated/liteRegexps';
import { allSources } from './rules';
import { foundAt } from '../engine/errors';
import { maskSpan, passwordSpan, passwordsRevealed } from '../engine/secrets';

export class UriSyntaxError extends SyntaxError {
  override readonly name: string = 'UriSyntaxError';
  /** The text that was parsed, with a "*" for each character of a password (as the main package's errors show it). */
  readonly input: string;
  constructor(
    input: string,
    /** The rule it was parsed as. */
    readonly rule: string,
    /** Offset of the first character at which `input` stops being a prefix of anything `rule` matches. */
    readonly index: number,
  ) {
    // A password is never shown (src/engine/secrets.ts), in any reading of the text.
    const span = passwordsRevealed() ? undefined : passwordSpan(input, true);
    const shown = span ? maskSpan(input, span) : input;
    super(`not a valid ${rule}: at offset ${index}, ${span && index >= span[0] && index < span[1] ? 'inside the password (redacted)' : foundAt(shown, index)}`);
    this.input = shown;
  }
}

/** Per rule: the prefixes RegExp anchored at the start only, and at both ends. */
const prefixes = new Map<string, [RegExp, RegExp]>();

/**
 * The longest prefix of `input` that is a prefix of the language of `rule` (a key of
 * prefixSources). Prefixes of a language are closed under taking prefixes, so "is input[0, k)
 * a prefix?" is true up to the answer and false after it: the match at the start gives a lower
 * bound (the RegExps are greedy, so usually the answer), then a galloping search past it and a
 * binary search settle it. Usually two runs over the input; at most about 2 log2(n).
 */
function longestPrefix(input: string, rule: string): number {
  let res = prefixes.get(rule);
  if (!res) {
    const source = prefixSources(allSources())[rule];
    prefixes.set(rule, (res = [new RegExp(`^(?:${source})`), new RegExp(`^(?:${source})$`)]));
  }
  const [start, whole] = res;
  const viable = (k: number): boolean => whole.test(input.slice(0, k));
  let lo = start.exec(input)![0].length;
  let step = 1;
  let hi = lo + step;
  // Gallop: lo is a prefix; find a length hi that is not (or pass the end).
  while (hi <= input.length && viable(hi)) {
    lo = hi;
    step *= 2;
    hi = lo + step;
  }
  if (hi > input.length) {
    if (viable(input.length)) return input.length;
    hi = input.length;
  }
  // lo is a prefix, hi is not: bisect.
  while (hi - lo > 1) {
    const mid = lo + ((hi - lo) >> 1);
    if (viable(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Where `input` stops being a prefix of anything `rule` (one of the four rules `parse` reads)
 * matches: the main package's error offset.
 */
export function errorIndex(input: string, rule: string): number {
  // URI-reference = URI / relative-ref: the prefixes of a choice are those of either side, so
  // the offset is the larger of the two (and each side's greedy match is a good lower bound,
  // where the choice's first match would stop at the URI side's empty prefix).
  if (rule === 'URI-reference') return Math.max(errorIndex(input, 'URI'), errorIndex(input, 'relative-ref'));
  // The prefixes with IPv6address deferred (src/lite/rules.ts, test) are the rule's own up to
  // the "[" of an IP-literal; from there to its "]" the IP-literal's exact prefixes decide.
  const k = longestPrefix(input, rule);
  const open = input.indexOf('[');
  if (open < 0 || k <= open) return k;
  const literal = input.slice(open);
  const m = longestPrefix(literal, 'IP-literal');
  return literal[m - 1] === ']' ? k : open + m;
}
