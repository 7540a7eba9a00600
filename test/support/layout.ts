/**
 * The house's measures, read from the sources as text (test/docs/layout.test.ts holds them):
 * import lines read with the `typescript` package's parser, import cycles, layers, folders
 * mirrored by test/, grammar texts stored once, and the classes and object literals that are a
 * `Grammar`. Pure functions of file names and texts, so that each check can be tried on a
 * small fixture and seen to fail.
 */
import * as path from 'path';
import * as ts from 'typescript';

/** One import of a module by another, as paths relative to the repository (`src/uri/split.ts`). */
export interface Import {
  from: string;
  to: string;
  /** `import type`, or every name imported `type` (erased: no run-time edge). */
  typeOnly: boolean;
  /** `import('./x')` or `require('./x')` in code. */
  dynamic: boolean;
}

/**
 * The relative imports and re-exports of `file` (its text `code`), resolved against `files`
 * (the repository's files): `./x` is `x.ts`, `x/index.ts` or `x` as written. Package imports
 * (`parsimmon`, `fs`) are not the layout's business and are left out.
 */
export function importsOf(file: string, code: string, files: ReadonlySet<string>): Import[] {
  const out: Import[] = [];
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const add = (spec: string, typeOnly: boolean, dynamic: boolean) => {
    if (!spec.startsWith('.')) return;
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    const to = [`${base}.ts`, `${base}/index.ts`, base].find((f) => files.has(f)) ?? base;
    out.push({ from: file, to, typeOnly, dynamic });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly, false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      add(node.moduleSpecifier.text, node.isTypeOnly || (!!named && named.length > 0 && named.every((e) => e.isTypeOnly)), false);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)
      && ts.isStringLiteral(node.moduleReference.expression)) {
      add(node.moduleReference.expression.text, node.isTypeOnly, false);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0])
      && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      add(node.arguments[0].text, false, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, true, false); // `import('./x').T` in a type
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The import cycles: each strongly connected set of two or more modules (or one importing itself), sorted. */
export function cycles(imports: readonly Import[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const i of imports) {
    if (!next.has(i.from)) next.set(i.from, new Set());
    next.get(i.from)!.add(i.to);
  }
  // Tarjan's algorithm, with an explicit stack (a long chain of imports must not overflow).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  for (const root of next.keys()) {
    if (index.has(root)) continue;
    const work: Array<[string, Iterator<string>]> = [];
    const enter = (v: string) => {
      index.set(v, index.size);
      low.set(v, index.get(v)!);
      stack.push(v);
      onStack.add(v);
      work.push([v, (next.get(v) ?? new Set<string>()).values()]);
    };
    enter(root);
    while (work.length > 0) {
      const [v, it] = work[work.length - 1];
      const step = it.next();
      if (!step.done) {
        const w = step.value;
        if (!index.has(w)) enter(w);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === index.get(v)) {
        const scc: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          scc.push(w);
        } while (w !== v);
        if (scc.length > 1 || next.get(v)?.has(v)) found.push(scc.sort());
      }
    }
  }
  return found.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/**
 * The unit of a source file for layering: its top folder under src/ (`engine`, `uri`, …), or the
 * file's name for a file at the root of src/ (`index.ts`, `ajv.ts`).
 */
export function unitOf(file: string): string {
  const parts = file.split('/');
  return parts[0] === 'src' && parts.length > 2 ? parts[1] : parts[parts.length - 1];
}

/**
 * The imports that go against the layers: `layers` lists the units from the bottom up, units on
 * one line side by side; a module may import its own unit and the units of lower lines, nothing
 * else (type-only imports included: a type names the layer it comes from). A unit on no line is
 * reported too.
 */
export function layerBreaches(imports: readonly Import[], layers: ReadonlyArray<readonly string[]>): string[] {
  const rank = new Map<string, number>();
  layers.forEach((line, i) => line.forEach((u) => rank.set(u, i)));
  const out: string[] = [];
  for (const i of imports) {
    const [a, b] = [unitOf(i.from), unitOf(i.to)];
    if (a === b) continue;
    const [ra, rb] = [rank.get(a), rank.get(b)];
    if (ra === undefined || rb === undefined) out.push(`${i.from} -> ${i.to}: ${ra === undefined ? a : b} is on no layer`);
    else if (rb >= ra) out.push(`${i.from} -> ${i.to}${i.typeOnly ? ' (type only)' : ''}: ${a} may not import ${b} (${rb === ra ? 'side by side' : 'a higher layer'})`);
  }
  return out;
}

/** The files directly in `dir` (not in its sub-folders). */
export function filesDirectlyIn(dir: string, files: Iterable<string>): string[] {
  return [...files].filter((f) => path.posix.dirname(f) === dir).sort();
}

/**
 * The folders of src/ (recursively) that have no test folder at the same path under test/,
 * less the `exceptions` (folder → reason).
 */
export function unmirrored(srcFiles: Iterable<string>, testFiles: Iterable<string>, exceptions: Readonly<Record<string, string>>): string[] {
  const folders = (files: Iterable<string>, top: string) => {
    const out = new Set<string>();
    for (const f of files) {
      for (let d = path.posix.dirname(f); d !== top && d.startsWith(`${top}/`); d = path.posix.dirname(d)) out.add(d.slice(top.length + 1));
    }
    return out;
  };
  const tested = folders(testFiles, 'test');
  return [...folders(srcFiles, 'src')].filter((d) => !tested.has(d) && !(`src/${d}` in exceptions)).sort();
}

const normalize = (line: string) => line.trim().split(/\s+/).join(' ');

