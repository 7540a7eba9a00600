/**
 * The shipped grammars, one entry each: the one list that the registry (./registry.ts), the
 * build-time data (scripts/generate-compiled.ts writes src/generated/ from it, the loaders
 * included), the CommonJS bundle (scripts/bundle.js: its data files and its hot exports), the
 * code cache's workload (scripts/code-cache.js), the command line's `--grammar` and the
 * playground (playground/grammars.ts) read. Adding a shipped grammar is its text under grammar/
 * and an entry here, then `npm run generate` (docs/grammars.md, "Adding a shipped grammar");
 * test/builtins/catalog.test.ts holds everything else to this list.
 *
 * Data only: no engine code is imported, so that the build's scripts can read it (from tsc's
 * dist/src/builtins/catalog.js) and loading it costs nothing.
 */

/** What the playground offers as an example of a grammar (a button: the input, its rule, why). */
export interface CatalogExample {
  readonly input: string;
  readonly rule?: string;
  /** What the example shows (the button's tooltip). */
  readonly why: string;
}

/**
 * A shipped grammar's build-time data, which `npm run generate` writes into
 * src/generated/<module>.ts and the package loads on first use (src/generated/load.ts; in the
 * CommonJS bundle a file a piece in dist/cjs/data/, src/generated/load-cjs.ts).
 */
export interface CatalogData {
  /** The generated module of src/generated/ (without `.ts`). */
  readonly module: string;
  /**
   * Its constant holding the grammar in compiled form (src/engine/build/compiled.ts) as JSON text,
   * the grammar's run-time form; absent for RFC 3986, which runs from a module of code and its
   * tables instead (src/generated/rfc3986Rules.ts and rfc3986Tables.ts: the driver, src/uri/rules.ts).
   */
  readonly compiled?: string;
  /** Its constant holding the tree plans (src/engine/trees/plan.ts), each JSON text by plan key. */
  readonly plans: string;
  /** The rules whose structural trees get a plan. */
  readonly planned: readonly string[];
  /** Sample inputs of the grammar's own, besides the URIs every plan is made on (scripts/generate-compiled.ts planSamples). */
  readonly samples: readonly string[];
}

export interface CatalogEntry {
  /** Its name: `grammarByName(name)`, `--grammar name`. */
  readonly name: string;
  /** What it is, in a few words (the RFC and its sections). */
  readonly about: string;
  /**
   * Its text: files of grammar/, read in this order (a later file changes or adds to the earlier
   * ones); each is a constant of src/generated/texts.ts (`textConstant`).
   */
  readonly files: readonly string[];
  /** How the text is written: RFC 5234's ABNF, or RFC 2396's own notation (src/engine/text/notationRfc2396.ts). */
  readonly notation: 'abnf' | 'rfc2396';
  /** The rule a whole input is read as when none is named (the CLI's, the examples'). */
  readonly entry: string;
  /**
   * `regular`: no rule reaches itself, every rule runs on automata (built at build time: `data`);
   * `recursive`: rules that nest (JSON values, nested comments), run by src/engine/recursive/ from
   * the text compiled on first use, with limits (`grammarByName(name, { maxNesting, workLimit })`).
   */
  readonly kind: 'regular' | 'recursive';
  /** A grammar of URIs or IRIs: what its errors show hides passwords (the command line's `builtIn`). */
  readonly uri: boolean;
  /**
   * Character-level rules (tree nodes only with `{ lexical: true }`) and the rules an error names
   * for the characters that begin them: compileAbnf's options, for a grammar that has no module
   * of its own (./registry.ts `fromCatalog`). The grammars with a module say them there.
   */
  readonly lexicalRules?: readonly string[];
  readonly labelRules?: readonly string[];
  /** Build-time data (a regular grammar's); none for a recursive one. */
  readonly data?: CatalogData;
  /** A valid and an invalid input of `entry`: the build's code-cache workload runs them (scripts/code-cache.js). */
  readonly probe: { readonly valid: string; readonly invalid: string };
  /** What the playground offers (its example buttons). */
  readonly examples: readonly CatalogExample[];
}

/** IP literals, for the grammars that exist for them (RFC 2732, RFC 6874's zones). */
const IP_LITERALS = ['http://[::1]/', 'http://[2001:db8::7]/c=GB'];

