/**
 * Where a scheme stands at the start of a text, asked of the grammar (RFC 3986 3.1):
 *
 *   scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
 *
 * The hints, the redaction and the policy options need to know this of text that may be no URI
 * at all; they ask the `scheme` rule's tables here rather than restating its syntax.
 */
import { driver } from './rules';

/**
 * The length of the longest prefix of `text` that is a `scheme`, 0 when `text` does not begin
 * with one. Every non-empty prefix of a scheme is a scheme, so this is where the rule's run over
 * `text` stops: its error index (the whole length when all of `text` is one).
 */
export function schemeLength(text: string): number {
  return (schemeStop ??= stopOf('scheme'))(text);
}
let schemeStop: ((text: string) => number) | undefined;

/**
 * Where `rule`'s run over a text stops: its length when all of it matches, else the error's
 * offset. Read from the tables' failure code, without the `expected` list a verdict copies for
 * an error to own: the hints ask this of every error in a batch.
 */
function stopOf(rule: 'scheme'): (text: string) => number {
  const locate = driver.tableLocator(rule);
  if (!locate) {
    return (text) => {
      const v = driver.verdict(text, rule);
      return v.ok ? text.length : v.index;
    };
  }
  return (text) => {
    const code = locate(text, 0, text.length);
    return code < 0 ? text.length : driver.failureIndex(code);
  };
}

/** The length of `scheme ":"` at the start of `text`, or 0 when it does not begin so. */
export function schemeColonLength(text: string): number {
  const n = schemeLength(text);
  return n > 0 && text.charCodeAt(n) === 0x3a ? n + 1 : 0;
}

/** Is all of `text` a scheme? */
export function isScheme(text: string): boolean {
  return driver.test(text, 'scheme');
}
