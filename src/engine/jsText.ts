/**
 * Outside text (a file name, a rule's text, a module name) written into generated code
 * (src/engine/build/compiled.ts `toModule`, `toTypes`) as data only, never as code; and a rule name
 * in a message (src/engine/grammar/fromCompiled.ts).
 *
 * JSON.stringify escapes what ends a string literal, but leaves U+2028 and U+2029 raw: legal in
 * a string literal since ES2019, yet line terminators everywhere else (a comment ends there),
 * and in older parsers also inside strings. `<` and `>` are escaped too, so that no `<!--`,
 * `-->` (HTML-like comments) or `</script>` (a page the text is pasted into) ever stands in
 * the output; in a comment, `*` too, so that no `*\/` can end a block comment.
 */
const UNSAFE = /[\u2028\u2029<>]/g;

const escape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A JavaScript (and TypeScript, and JSON) string literal of `text`, safe anywhere code is. */
export const jsString = (text: string): string => JSON.stringify(text).replace(UNSAFE, escape);

/**
 * `text` for a comment: a string literal holding printable ASCII alone (everything else
 * escaped), so that a reader sees what it was and no character of it can end the comment.
 */
export const commentText = (text: string): string => jsString(text).replace(/[^\x20-\x29\x2b-\x7e]/g, escape);
