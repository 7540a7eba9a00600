/**
 * The first-match-wins driver: runs a rule of any grammar to the end of the input.
 *
 * The verdict and the error come from the rule's automaton (exact ABNF language, exact error
 * offset, linear time); the tree comes from the parsimmon combinators, run only on input the
 * automaton has accepted. Both are compiled from the same grammar expressions.
 */
import { Automaton, type Verdict } from './automaton';
import type { Grammar } from './expr';
import { compileFast, type Matcher } from './fastTree';
import { compileParsimmon, run, type Language } from './parsimmon';
import type { Node, TreeNode } from './tree';
import { UriSyntaxError } from '../errors';

export interface TreeOptions {
  /** Show character-level rules too (pchar, unreserved, pct-encoded, h16, dec-octet, …). */
  lexical?: boolean;
}

export class Driver<R extends string> {
  private readonly automata = new Map<string, Automaton>();
  private readonly languages = new Map<string, Language<R>>();
  private readonly names: ReadonlySet<string>;
  private readonly fast = new Map<ReadonlySet<string> | undefined, (rule: string) => Matcher>();

  constructor(
    readonly grammar: Grammar<R>,
    /** Rules that give nodes only in the lexical tree. */
    readonly lexicalRules: ReadonlySet<string>,
    /** Rules whose names an error uses for the characters that begin them. */
    readonly labelRules: ReadonlySet<string>,
  ) {
    this.names = new Set(Object.keys(grammar));
  }

  hasRule(rule: unknown): rule is R {
    return typeof rule === 'string' && this.names.has(rule);
  }

  automaton(rule: R): Automaton {
    let a = this.automata.get(rule);
    if (!a) this.automata.set(rule, (a = new Automaton(this.grammar, rule, this.labelRules)));
    return a;
  }

  /** The parsimmon language: structural or lexical tree; `runs: false` for per-character parsers. */
  language(lexical: boolean, runs = true): Language<R> {
    const key = `${lexical}/${runs}`;
    let l = this.languages.get(key);
    if (!l) {
      const nodes = new Set([...this.names].filter((n) => lexical || !this.lexicalRules.has(n)));
      this.languages.set(key, (l = compileParsimmon(this.grammar, nodes, { runs })));
    }
    return l;
  }

  test(input: string, rule: R): boolean {
    return this.automaton(rule).test(input);
  }

  check(input: string, rule: R): Verdict {
    return this.automaton(rule).run(input);
  }

  error(input: string, rule: R, v: Verdict): UriSyntaxError {
    return new UriSyntaxError(input, rule, v.index, v.expected);
  }

  /**
   * The fast structural tree, with nodes for `nodeRules` only (default: every structural
   * rule), or undefined when the input does not match `rule` to its end.
   */
  fastTree(input: string, rule: R, nodeRules?: ReadonlySet<string>): TreeNode<R> | undefined {
    // Keyed by the set itself: callers pass one long-lived set.
    let compiled = this.fast.get(nodeRules);
    if (!compiled) {
      const nodes = nodeRules ?? new Set([...this.names].filter((n) => !this.lexicalRules.has(n)));
      this.fast.set(nodeRules, (compiled = compileFast(this.grammar, nodes)));
    }
    const out: Node[] = [];
    const end = compiled(rule)(input, 0, out);
    if (end === input.length) return out[0] as TreeNode<R>;
    return undefined;
  }

  /** The tree of a whole input, or a `UriSyntaxError`. */
  tree(input: string, rule: R, options: TreeOptions = {}, nodeRules?: ReadonlySet<string>): TreeNode<R> {
    if (!options.lexical) {
      const t = this.fastTree(input, rule, nodeRules);
      if (t) return t;
    } else {
      const r = run(this.language(true)[rule], input, 0);
      if (r.status && r.index === input.length) return r.value[0] as TreeNode<R>;
    }
    const v = this.check(input, rule);
    if (!v.ok) throw this.error(input, rule, v);
    // The automaton accepted what the first-match-wins parser did not: a grammar bug, never
    // an answer. The tests check that this cannot happen.
    throw new Error(`uri-grammar internal error: the ${rule} combinators and automaton disagree on ${JSON.stringify(input)}`);
  }
}
