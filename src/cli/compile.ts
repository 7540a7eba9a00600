/**
 * `uri-grammar compile FILE.abnf [--notation rfc2396] [--format esm|cjs] [--out FILE] [--name N]
 * [--lexical R]... [--label R]... [--samples FILE] [--plan R]...`: a grammar file as a module whose
 * default export (ESM) or `module.exports` (CommonJS) is the grammar, tables inside (and tree
 * plans, with --samples or --plan: src/engine/trees/plan.ts; src/engine/build/compiled.ts), and, with
 * `--out`, its declaration file beside it (`.d.ts`, or `.d.mts` for a `.mjs` file).
 */
import * as fs from 'fs';
import * as path from 'path';
import { compileAbnf } from '../engine/text/abnf';
import { toModule, toTypes } from '../engine/build/compiled';
import { notationNames } from '../engine/text/notation';
import { Usage, show } from './args';
import type { Command } from './command';

/** The declaration file beside a module file: x.js → x.d.ts, x.mjs → x.d.mts, x.cjs → x.d.cts. */
export function typesFileOf(out: string): string {
  const ext = path.extname(out);
  const base = ext ? out.slice(0, -ext.length) : out;
  return base + (ext === '.mjs' ? '.d.mts' : ext === '.cjs' ? '.d.cts' : '.d.ts');
}

const list = (v: string | true | string[] | undefined): string[] => (v === undefined || v === true ? [] : Array.isArray(v) ? v : [v]);

export const compile: Command = {
  name: 'compile',
  summary: 'a grammar file as a JavaScript module (and its .d.ts): no compile at run time',
  synopsis: '<FILE.abnf> [--notation abnf|rfc2396] [--format cjs|esm] [--out FILE] [--name N] [--lexical R]... [--label R]... [--samples FILE] [--plan R]...',
  details: [
    'Writes a module whose default export (esm) or module.exports (cjs, the default) is the grammar,',
    'with its tables inside: it answers exactly as compileAbnf(text) does, with nothing to compile.',
    'It imports uri-grammar. With --out, the declaration file is written beside it (x.js: x.d.ts,',
    'x.mjs: x.d.mts), typing the grammar by its rule names; without, the module goes to standard output.',
    'A .bnf file is read in RFC 2396\'s notation unless --notation says otherwise.',
    'With --samples (a file of inputs like those the grammar will read, one a line) or --plan, the module',
    'also carries a tree plan of the first rule (or of each --plan rule), made from those inputs (or from',
    'derivations of the rule): its first parseTree then reads tables instead of building them.',
  ],
  options: {
    notation: { value: 'N', help: 'abnf (default for .abnf files) or rfc2396 (default for .bnf files)' },
    format: { value: 'F', help: 'cjs (default) or esm' },
    out: { value: 'FILE', help: 'the module file to write (and its declaration file beside it)' },
    name: { value: 'N', help: 'the grammar\'s name (default: the file name)' },
    lexical: { value: 'R', repeat: true, help: 'a character-level rule: tree nodes only with { lexical: true }' },
    label: { value: 'R', repeat: true, help: 'a rule whose name errors use for the characters that begin it' },
    samples: { value: 'FILE', help: 'inputs to make the tree plans from, one a line' },
    plan: { value: 'R', repeat: true, help: 'a rule whose trees get a plan (default with --samples: the first rule)' },
  },
  arity: [1, 1],
  run(ctx) {
    const file = ctx.args[0];
    const format = ctx.opts.get('format') ?? 'cjs';
    if (format !== 'cjs' && format !== 'esm') throw new Usage(`compile: --format must be cjs or esm, not ${show(String(format))}`);
    const notation = ctx.opts.get('notation') ?? (/\.bnf$/i.test(file) ? 'rfc2396' : 'abnf');
    if (typeof notation !== 'string' || !notationNames().includes(notation)) {
      throw new Usage(`compile: --notation must be one of ${notationNames().join(', ')}, not ${show(String(notation))}`);
    }
    const outOpt = ctx.opts.get('out');
    if (outOpt === true || Array.isArray(outOpt)) throw new Usage('compile: --out takes one file name');
    const out = outOpt;
    const name = ctx.opts.get('name');
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      throw new Usage(`compile: cannot read ${show(file)}: ${(e as NodeJS.ErrnoException).code ?? 'read failed'}`);
    }
    let grammar;
    try {
      grammar = compileAbnf(text, {
        notation,
        name: typeof name === 'string' ? name : path.basename(file),
        lexicalRules: list(ctx.opts.get('lexical')),
        labelRules: list(ctx.opts.get('label')),
      });
    } catch (e) {
      const err = e as Error;
      // The text is not a grammar (exit 1), or an option names no rule of it (wrong usage).
      if (err.name === 'AbnfSyntaxError') {
        ctx.io.err(`${err.name}: ${err.message}`);
        return 1;
      }
      if (err instanceof TypeError) throw new Usage(`compile: ${err.message.replace(/^compileAbnf: /, '')}`);
      throw e;
    }
    const samplesOpt = ctx.opts.get('samples');
    if (samplesOpt === true || Array.isArray(samplesOpt)) throw new Usage('compile: --samples takes one file name');
    let samples: string[] | undefined;
    if (samplesOpt !== undefined) {
      try {
        samples = fs.readFileSync(samplesOpt, 'utf8').split(/\r?\n/).filter((l) => l !== '');
      } catch (e) {
        throw new Usage(`compile: cannot read ${show(samplesOpt)}: ${(e as NodeJS.ErrnoException).code ?? 'read failed'}`);
      }
    }
    const plans = ctx.opts.get('plan') === undefined ? undefined : list(ctx.opts.get('plan'));
    const options = { format, source: path.basename(file) } as const;
    let module: string;
    try {
      module = toModule(grammar, { ...options, ...(plans ? { plans } : {}), ...(samples ? { samples } : {}) });
    } catch (e) {
      // A --plan rule that is not one of the grammar's, or that reaches recursion.
      if (e instanceof TypeError) throw new Usage(`compile: ${e.message.replace(/^toModule: /, '')}`);
      throw e;
    }
    if (out === undefined) {
      ctx.io.out(module.trimEnd());
      return 0;
    }
    const types = typesFileOf(out);
    fs.writeFileSync(out, module);
    fs.writeFileSync(types, toTypes(grammar, options));
    ctx.io.err(`wrote ${out} and ${types} (${grammar.rules.length} rules)`);
    return 0;
  },
};