/** The data of a grammar loaded from its compiled form: src/generated/<name>Compiled.ts, constants <NAME>_COMPILED and <NAME>_PLANS. */
function compiled(name: string, planned: readonly string[], samples: readonly string[] = []): CatalogData {
  const prefix = name.toUpperCase().replace(/[^A-Z0-9]/g, '_');
  return { module: `${name}Compiled`, compiled: `${prefix}_COMPILED`, plans: `${prefix}_PLANS`, planned, samples };
}

export const CATALOG: readonly CatalogEntry[] = Object.freeze([
  {
    name: 'rfc3986',
    about: 'RFC 3986 Appendix A (URI), the default grammar',
    files: ['rfc3986.abnf'],
    notation: 'abnf',
    entry: 'URI-reference',
    kind: 'regular',
    uri: true,
    // Its run-time form is code (src/generated/rfc3986Rules.ts) and tables (rfc3986Tables.ts),
    // written by scripts/generate-grammar.ts and generate-tables.ts; its plans are written here.
    data: { module: 'rfc3986Plans', plans: 'RFC3986_PLANS', planned: ['URI-reference', 'URI'], samples: [] },
    probe: { valid: 'https://user@example.com:8080/a/b?q=1#f', invalid: 'http://a b' },
    examples: [
      { input: 'http://user@example.com:8080/a/b?q=1#top', rule: 'URI-reference', why: 'every component of a URI' },
      { input: 'http://1.2.3.4.5/', rule: 'URI-reference', why: 'why is 1.2.3.4.5 a reg-name and not an IPv4address?' },
      { input: '//a/b', rule: 'URI-reference', why: 'an authority and a path' },
      { input: '/a/b', rule: 'URI-reference', why: 'a path only' },
      { input: 'http://[2001:db8::7]:80/', rule: 'URI-reference', why: 'an IPv6 literal' },
      { input: 'http://[::1', rule: 'URI-reference', why: 'why does this fail at 11?' },
      { input: 'mailto:someone@example.com', rule: 'URI-reference', why: 'no authority: path-rootless' },
    ],
  },
  {
    name: 'rfc2396',
    about: 'RFC 2396 Appendix A (URI, 1998), in its own notation',
    files: ['rfc2396.bnf'],
    notation: 'rfc2396',
    entry: 'URI-reference',
    kind: 'regular',
    uri: true,
    data: compiled('rfc2396', ['URI-reference', 'absoluteURI']),
    probe: { valid: 'http://example.com/a?b#c', invalid: 'http://a b' },
    examples: [
      { input: 'http://a/b;p?q', rule: 'URI-reference', why: 'RFC 2396 splits a segment into params' },
      { input: 'http://1.2.3.4.5/', rule: 'URI-reference', why: 'compare with RFC 3986: hostname or IPv4address?' },
      { input: 'http://[::1]/', rule: 'URI-reference', why: 'no IPv6 literals before RFC 2732' },
    ],
  },
  {
    name: 'rfc2732',
    about: 'RFC 2396 with RFC 2732 section 3 (IPv6 literals); opt-in',
    // RFC 2732's file is a change list: its definitions replace or follow RFC 2396's.
    files: ['rfc2396.bnf', 'rfc2732.bnf'],
    notation: 'rfc2396',
    entry: 'URI-reference',
    kind: 'regular',
    uri: true,
    data: compiled('rfc2732', ['URI-reference', 'absoluteURI'], IP_LITERALS),
    probe: { valid: 'http://[::1]/a?b#c', invalid: 'http://[::1/' },
    examples: [],
  },
  {
    name: 'rfc3987',
    about: 'RFC 3987 section 2.2 (IRI), with section 4.1',
    files: ['rfc3987.abnf'],
    notation: 'abnf',
    entry: 'IRI-reference',
    kind: 'regular',
    uri: true,
    data: compiled('rfc3987', ['IRI-reference', 'IRI']),
    probe: { valid: 'http://b\u00fccher.example/\u00e9?q#f', invalid: 'http://a b' },
    examples: [
      { input: 'http://例え.テスト/パス', rule: 'IRI-reference', why: 'an IRI: ucschar in ireg-name and isegment' },
      { input: 'http://example.com/ä?q=ü', rule: 'IRI-reference', why: 'non-ASCII in the path and the query' },
    ],
  },
  {
    name: 'rfc6874',
    about: 'RFC 3986 with RFC 6874 section 2 (IPv6 zone identifiers); opt-in, obsolete (RFC 9844)',
    files: ['rfc3986.abnf', 'rfc6874.abnf'],
    notation: 'abnf',
    entry: 'URI-reference',
    kind: 'regular',
    uri: true,
    data: compiled('rfc6874', ['URI-reference', 'URI'], [...IP_LITERALS, 'http://[fe80::1%25en0]/']),
    probe: { valid: 'http://[fe80::1%25eth0]/a', invalid: 'http://[fe80::1%eth0]/' },
    examples: [
      { input: 'http://[fe80::1%25eth0]/', rule: 'URI-reference', why: 'an IPv6 zone identifier, percent-encoded' },
    ],
  },
  {
    name: 'json',
    about: 'RFC 8259 sections 2-7 (JSON)',
    files: ['json.abnf'],
    notation: 'abnf',
    entry: 'JSON-text',
    kind: 'recursive',
    uri: false,
    probe: { valid: '{"a":[1,2,{"b":null}]}', invalid: '[1, 2,]' },
    examples: [
      { input: '{"a": [1, {"b": null}]}', rule: 'JSON-text', why: 'values inside arrays inside objects: recursion' },
      { input: '[1, 2,]', rule: 'JSON-text', why: 'a trailing comma: where does it stop?' },
    ],
  },
  {
    name: 'rfc5322',
    about: 'RFC 5322 sections 3.2, 3.4, 4.1, 4.2, 4.4 (addresses, with nested comments)',
    files: ['rfc5322-addr-spec.abnf'],
    notation: 'abnf',
    entry: 'addr-spec',
    kind: 'recursive',
    uri: false,
    probe: { valid: 'pete(his (nested) account)@silly.test', invalid: 'a@' },
    examples: [
      { input: 'pete(his (nested) account)@silly.test', rule: 'addr-spec', why: 'a nested comment in an address' },
      { input: '"john doe"@example.com', rule: 'addr-spec', why: 'a quoted local part' },
    ],
  },
  {
    name: 'abnf',
    about: 'RFC 5234 section 4 (ABNF itself, errata 2968/3076, RFC 7405); CRLF line ends',
    files: ['abnf.abnf'],
    notation: 'abnf',
    entry: 'rulelist',
    kind: 'recursive',
    uri: false,
    probe: { valid: 'a = "b"\r\n', invalid: 'a = \r\n' },
    examples: [],
  },
] satisfies CatalogEntry[]);