/**
 * The lines of a grammar text that make its copies known: the rule lines (continuations
 * included), whitespace-normalized, comment lines and lines under 12 characters (`/ "x"`) left out.
 */
export function grammarLines(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).map(normalize).filter((l) => l.length >= 12 && !l.startsWith(';')))];
}

/**
 * The files of `others` that hold a copy of the grammar `text`: at least half of its
 * `grammarLines`, and at least 5 of them (a doc may quote a rule or two; a file that holds
 * half a grammar keeps a second copy of it).
 */
export function grammarCopies(text: string, others: ReadonlyMap<string, string>): Array<{ file: string; lines: number; of: number }> {
  const lines = grammarLines(text);
  const out: Array<{ file: string; lines: number; of: number }> = [];
  for (const [file, other] of others) {
    const flat = normalize(other);
    const held = lines.filter((l) => flat.includes(l)).length;
    if (held >= 5 && held * 2 >= lines.length) out.push({ file, lines: held, of: lines.length });
  }
  return out;
}

/** Where a source file makes a `Grammar`: the classes that implement it, and the object literals typed as one. */
export interface GrammarMakers {
  classes: string[];
  /** `file:line how` for each object literal typed as a Grammar. */
  literals: string[];
}

/**
 * A type that is a `Grammar` (alone, generic, qualified, or a member of an intersection or union):
 * not one that only mentions it inside (`Record<string, () => Grammar>` is a table of makers).
 */
function namesGrammar(type: ts.TypeNode | undefined): boolean {
  if (!type) return false;
  if (ts.isParenthesizedTypeNode(type)) return namesGrammar(type.type);
  if (ts.isIntersectionTypeNode(type) || ts.isUnionTypeNode(type)) return type.types.some((t) => namesGrammar(t));
  if (ts.isTypeReferenceNode(type)) {
    const name = ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
    if (name === 'Grammar') return true;
    // Readonly<Grammar>, Partial<Grammar>: the object is still one.
    return ['Readonly', 'Partial', 'Required'].includes(name) && (type.typeArguments ?? []).some((t) => namesGrammar(t));
  }
  return false;
}

/**
 * The Grammar classes and the Grammar object literals of a file: `class X implements Grammar`,
 * and an object literal (or `Object.freeze` of one, or a local constant holding one) that is
 * annotated `: Grammar`, returned from a function typed `Grammar`, or put `as Grammar`,
 * `as unknown as Grammar` or `satisfies Grammar`.
 */
export function grammarMakers(file: string, code: string): GrammarMakers {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  /**
   * The initializer of the `const` that `id` names, looked up in the blocks around it (a
   * parameter of that name in between hides it); undefined when it is none of those.
   */
  const constOf = (id: ts.Identifier): ts.Expression | undefined => {
    for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
      if (ts.isFunctionLike(n) && n.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === id.text)) return undefined;
      if (!ts.isBlock(n) && !ts.isSourceFile(n)) continue;
      for (const st of n.statements) {
        if (!ts.isVariableStatement(st) || !(st.declarationList.flags & ts.NodeFlags.Const)) continue;
        const d = st.declarationList.declarations.find((x) => ts.isIdentifier(x.name) && x.name.text === id.text);
        if (d) return d.initializer;
      }
    }
    return undefined;
  };
  /** Is `e`, through parentheses, casts, `Object.freeze(…)` and local constants, an object literal? */
  const literal = (e: ts.Expression | undefined, depth = 0): boolean => {
    if (!e || depth > 8) return false;
    if (ts.isObjectLiteralExpression(e)) return true;
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e) || ts.isTypeAssertionExpression(e)) return literal(e.expression, depth + 1);
    if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.getText(source) === 'Object.freeze') return literal(e.arguments[0], depth + 1);
    if (ts.isIdentifier(e)) return literal(constOf(e), depth + 1);
    return false;
  };
  const at = (n: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1}`;
  const classes: string[] = [];
  const literals: string[] = [];
  const visit = (n: ts.Node, returnType?: ts.TypeNode): void => {
    if (ts.isClassLike(n) && n.heritageClauses?.some((h) => h.token === ts.SyntaxKind.ImplementsKeyword
      && h.types.some((t) => (ts.isIdentifier(t.expression) ? t.expression.text : t.expression.getText(source).split('.').pop()) === 'Grammar'))) {
      classes.push(`${n.name?.text ?? '(anonymous class)'} (${at(n)})`);
    }
    if (ts.isVariableDeclaration(n) && namesGrammar(n.type) && literal(n.initializer)) literals.push(`${at(n)} annotated`);
    if ((ts.isAsExpression(n) || ts.isSatisfiesExpression(n)) && namesGrammar(n.type) && literal(n.expression)) {
      literals.push(`${at(n)} ${ts.isAsExpression(n) ? 'as' : 'satisfies'}`);
    }
    if (ts.isReturnStatement(n) && namesGrammar(returnType) && literal(n.expression)) literals.push(`${at(n)} returned`);
    if (ts.isArrowFunction(n) && namesGrammar(n.type) && !ts.isBlock(n.body) && literal(n.body)) literals.push(`${at(n)} returned`);
    const fnType = ts.isFunctionLike(n) ? n.type : returnType;
    ts.forEachChild(n, (c) => visit(c, fnType));
  };
  visit(source);
  const line = (l: string) => Number(/:(\d+) /.exec(l)![1]);
  return { classes, literals: [...new Set(literals)].sort((a, b) => line(a) - line(b) || (a < b ? -1 : 1)) };
}
