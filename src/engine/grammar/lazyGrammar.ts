/**
 * A `Grammar` whose compiled form is made on first use: the built-in grammars loaded from text
 * (RFC 2396, RFC 2732, RFC 6874) cost nothing at `require` and compile once, when first asked.
 */
import type { Grammar, TreeOptions, ValidateOptions } from './types';
import type { TreeVisitor } from '../trees/flatTree';

/**
 * `make` returns the compiled grammar (the caller caches it); `extra` adds methods of the
 * grammar object (e.g. `parse`). The object is frozen.
 */
export function lazyGrammar<R extends string, X extends object = object>(name: string, make: () => Grammar<R>, extra?: X): Grammar<R> & X {
  const g = {
    name,
    get rules(): readonly R[] {
      return make().rules;
    },
    get alternation(): string {
      return make().alternation ?? '/';
    },
    isValid: (input: string, rule: R) => make().isValid(input, rule),
    validate: (input: string, rule: R, options?: ValidateOptions) => make().validate(input, rule, options),
    parseTree: (input: string, rule: R, options?: TreeOptions) => make().parseTree(input, rule, options),
    walk: (input: string, rule: R, visitor: TreeVisitor<R>, options?: TreeOptions) => make().walk(input, rule, visitor, options),
    parser: (rule: R) => make().parser(rule),
    ruleText: (rule: R) => make().ruleText(rule),
    expr: (rule: R) => make().expr(rule),
    alternativeOf: (rule: R, text: string) => make().alternativeOf(rule, text),
  };
  // Descriptors, not a spread: a spread would run the `rules` getter, compiling at once.
  if (extra) Object.defineProperties(g, Object.getOwnPropertyDescriptors(extra));
  return Object.freeze(g) as unknown as Grammar<R> & X;
}
