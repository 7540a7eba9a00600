/**
 * Writes the shipped grammars' build-time data into src/generated/, for each grammar of the catalog
 * (src/builtins/catalog.ts) that has some: a regular grammar's module (rfc2396Compiled.ts,
 * rfc2732Compiled.ts, rfc6874Compiled.ts, rfc3987Compiled.ts: the grammar loaded from its text, in
 * the compiled form `toModule` writes for users, src/engine/build/compiled.ts: expressions, rule
 * texts, options and the rules' packed DFAs, so that a fresh process's first `isValid` or
 * `validate` of them builds nothing; and its tree plans), RFC 3986's plans (rfc3986Plans.ts: its
 * rules and tables are scripts/generate-grammar.ts's and generate-tables.ts's), and the loaders
 * of that data (load.ts, and load-cjs.ts for the CommonJS bundle), a few lines a grammar. RFC
 * 3987's rules are too many for the packed tables' 16-bit offsets: its data carries no tables,
 * and its verdicts come mostly from RFC 3986's (src/iri/check.ts).
 * test/generated/compiled-are-current.test.ts checks that the files are current and that the
 * grammars answer as the text compiled now does. Run by `npm run generate`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { compiledData } from '../src/engine/build/compiled';
import { planKey } from '../src/engine/trees/plan';
import { RuleGrammar } from '../src/engine/grammar/grammar';
import { compileAbnf } from '../src/engine/text/abnf';
import { LEXICAL_RULES, RULE_NAMES, rfc3986Rules, type RuleName } from '../src/generated/rfc3986Rules';
import * as TEXTS from '../src/generated/texts';
import { CATALOG, catalogEntry, compileOptions, dataFiles, textConstant, type CatalogData, type CatalogEntry } from '../src/builtins/catalog';
import { rfc2396FromText } from '../src/builtins/rfc2396';
import { rfc2732FromText } from '../src/builtins/rfc2732';
import { rfc6874FromText } from '../src/builtins/rfc6874';
import { rfc3987FromText } from '../src/iri/rfc3987';

const ROOT = fs.existsSync(path.join(__dirname, '..', 'package.json')) ? path.join(__dirname, '..') : path.join(__dirname, '..', '..');

/**
 * The grammars whose module compiles them from their text itself (a text put together from two
 * files, or options the module exports): what it compiles is what is shipped.
 */
const FROM_TEXT: Readonly<Record<string, () => RuleGrammar>> = {
  rfc2396: rfc2396FromText,
  rfc2732: rfc2732FromText,
  rfc6874: rfc6874FromText,
  rfc3987: rfc3987FromText,
};

/** A catalog grammar compiled from its text now, with the options its entry gives. */
export function fromText(entry: CatalogEntry): RuleGrammar {
  if (Object.prototype.hasOwnProperty.call(FROM_TEXT, entry.name)) return FROM_TEXT[entry.name]();
  const text = entry.files.map((f) => (TEXTS as Readonly<Record<string, string>>)[textConstant(f)]).join('\n');
  return compileAbnf(text, compileOptions(entry));
}

/** A grammar whose run-time form is its compiled data: its module, the rules that get a plan, and samples of its own. */
export interface Shipped {
  readonly name: string;
  readonly file: string;
  readonly constant: string;
  readonly from: string;
  readonly grammar: () => RuleGrammar;
  readonly plans: readonly string[];
  readonly samples: readonly string[];
}

/** Each catalog grammar loaded from its compiled form (its data names a `compiled` constant). */
export const SHIPPED: readonly Shipped[] = CATALOG.filter((e) => e.data?.compiled !== undefined).map((e) => ({
  name: e.name,
  file: `${e.data!.module}.ts`,
  constant: e.data!.compiled!.replace(/_COMPILED$/, ''),
  from: e.files.map((f) => `grammar/${f}`).join(' and '),
  grammar: () => fromText(e),
  plans: e.data!.planned,
  samples: e.data!.samples,
}));

/**
 * The sample inputs of the plans: the first 300 lines of test/vectors/real-urls.txt, and the
 * shapes real URIs seldom show (an IPv4 host, userinfo, a port, relative references, one-letter
 * labels, an empty path, query or fragment). Not IP literals: their automaton is most of the
 * grammar, and an input with one builds its part on first use.
 */