/**
 * The files of grammar/ that are no shipped grammar's text, each with why (test/builtins/catalog.test.ts
 * holds every file to an entry or a line here).
 */
export const NOT_SHIPPED: Readonly<Record<string, string>> = Object.freeze({});

/** The entry of a shipped grammar, or undefined. */
export function catalogEntry(name: string): CatalogEntry | undefined {
  return CATALOG.find((e) => e.name === name);
}

/** The constant of src/generated/texts.ts holding a grammar file (scripts/grammar-texts.js names them): RFC3986_ABNF for rfc3986.abnf. */
export function textConstant(file: string): string {
  return file.replace(/\.(a?bnf)$/, (_, ext: string) => '_' + ext).replace(/[^A-Za-z0-9_]/g, '_').toUpperCase();
}

/**
 * A grammar's files in dist/cjs/data/ (scripts/bundle.js writes them, src/generated/load-cjs.ts
 * reads them): its compiled data (NAME.json) and the folder of its plans, a file a plan (NAME-plans/).
 */
export function dataFiles(name: string): [compiled: string, plans: string] {
  return [`${name}.json`, `${name}-plans`];
}

/**
 * How a grammar with no module of its own is compiled from its text (compileAbnf's options): the
 * registry's `fromCatalog` and scripts/generate-compiled.ts read it the same way.
 */
export function compileOptions(entry: CatalogEntry): { name: string; notation?: 'rfc2396'; lexicalRules?: string[]; labelRules?: string[] } {
  return {
    name: entry.name,
    ...(entry.notation === 'abnf' ? {} : { notation: entry.notation }),
    ...(entry.lexicalRules ? { lexicalRules: [...entry.lexicalRules] } : {}),
    ...(entry.labelRules ? { labelRules: [...entry.labelRules] } : {}),
  };
}
