/**
 * Precompiled grammars, the build-time half: a grammar from `compileAbnf` written out as a
 * JavaScript module with everything a first answer needs inside it, so that an embedder ships a
 * grammar with no compile at run time and no grammar text to read.
 *
 * `compiledData` makes the data (`CompiledGrammar`, read back by ../grammar/fromCompiled.ts):
 * each rule's expression written compactly, its text, the options, the DFAs of the regular
 * rules minimized and packed (./packDfas.ts), and the tree plans asked for (./treePlan.ts, from
 * samples: ./samples.ts), or, with none asked for (`complete`), a small complete plan of the
 * first rule. `toModule` writes the module (ES or CommonJS), `toTypes` its declaration file,
 * whose rule-name union and child map type the grammar and its trees: `uri-grammar compile`
 * (src/cli/compile.ts) writes both.
 */
import { Automaton, type MinimalDfa } from '../automata/automaton';
import type { Rules } from '../expr';
import { expectPlainObject, own } from '../options';
import { planKey, type TreePlan } from '../trees/plan';
import { sampleInputs } from './samples';
import { completePlan } from './treePlan';
import { PLAN_ROWS, RuleGrammar } from '../grammar/grammar';
import type { PackedDfa } from '../automata/tableDfa';
import { packDfas } from './packDfas';
import { checkRuleNames, COMPILED_FORMAT, COMPILED_KEY, COMPILED_VERSION, type CompiledGrammar, type EncodedExpr } from '../grammar/fromCompiled';
import { digestOf } from '../digest';
import { jsString, commentText } from '../jsText';
import { childRules } from './childRules';
import { compileTrees, encodeProgram } from '../trees/backtrack';
import { encodeExpr } from '../grammar/encode';

/** Which tree plans to write, and from what (`ModuleOptions`): none when neither is given. */
export interface PlanOptions {
  /** The rules whose structural trees get a plan (default with `samples`: the grammar's first rule, unless it reaches recursion). */
  plans?: readonly string[];
  /** Inputs to make the plans from (default with `plans`: SAMPLE_COUNT derivations of each rule, ./samples.ts). */
  samples?: readonly string[];
  /**
   * With neither: the first rule's plan made from no input (./treePlan.ts `completePlan`), when
   * it is small (MAX_COMPLETE_PLAN): what `toModule` writes with no samples.
   */
  complete?: boolean;
  /**
   * The program of the structural trees of every rule but the lexical ones (../trees/backtrack.ts),
   * for a regular grammar, unless larger than MAX_PROGRAM: what `toModule` writes, so that a
   * module's first tree compiles nothing (../grammar/compiledFront.ts).
   */
  program?: boolean;
}

/** The most characters of JSON a plan made from no input may take in a module (else none is written). */
export const MAX_COMPLETE_PLAN = 64 * 1024;

/** The derivations a plan is made from when no samples are given. */
export const SAMPLE_COUNT = 16;

/**
 * The data of a grammar, with the DFAs of its regular rules made now (minimized, packed) and
 * the tree plans `options` asks for (none unless asked: the library's own grammars keep their
 * plans apart, scripts/generate-compiled.ts).
 */
