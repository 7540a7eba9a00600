/**
 * Writes src/generated/rfc3986Rules.ts, the RFC 3986 grammar module, from grammar/rfc3986.abnf (Appendix A
 * as printed): each rule a named combinator under its ABNF name, the ABNF above it, the
 * expression exactly what the engine's ABNF reader makes of the text (src/engine/text/abnf.ts), and
 * nothing the ABNF does not have. The rule metadata (which rules are character-level, the child
 * rules the typed trees read) is written beside it: the first from LEXICAL below, the second
 * computed from the grammar. test/generated/rfc3986Rules-is-current.test.ts checks that the module is
 * current. Run by `npm run generate`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { CORE_RULES, readGrammar } from '../src/engine/text/abnf';
import type { Expr, Rules } from '../src/engine/expr';
import { asciiRanges } from '../src/engine/automata/codepoints';
import { RFC3986_ABNF } from '../src/generated/texts';

/** The repository: this file's parent (run by ts-node or jest) or grandparent (compiled into dist/). */
const ROOT = fs.existsSync(path.join(__dirname, '..', 'package.json')) ? path.join(__dirname, '..') : path.join(__dirname, '..', '..');
export const GRAMMAR_FILE = path.join(ROOT, 'src', 'generated', 'rfc3986Rules.ts');

/**
 * Character-level rules: tree nodes only with `{ lexical: true }`, and the words an error uses
 * for what it expected. A choice of presentation, not of the language: the rest give nodes.
 */
const LEXICAL = ['h16', 'ls32', 'dec-octet', 'pchar', 'pct-encoded', 'unreserved', 'reserved', 'gen-delims', 'sub-delims'];

/** A TypeScript string literal in single quotes. */
const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const hex = (n: number) => '0x' + n.toString(16).toUpperCase().padStart(2, '0');

/** The combinator code of an expression. */
function code(e: Expr): string {
  switch (e.t) {
    case 'chars': {
      if ((CORE_RULES as readonly string[]).includes(e.label)) return e.label;
      const ranges = [...asciiRanges(e.set), ...(e.more ?? [])];
      return `codePoints([${ranges.map(hex).join(', ')}], ${q(e.label)})`;
    }
    case 'lit': return `lit(${q(e.text)})`;
    case 'seq': return e.items.length === 0 ? 'empty' : `seq(${e.items.map(code).join(', ')})`;
    case 'alt': return `alt(${e.items.map(code).join(', ')})`;
    case 'rep':
      if (e.min === 0 && e.max === 1) return `opt(${code(e.item)})`;
      if (e.max === Infinity) return e.min === 0 ? `rep(${code(e.item)})` : `rep(${code(e.item)}, ${e.min})`;
      return `rep(${code(e.item)}, ${e.min}, ${e.max})`;
    case 'ref': return `ref(${q(e.name)})`;
    default: throw new Error(`generate-grammar: no combinator for ${(e as Expr).t}`);
  }
}

/** `code`, with the items of a long choice or sequence one to a line (indent: the line's). */
function pretty(e: Expr, indent: number, column = indent): string {
  const flat = code(e);
  if (column + flat.length <= 108 || (e.t !== 'alt' && e.t !== 'seq')) return flat;
  const pad = ' '.repeat(indent + 2);
  return `${e.t}(\n${e.items.map((x) => pad + pretty(x, indent + 2) + ',').join('\n')}\n${' '.repeat(indent)})`;
}

/** The core rules the expressions use, by name, with their ranges. */
function coreRulesUsed(rules: Rules): Map<string, number[]> {
  const used = new Map<string, number[]>();
  const visit = (e: Expr): void => {
    switch (e.t) {
      case 'chars':
        if ((CORE_RULES as readonly string[]).includes(e.label)) used.set(e.label, [...asciiRanges(e.set), ...(e.more ?? [])]);
        break;
      case 'seq': case 'alt': e.items.forEach(visit); break;
      case 'rep': visit(e.item); break;
      default: break;
    }
  };
  Object.values(rules).forEach(visit);
  return used;
}

/**
 * The rules whose nodes can be children of each rule's node, in either tree: in the lexical tree
 * the rules it refers to; in the structural tree the structural rules reached through
 * character-level ones (IPv4address through ls32).
 */
function childRules(rules: Rules, names: readonly string[], lexical: ReadonlySet<string>): Map<string, string[]> {
  const refs = (e: Expr, out: Set<string>): Set<string> => {
    switch (e.t) {
      case 'ref': out.add(e.name); break;
      case 'seq': case 'alt': e.items.forEach((x) => refs(x, out)); break;
      case 'rep': refs(e.item, out); break;
      default: break;
    }
    return out;
  };
  const structural = (name: string): Set<string> => {
    const out = new Set<string>();
    const seen = new Set<string>();
    const stack = [...refs(rules[name], new Set())];
    while (stack.length) {
      const r = stack.pop()!;
      if (seen.has(r)) continue;
      seen.add(r);
      if (lexical.has(r)) stack.push(...refs(rules[r], new Set()));
      else out.add(r);
    }
    return out;
  };
  // In the order the body names them, then the structural rules reached through others.
  return new Map(names.map((n) => [n, [...new Set([...refs(rules[n], new Set()), ...structural(n)])]]));
}