export function planSamples(): string[] {
  const real = fs.readFileSync(path.join(ROOT, 'test', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean).slice(0, 300);
  return [
    ...real,
    'http://a.b/c?d#e', 'http://a/', 'http://a', 'a:b', 'a:', 'mailto:x@y.z', 'urn:isbn:0451450523', 'file:///etc/hosts',
    'http://user:pass@host.example:8080/p/a/t/h;x=1?q=1&r=2#frag', 'http://192.168.0.1:80/', 'ftp://ftp.is.co.za/rfc/rfc1808.txt', 'tel:+1-816-555-1212',
    '//a.b/c', '/a/b', 'a/b', '../a', './a', '?q', '#f', '', '.', 'g;x?y#s', 'http://x.y/%7Euser/%41%42?%3D#%23',
    'http://例え.テスト/パス?クエリ#片',
  ];
}

export const generatedFile = (file: string): string => path.join(ROOT, 'src', 'generated', file);

/** The structural-tree plans of `rules`, made on `samples`, each as JSON text by plan key. */
function plansOf<R extends string>(grammar: RuleGrammar<R>, rules: readonly string[], samples: readonly string[]): Record<string, string> {
  const plans: Record<string, string> = {};
  for (const rule of rules) plans[planKey(rule, false)] = JSON.stringify(grammar.treePlan(rule as R, false, samples));
  return plans;
}

export function compiledModuleText(entry: (typeof SHIPPED)[number]): string {
  const grammar = entry.grammar();
  const plans = plansOf(grammar, entry.plans, [...planSamples(), ...entry.samples]);
  return [
    `// Generated by scripts/generate-compiled.ts (\`npm run generate\`) from ${entry.from}: do not edit.`,
    '// test/generated/compiled-are-current.test.ts checks that it is current. See src/engine/build/compiled.ts.',
    '',
    '/** The compiled data as JSON text (JSON.parse of a string starts faster than an object literal). */',
    `export const ${entry.constant}_COMPILED: string = ${JSON.stringify(JSON.stringify(compiledData(grammar)))};`,
    '',
    `/** The tree plans of ${entry.plans.join(', ')} (src/engine/trees/plan.ts), made on real URIs: each JSON text, read on its first tree. */`,
    `export const ${entry.constant}_PLANS: Readonly<Record<string, string>> = ${JSON.stringify(plans)};`,
    '',
  ].join('\n');
}

/** RFC 3986's plans (the built-in's trees: src/uri/plans.ts), made as for the shipped grammars. */
export const RFC3986_PLANNED: readonly string[] = catalogEntry('rfc3986')!.data!.planned;

export function rfc3986PlansText(): string {
  const grammar = new RuleGrammar<RuleName>(rfc3986Rules, RULE_NAMES, { lexicalRules: [...LEXICAL_RULES] });
  const plans = plansOf(grammar, RFC3986_PLANNED, planSamples());
  return [
    '// Generated by scripts/generate-compiled.ts (`npm run generate`) from grammar/rfc3986.abnf: do not edit.',
    '// test/generated/compiled-are-current.test.ts checks that it is current. See src/engine/trees/plan.ts.',
    '',
    `/** The tree plans of ${RFC3986_PLANNED.join(', ')} (src/engine/trees/plan.ts), made on real URIs: each JSON text, read on its first tree. */`,
    `export const RFC3986_PLANS: Readonly<Record<string, string>> = ${JSON.stringify(plans)};`,
    '',
  ].join('\n');
}

/** The catalog's grammars with build-time data, and that data. */
const withData = (): Array<[CatalogEntry, CatalogData]> => CATALOG.filter((e) => e.data).map((e) => [e, e.data!]);

/** The names of a grammar's loaders in src/generated/load.ts: `rfc2396Compiled`, `rfc2396Plans`. */
const loaderOf = (name: string, piece: 'Compiled' | 'Plans'): string => `${name.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}${piece}`;

const LOAD_HEADER = [
  '// Generated by scripts/generate-compiled.ts (`npm run generate`) from src/builtins/catalog.ts: do not edit.',
  '// test/generated/compiled-are-current.test.ts checks that it is current.',
];

/** The catalog's recursive grammars: their text is their data (compiled on first use). */
const recursive = (): CatalogEntry[] => CATALOG.filter((e) => e.kind === 'recursive');

/** The registry's table of the loaders by grammar name (`shippedData`), the same in both loaders. */
function dataTable(): string[] {
  const text = (e: CatalogEntry) => `text: () => ${e.files.map(textConstant).join(" + '\\n' + ")}`;
  return [
    '/** Each grammar\'s data by its catalog name (src/builtins/registry.ts: a grammar with no module of its own). */',
    'const DATA: Readonly<Record<string, ShippedData>> = {',
    ...withData().map(([e, d]) => `  ${JSON.stringify(e.name)}: { ${d.compiled ? `compiled: ${loaderOf(e.name, 'Compiled')}, ` : ''}plans: ${loaderOf(e.name, 'Plans')} },`),
    ...recursive().map((e) => `  ${JSON.stringify(e.name)}: { ${text(e)} },`),
    '};',
    '',
    '/** The data of the shipped grammar `name`, or undefined when it has none. */',
    'export function shippedData(name: string): ShippedData | undefined {',
    '  return Object.prototype.hasOwnProperty.call(DATA, name) ? DATA[name] : undefined;',
    '}',
    '',
  ];
}

/** The import of the recursive grammars' texts (src/generated/texts.ts), for the table. */
const textsImport = (): string[] => [`import { ${[...new Set(recursive().flatMap((e) => e.files.map(textConstant)))].join(', ')} } from './texts';`];

/** src/generated/load.ts: each grammar's data imported, behind a function that returns it when first needed. */
export function loadModuleText(): string {
  return [
    ...LOAD_HEADER,
    '/**',
    ' * The shipped grammars\' build-time data (./*Compiled.ts, ./rfc3986Plans.ts), each piece behind a',
    ' * function that returns it when it is first needed: the compiled data when a grammar is first',
    ' * used, the tree plans when it first builds a tree. Here the functions return what this module',
    ' * imports (a line a module: an ES module\'s imports are static, and a bundler then leaves out the',
    ' * data of a grammar a program does not use); the CommonJS bundle swaps in ./load-cjs.ts',
    ' * (scripts/bundle.js), which loads each piece from a file of its own in dist/cjs/data/, so that',
    ' * loading the package, or a first verdict, never reads hundreds of kB of data it does not use (V8',
    ' * scans every byte of a file it loads). A grammar\'s compiled data comes parsed (the CommonJS',
    ' * bundle\'s is a JSON file, which Node parses natively on `require`, instead of a module whose',
    ' * string V8 would scan).',
    ' */',
    "import type { CompiledGrammar } from '../engine/grammar/fromCompiled';",
    ...withData().map(([, d]) => `import { ${[d.compiled, d.plans].filter(Boolean).join(', ')} } from './${d.module}';`),
    ...textsImport(),
    '',
    '/**',
    ' * A grammar\'s tree plans: the plan of a plan key (src/engine/trees/plan.ts `planKey`), parsed, or',
    ' * undefined when none was made for it.',
    ' */',
    'export type PlanLoader = (key: string) => unknown;',
    '',
    '/**',
    ' * A shipped grammar\'s data: a regular one\'s compiled form (none for RFC 3986: src/uri/rules.ts)',
    ' * and plans; a recursive one\'s text (its files of grammar/, joined), compiled on first use.',
    ' */',
    'export interface ShippedData {',
    '  readonly compiled?: () => CompiledGrammar;',
    '  readonly plans?: PlanLoader;',
    '  readonly text?: () => string;',
    '}',
    '',
    '/** Plans from their JSON texts by plan key (what the generated modules hold). */',
    'const fromTexts = (texts: Readonly<Record<string, string>>): PlanLoader => (key) =>',
    '  Object.prototype.hasOwnProperty.call(texts, key) ? JSON.parse(texts[key]) : undefined;',
    '',
    ...withData().flatMap(([e, d]) => [
      ...(d.compiled ? [`export const ${loaderOf(e.name, 'Compiled')} = (): CompiledGrammar => JSON.parse(${d.compiled});`] : []),
      `export const ${loaderOf(e.name, 'Plans')}: PlanLoader = /* @__PURE__ */ fromTexts(${d.plans});`,
    ]),
    '',
    ...dataTable(),
  ].join('\n');
}

/** src/generated/load-cjs.ts: the same loaders, each reading its file of dist/cjs/data/ (src/builtins/catalog.ts `dataFiles`, written by scripts/bundle.js) on first use. */
export function loadCjsModuleText(): string {
  return [
    ...LOAD_HEADER,
    '/**',
    ' * The CommonJS bundle\'s ./load.ts (scripts/bundle.js swaps it in; the ES module build leaves it',
    ' * out): each piece of data read on first use from its JSON file in dist/cjs/data/, which the',
    ' * build writes from the generated module\'s constant, not when the package loads.',
    ' */',
    "import type * as Load from './load';",
    "import type { ShippedData } from './load';",
    ...textsImport(),
    '',
    '/**',
    ' * A JSON file of dist/cjs/data/, required once: Node reads and parses it natively (JSON.parse of',
    ' * the file), where a module holding the same text as a string costs V8 a scan of every byte.',
    ' */',
    'function lazy<T>(load: () => T): () => T {',
    '  let value: T | undefined;',
    '  return () => (value ??= load());',
    '}',
    '',
    '/**',
    ' * The plans of dist/cjs/data/DIR/, a JSON file a plan (named by its key, URI-encoded), each read',
    ' * when a tree first asks for it: a first tree of one rule reads that rule\'s plan alone.',
    ' */',
    'function plans(dir: string): Load.PlanLoader {',
    '  return (key) => {',
    '    // eslint-disable-next-line @typescript-eslint/no-var-requires',
    "    const fs = require('fs') as typeof import('fs');",
    '    let text: string;',
    '    try {',
    '      text = fs.readFileSync(`${__dirname}/data/${dir}/${encodeURIComponent(key)}.json`, \'utf8\');',
    '    } catch (e) {',
    "      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // no plan for this key",
    '      throw e;',
    '    }',
    '    return JSON.parse(text);',
    '  };',
    '}',
    '',
    '// Each require names its file literally, so that the build sees it (and keeps it external).',
    ...withData().flatMap(([e, d]) => {
      const [compiledFile, plansDir] = dataFiles(e.name);
      return [
        ...(d.compiled ? [`export const ${loaderOf(e.name, 'Compiled')}: typeof Load.${loaderOf(e.name, 'Compiled')} = lazy(() => require('./data/${compiledFile}'));`] : []),
        `export const ${loaderOf(e.name, 'Plans')}: typeof Load.${loaderOf(e.name, 'Plans')} = plans('${plansDir}');`,
      ];
    }),
    '',
    ...dataTable(),
  ].join('\n');
}

/**
 * The catalog's names this script writes into code as they are (identifiers, a `require` path
 * in quotes): each must be what it claims, so that no entry's text can become other code. The
 * names are the repository's own data, but a wrong one should stop the build, not write a broken
 * or altered module. Returns the problems (none: an empty list).
 */
export function catalogNameProblems(entries: readonly CatalogEntry[]): string[] {
  const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
  const problems: string[] = [];
  for (const e of entries) {
    if (!/^[a-z][a-z0-9-]*$/.test(e.name)) problems.push(`name ${JSON.stringify(e.name)} is not lower-case letters, digits and "-"`);
    for (const f of e.files) if (!/^[A-Za-z0-9_-]+\.a?bnf$/.test(f)) problems.push(`${e.name}: file ${JSON.stringify(f)} is not a plain .abnf or .bnf name`);
    const d = e.data;
    if (!d) continue;
    for (const [field, value] of [['module', d.module], ['compiled', d.compiled], ['plans', d.plans]] as const) {
      if (value !== undefined && !identifier.test(value)) problems.push(`${e.name}: data.${field} ${JSON.stringify(value)} is not an identifier`);
    }
  }
  return problems;
}

/** Every file this script writes (under src/generated/) and its text now. */
export function generatedTexts(): Array<[file: string, text: () => string]> {
  const problems = catalogNameProblems(CATALOG);
  if (problems.length) throw new Error(`src/builtins/catalog.ts: ${problems.join('; ')}`);
  return [
    ...SHIPPED.map((entry): [string, () => string] => [entry.file, () => compiledModuleText(entry)]),
    [`${catalogEntry('rfc3986')!.data!.module}.ts`, rfc3986PlansText],
    ['load.ts', loadModuleText],
    ['load-cjs.ts', loadCjsModuleText],
  ];
}

if (require.main === module) {
  for (const [file, text] of generatedTexts()) {
    fs.writeFileSync(generatedFile(file), text());
    console.log(`wrote src/generated/${file}`);
  }
}