export function compiledData(grammar: RuleGrammar, options?: PlanOptions): CompiledGrammar {
  if (!(grammar instanceof RuleGrammar)) throw new TypeError('toModule: argument "grammar" must be a grammar from compileAbnf');
  const src = grammar.source();
  // What fromCompiled would refuse is not written (a RuleGrammar made by hand can name rules anyhow).
  checkRuleNames(src.names, (why) => new TypeError(`toModule: ${why}`));
  let plans: Record<string, TreePlan> | undefined;
  // Plans from derivations only when asked for: made from inputs unlike the real ones, a plan
  // can cost a first tree more than it saves (docs/grammars.md "Precompiled grammars"). A
  // complete plan serves every input, and is written when small.
  if (options && (options.plans !== undefined || options.samples !== undefined)) {
    const rules = options.plans ?? (src.names.length && !src.recursive.includes(src.names[0]) ? [src.names[0]] : []);
    plans = {};
    for (const r of rules) {
      const rule = grammar.ruleName(r, 'toModule');
      if (grammar.reachesRecursion(rule)) throw new TypeError(`toModule: ${rule} reaches recursion: its trees do not come from a plan`);
      plans[planKey(rule, false)] = grammar.treePlan(rule, false, options.samples ?? sampleInputs(src.exprs, rule, SAMPLE_COUNT));
    }
  } else if (options?.complete && src.names.length && !src.recursive.includes(src.names[0])) {
    // The first rule's structural tree (nodes for every rule but the lexical ones, and itself).
    const rule = src.names[0];
    const lexical = new Set(src.lexicalRules);
    const plan = completePlan(src.exprs, rule, new Set(src.names.filter((n) => n === rule || !lexical.has(n))), PLAN_ROWS);
    if (plan && JSON.stringify(plan).length <= MAX_COMPLETE_PLAN) plans = { [planKey(rule, false)]: plan };
  }
  const tables = verdictTables(src.exprs, src.names, new Set(src.recursive), new Set(src.labelRules));
  const exprs: Record<string, EncodedExpr> = {};
  const texts: Record<string, string> = {};
  for (const rule of src.names) {
    exprs[rule] = encodeExpr(src.exprs[rule]);
    texts[rule] = src.texts?.get(rule) ?? '';
  }
  // The trees' program when asked for, of a regular grammar (the front answers no other): every rule but the lexical ones.
  const structural = options?.program && !src.recursive.length ? src.names.filter((r) => !src.lexicalRules.includes(r)) : [];
  const program = structural.length ? compileTrees(exprs, structural, new Set(structural)) : undefined;
  const data: Omit<CompiledGrammar, 'digest'> = {
    format: COMPILED_FORMAT,
    version: COMPILED_VERSION,
    ...(src.name !== undefined ? { name: src.name } : {}),
    rules: [...src.names],
    exprs,
    texts,
    lexicalRules: src.lexicalRules,
    labelRules: src.labelRules,
    alternation: src.alternation,
    maxNesting: src.maxNesting,
    ...(src.workLimit !== undefined ? { workLimit: src.workLimit } : {}),
    ...(tables ? { tables } : {}),
    recursive: src.recursive,
    ...(plans && Object.keys(plans).length ? { plans } : {}),
    ...(program ? { program: encodeProgram(program) } : {}),
  };
  return { digest: digestOf(JSON.stringify(data)), ...data };
}
/**
 * The regular rules' whole DFAs, packed, or none when a rule's DFA is past `Automaton.minimal`'s
 * bounds (a small grammar can have exponentially many states) or they do not fit the packed
 * format (16-bit row offsets: about 1,200 states of 50 classes, which RFC 3987's IRI rules
 * pass): the grammar then builds its automata on first use, as `compileAbnf`'s does (bounded,
 * ../automata/automaton.ts `maxHeld`), and answers the same.
 */
