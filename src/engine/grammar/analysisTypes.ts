/**
 * What the analyses take and give (src/engine/analysis/, docs/analysis.md): the options and
 * results of `generate`, `shadows`, `compare`, `coverage` and `arbitrary`, both as free functions
 * and as the methods of every `Grammar` (./types.ts). Types only: here, below both the grammar
 * class and the analyses, so that neither imports the other's code for them.
 */

/** Something a first-match tree may take: what `generate({ cover: true })` must cover. */
export type Target =
  /** Alternative `index` (0-based) of the alternation at `path` of `rule`. */
  | { readonly kind: 'alternative'; readonly rule: string; readonly path: readonly number[]; readonly index: number; readonly text: string }
  /** The repetition at `path` of `rule`, run `count` times. */
  | { readonly kind: 'repetition'; readonly rule: string; readonly path: readonly number[]; readonly count: number; readonly text: string }
  /** The character set at `path` of `rule`, reading code point `cp` (the first or last of one of its ranges). */
  | { readonly kind: 'character'; readonly rule: string; readonly path: readonly number[]; readonly cp: number; readonly text: string };

export interface GenerateOptions {
  /** A set that covers every target (see the header). Default false: random strings. */
  cover?: boolean;
  /** Random strings: how many (default 10). */
  count?: number;
  /** The seed (default 1): the same seed, the same strings. */
  seed?: number;
  /** Strings longer than this are not returned (default 256). */
  maxLength?: number;
  /** Nested rules before a derivation takes the shortest way out (default 12). */
  depth?: number;
  /** Cover: random derivations tried per target after the shortest (default 40). */
  tries?: number;
  /** Cover: near-misses per valid string, at most (default 1; 0: none). */
  nearMisses?: number;
}

export interface NearMiss {
  readonly input: string;
  /** The valid string it is one edit from, and the edit. */
  readonly from: string;
  readonly edit: { readonly op: 'delete' | 'insert' | 'replace'; readonly at: number; readonly char?: string };
  /** The engine's error offset. */
  readonly index: number;
}

export interface Uncovered {
  readonly target: Target;
  readonly description: string;
}

export interface Generated {
  readonly rule: string;
  /** Valid strings: each accepted by the engine. */
  readonly valid: readonly string[];
  /** Strings one edit away that the engine refuses (cover only). */
  readonly nearMisses: readonly NearMiss[];
  /** Cover: every target, and those no string's tree takes. */
  readonly targets: readonly Target[];
  readonly uncovered: readonly Uncovered[];
  /** Cover: per valid string, the targets its first-match tree takes (indices into `targets`). */
  readonly takes: readonly (readonly number[])[];
}

export interface ShadowEntry {
  readonly kind: 'shadowed' | 'overlap' | 'unreached';
  readonly rule: string;
  /** The alternation's path in the rule (item indices from the rule's body). */
  readonly path: readonly number[];
  /** The alternative (0-based) first match does not take for `witness`. */
  readonly index: number;
  /** The earlier alternative that takes it (absent for `unreached`). */
  readonly by?: number;
  /** A shortest string of the alternative that the earlier one matches too (absent for `unreached`). */
  readonly witness?: string;
  /** True when proved from the automata; false for a bounded search. */
  readonly exact: boolean;
  readonly message: string;
}

export interface ShadowOptions {
  /** Product states a search visits at most (default 200,000). */
  maxStates?: number;
  /** Bounded searches (recursive rules): derivations tried per alternative (default 200). */
  samples?: number;
  /** Also search the root's context for alternatives never taken (default true when a rule is given). */
  context?: boolean;
}

export interface CompareOptions {
  /** Product states visited at most (default 200,000). */
  maxStates?: number;
  /** Only strings of ASCII characters (default false). */
  ascii?: boolean;
  /** Bounded search (recursive rules): random strings of each rule (default 2,000). */
  samples?: number;
  /** Bounded search: their length at most (default 64). */
  maxLength?: number;
}

export type Relation = 'equal' | 'subset' | 'superset' | 'disjoint-or-overlapping' | 'unknown';

export interface Comparison {
  readonly a: { readonly grammar?: string; readonly rule: string };
  readonly b: { readonly grammar?: string; readonly rule: string };
  /** A shortest string in A and not in B; undefined: none (proved when `exact`). */
  readonly onlyA: string | undefined;
  /** A shortest string in B and not in A. */
  readonly onlyB: string | undefined;
  /** `equal` (L(A) = L(B)), `subset` (L(A) ⊂ L(B)), `superset`, or `disjoint-or-overlapping` (neither includes the other). */
  readonly relation: Relation;
  /** True: the answer is proved from the automata; false: a bounded search (or the bound was reached). */
  readonly exact: boolean;
  /** What the answer rests on, in words. */
  readonly method: string;
  /** Product state pairs visited, both ways together (0: the answer needed no product). */
  readonly states: number;
}

export interface AlternativeCount {
  readonly rule: string;
  readonly path: readonly number[];
  readonly index: number;
  readonly text: string;
  /** Nodes of the corpus's trees that took it. */
  readonly count: number;
}

export interface Coverage {
  readonly rule: string;
  readonly inputs: number;
  /** Inputs the rule refused (not read). */
  readonly refused: number;
  /** Every alternative of every rule the rule reaches, in grammar order, with its count. */
  readonly alternatives: readonly AlternativeCount[];
  /** The alternatives no input took. */
  readonly neverTaken: readonly AlternativeCount[];
  /** Alternatives taken, as a percentage of all (100 when the rule has none). */
  readonly percent: number;
  /** Every target (alternatives, repetition counts, characters) and how many inputs took it. */
  readonly targets: ReadonlyArray<{ readonly target: Target; readonly description: string; readonly inputs: number }>;
}

/** What the arbitraries need of fast-check (v3 or v4): a structural type, not an import. */
export interface FastCheckLike {
  array(arb: unknown, constraints?: { maxLength?: number }): FcArbitrary<number[]>;
  nat(max?: number): FcArbitrary<number>;
  tuple(...arbs: unknown[]): FcArbitrary<unknown[]>;
  constantFrom(...values: unknown[]): FcArbitrary<unknown>;
}
/** The few methods of a fast-check Arbitrary used here. */
export interface FcArbitrary<T> {
  map<U>(f: (t: T) => U): FcArbitrary<U>;
  filter(p: (t: T) => boolean): FcArbitrary<T>;
}

export interface ArbitraryOptions {
  /** Choices in a derivation's list, at most (default 64): bounds the strings' size. */
  maxChoices?: number;
  /** Nested rules before a derivation takes the shortest way out (default 12). */
  depth?: number;
}

export interface RuleArbitraries {
  /** Strings the rule matches. */
  readonly valid: FcArbitrary<string>;
  /** Strings one edit from a valid one that the rule refuses. */
  readonly nearMiss: FcArbitrary<string>;
}