export function grammarModuleText(abnf: string = RFC3986_ABNF): string {
  const read = readGrammar(abnf);
  const names = read.names;
  const rules = read.rules;
  const lexical = new Set(LEXICAL);
  const children = childRules(rules, names, lexical);
  const core = coreRulesUsed(rules);
  const out: string[] = [];
  out.push(
    '// Generated by scripts/generate-grammar.ts (`npm run generate`) from grammar/rfc3986.abnf: do not edit.',
    '// test/generated/rfc3986Rules-is-current.test.ts checks that it is current.',
    '/**',
    ' * RFC 3986 Appendix A, one named combinator per ABNF rule, under its ABNF name (the ABNF itself',
    ' * is grammar/rfc3986.abnf, stored once): the expressions are what the engine reads in that file,',
    ' * and nothing else. The core rules ALPHA, DIGIT and HEXDIG come from RFC 5234 Appendix B.1. Quoted',
    ' * strings are case-insensitive (RFC 5234 2.3), which `lit` does.',
    ' *',
    ' * First match wins (RFC 3986 2, "the first-match-wins algorithm"): where an ordered, greedy',
    ' * reading would commit too early (`h16 ":"` before "::", dec-octet, IPv4address before',
    ' * reg-name), the engine finds it and decides from the rest of the input',
    ' * (src/engine/trees/firstMatch.ts; docs/ARCHITECTURE.md lists the places). No rule is rewritten.',
    ' */',
    "import { alt, codePoints, empty, lit, opt, ref, rep, seq, type Rules } from '../engine/expr';",
    '',
    `/** The ${names.length} rules of RFC 3986 Appendix A, in the order the appendix gives them. */`,
    'export const RULE_NAMES = Object.freeze([',
  );
  let line = ' ';
  for (const n of names) {
    const item = ` ${q(n)},`;
    if (line.length + item.length > 100) { out.push(line); line = ' '; }
    line += item;
  }
  out.push(line, '] as const);', '', 'export type RuleName = (typeof RULE_NAMES)[number];', '');
  out.push(
    '/**',
    ' * The rules whose nodes can be children of each rule\'s node, in either tree (lexical: the',
    ' * rules it refers to; structural: those, and the structural rules reached through',
    ' * character-level ones, as IPv4address through ls32). Typed trees narrow on it.',
    ' */',
    'export const CHILD_RULES = Object.freeze({',
    ...names.map((n) => `  ${q(n)}: [${children.get(n)!.map(q).join(', ')}],`),
    '} as const satisfies { readonly [K in RuleName]: readonly RuleName[] });',
    '',
    '/** The rules whose nodes can be children of a `K` node. */',
    'export type ChildRule<K extends RuleName> = (typeof CHILD_RULES)[K][number];',
    '',
    '/**',
    ' * A node of an RFC 3986 tree, typed per rule: `node.rule === \'authority\'` narrows the node to',
    ' * `UriNode<\'authority\'>`, whose children are `UriNode<\'userinfo\' | \'host\' | \'port\'>`.',
    ' */',
    'export type UriNode<R extends RuleName = RuleName> = {',
    '  [K in R]: {',
    '    readonly rule: K;',
    '    readonly start: number;',
    '    readonly end: number;',
    '    readonly children: ReadonlyArray<UriNode<ChildRule<K>>>;',
    '  }',
    '}[R];',
    '',
    '/**',
    ' * Character-level rules: tree nodes only with `{ lexical: true }`, and the words an error',
    ' * uses for what it expected. The rest are structural and always give nodes.',
    ' */',
    'export const LEXICAL_RULES: ReadonlySet<RuleName> = new Set<RuleName>([',
    `  ${LEXICAL.map(q).join(', ')},`,
    ']);',
    '',
    '// RFC 5234 B.1 core rules.',
  );
  const coreText: Record<string, string> = { ALPHA: '%x41-5A / %x61-7A', DIGIT: '%x30-39', HEXDIG: 'DIGIT / "A" / "B" / "C" / "D" / "E" / "F"' };
  for (const [name, ranges] of core) {
    out.push(`const ${name} = codePoints([${ranges.map(hex).join(', ')}], '${name}'); // ${name} = ${coreText[name] ?? ''}`.trimEnd());
  }
  out.push('', 'export const rfc3986Rules: Rules<RuleName> = {');
  names.forEach((n, k) => {
    if (k > 0) out.push('');
    out.push(`  ${q(n)}: ${pretty(rules[n], 2, 4 + q(n).length)},`);
  });
  out.push('};', '');
  return out.join('\n');
}

if (require.main === module) {
  fs.writeFileSync(GRAMMAR_FILE, grammarModuleText());
  console.log(`wrote ${path.relative(process.cwd(), GRAMMAR_FILE)}`);
}