function verdictTables(exprs: Rules, names: readonly string[], recursive: ReadonlySet<string>, labels: ReadonlySet<string>): PackedDfa | undefined {
  const dfas: Record<string, MinimalDfa> = {};
  try {
    for (const rule of names) if (!recursive.has(rule)) dfas[rule] = new Automaton(exprs, rule, labels).minimal();
    return Object.keys(dfas).length === 0 ? undefined : packDfas(dfas);
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}
export interface ModuleOptions {
  /** `esm` (an ES module: `export default`) or `cjs` (CommonJS, the module's exports object; the default). */
  format?: 'esm' | 'cjs';
  /** The module name the written module imports the library by (default `uri-grammar`). */
  library?: string;
  /** Said in the module's first line: what it was compiled from. */
  source?: string;
  /**
   * The rules whose trees get a tree plan in the module (../trees/plan.ts: a first `parseTree` reads
   * it instead of building its tables). Default: with `samples` the grammar's first rule
   * (unless it reaches recursion); with neither, that rule's complete plan, made from no input,
   * when it is small (`MAX_COMPLETE_PLAN`), else none.
   */
  plans?: readonly string[];
  /**
   * Inputs like those the grammar will read, to make the plans from (those a rule rejects are
   * skipped): they make the smallest plans that serve those inputs best. Default with `plans`:
   * derivations of each rule from its expressions (./samples.ts).
   */
  samples?: readonly string[];
}

function moduleOptions(options: ModuleOptions, fn: string): Required<Pick<ModuleOptions, 'format' | 'library'>> & { source?: string; planning: PlanOptions } {
  expectPlainObject(options, 'options', fn);
  // Own properties only (a polluted Object.prototype must not choose the format).
  const format = own(options, 'format') ?? 'cjs';
  if (format !== 'esm' && format !== 'cjs') throw new TypeError(`${fn}: option "format" must be "esm" or "cjs", got ${JSON.stringify(format)}`);
  const library = own(options, 'library') ?? 'uri-grammar';
  if (typeof library !== 'string' || library === '') throw new TypeError(`${fn}: option "library" must be a module name`);
  const source = own(options, 'source');
  if (source !== undefined && typeof source !== 'string') throw new TypeError(`${fn}: option "source" must be a string`);
  const strings = (k: 'plans' | 'samples'): readonly string[] | undefined => {
    const v = own(options, k);
    if (v !== undefined && !(Array.isArray(v) && v.every((x) => typeof x === 'string'))) throw new TypeError(`${fn}: option "${k}" must be an array of strings`);
    return v;
  };
  const plans = strings('plans');
  const samples = strings('samples');
  return { format, library, source, planning: plans || samples ? { ...(plans ? { plans } : {}), ...(samples ? { samples } : {}), program: true } : { complete: true, program: true } };
}

/**
 * The first line of a written file. The source is outside text (a file name): written as an
 * escaped string literal (../jsText.ts), so that no character of it can end the comment.
 */
const header = (source: string | undefined) =>
  `// Written by uri-grammar's toModule${source ? ` from ${commentText(source)}` : ''}: do not edit; compile the grammar again instead.`;

/**
 * The text of a module whose default export (ESM) or exports object (CommonJS) is the grammar,
 * with its tables inside: `fromCompiled` of its data, which answers as `compileAbnf(text)` does.
 */
export function toModule(grammar: RuleGrammar, options: ModuleOptions = {}): string {
  const o = moduleOptions(options, 'toModule');
  // The data as JSON text, which fromCompiled parses for the grammar alone (so it keeps the
  // plans' arrays without copies): V8 reads a long string and JSON.parse faster than the same
  // data as an object literal, which a fresh process would parse as code.
  // Every string written is a literal of jsString (../jsText.ts): nothing from outside is code.
  const data = jsString(JSON.stringify(compiledData(grammar, o.planning)));
  // The CommonJS words are assembled, so that this ES module's own text holds no CommonJS.
  const cjsExports = ['module', 'exports'].join('.');
  const cjsRequire = ['req', 'uire'].join('');
  // A CommonJS module of this library takes `fromCompiled` from the copy a program has loaded
  // already, when that copy reads this data's version (COMPILED_KEY): no second resolution.
  const reader = o.library === 'uri-grammar'
    ? `(globalThis[Symbol.for(${jsString(COMPILED_KEY)})] || ${cjsRequire}("uri-grammar").fromCompiled)`
    : `${cjsRequire}(${jsString(o.library)}).fromCompiled`;
  return o.format === 'esm'
    ? `${header(o.source)}\nimport { fromCompiled } from ${jsString(o.library)};\n\nexport default fromCompiled(${data});\n`
    : `${header(o.source)}\n'use strict';\n${cjsExports} = ${reader}(${data});\n`;
}
/**
 * The declaration file of `toModule`'s module: the grammar typed by its rule names and its trees
 * typed by parent (`Children`: which rules' nodes can be children of each rule's node, by the
 * rule the trees follow, ./childRules.ts), as RFC 3986's are: a misspelt rule name, or a rule that
 * cannot be a child of its parent, is a compile error at any depth.
 */
export function toTypes(grammar: RuleGrammar, options: ModuleOptions = {}): string {
  const o = moduleOptions(options, 'toTypes');
  if (!(grammar instanceof RuleGrammar)) throw new TypeError('toTypes: argument "grammar" must be a grammar from compileAbnf');
  const src = grammar.source();
  const names = src.names.map((r) => jsString(r)).join(' | ') || 'never';
  const children = [...childRules(src.exprs, src.names, new Set(src.lexicalRules))]
    .map(([rule, kids]) => `readonly ${jsString(rule)}: ${kids.map((k) => jsString(k)).join(' | ') || 'never'};`);
  const cjs = o.format === 'cjs';
  // `export =` and `export type` cannot stand together: in CommonJS the types go in a namespace merged with the value.
  const [indent, exp, ns] = cjs ? ['  ', '', 'grammar.'] : ['', 'export ', ''];
  const types = [
    `${indent}/** The rules of this grammar, as its text spells them. */`,
    `${indent}${exp}type RuleName = ${names};`,
    `${indent}/** Which rules' nodes can be children of each rule's node: the trees narrow by parent on it. */`,
    `${indent}${exp}type Children = {`,
    ...children.map((l) => `${indent}  ${l}`),
    `${indent}};`,
    `${indent}/** A node of this grammar's trees, typed by parent down to the leaves: \`Node<K>\` is a node of rule K. */`,
    `${indent}${exp}type Node<K extends RuleName = RuleName> = TreeNodeOf<Children, K>;`,
  ];
  return [
    header(o.source),
    `import type { RuleGrammar, TreeNodeOf, TypedGrammar } from ${jsString(o.library)};`,
    '',
    ...(cjs ? ['declare namespace grammar {', ...types, '}'] : types),
    '',
    `declare const grammar: TypedGrammar<${ns}Children> & RuleGrammar<${ns}RuleName>;`,
    cjs ? 'export = grammar;' : 'export default grammar;',
    '',
  ].join('\n');
}
