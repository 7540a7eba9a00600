/**
 * `uri-grammar shadows [--rule R] [--max-states N]`: the alternatives first match never takes,
 * and those that overlap an earlier one, each with a shortest witness and the reason
 * (src/engine/analysis/shadows.ts). Exit 1 when an alternative is never taken (shadowed or
 * unreached), so a CI job can fail on it; else 0, overlaps or not.
 */
import { shadows as shadowReport, type ShadowEntry } from '../engine/analysis/shadows';
import { at, rulesOf, spell } from '../engine/analysis/rules';
import { Usage, show } from './args';
import type { Command } from './command';

/** A witness on one line: JSON-quoted (controls escaped), the line separators too. */
const quote = (s: string) => JSON.stringify(s).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export const shadows: Command = {
  name: 'shadows',
  summary: 'alternatives first match never takes, and overlapping ones, each with a shortest witness',
  synopsis: '[--rule R] [--max-states N]',
  details: [
    'For every alternation of the grammar (of the rules R reaches, with --rule), one line for each',
    'alternative that is shadowed (every string it matches, an earlier alternative matches first),',
    'unreached (with --rule: no string of R tried gets first match to take it) or overlapping an',
    'earlier one (a string both match: the earlier one is the tree for it), with a shortest witness.',
    'Regular rules are answered exactly ("proved"); rules that reach recursion by a bounded search.',
    'Exit status: 1 when an alternative is never taken (shadowed or unreached), else 0.',
  ],
  options: {
    'max-states': { value: 'N', help: 'product automaton states a search visits at most (default 200000)' },
  },
  arity: [0, 0],
  rules: true,
  run(ctx) {
    const maxText = ctx.opts.get('max-states');
    let maxStates: number | undefined;
    if (maxText !== undefined) {
      maxStates = Number(maxText);
      if (!Number.isSafeInteger(maxStates) || maxStates < 1) throw new Usage(`shadows: --max-states must be a positive integer, not ${show(String(maxText))}`);
    }
    const grammar = ctx.grammar.grammar;
    // No --rule: every rule of the grammar (the command has no default rule).
    const root = ctx.rule === '' ? undefined : ctx.rule;
    const report = shadowReport(grammar, root, maxStates ? { maxStates } : {});
    const rules = rulesOf(grammar);
    const alt = (e: ShadowEntry, k: number) => `${k + 1}. ${spell(at(rules[e.rule], [...e.path, k]), 40)}`;
    const how = (e: ShadowEntry) => (e.exact ? 'proved' : 'bounded search');
    for (const e of report) {
      const where = `${e.rule}${e.path.length ? ` at ${e.path.join('.')}` : ''}: ${alt(e, e.index)}`;
      if (e.kind === 'shadowed') {
        ctx.io.out(`shadowed   ${where}  witness ${quote(e.witness ?? '')}  ${alt(e, e.by ?? 0)} matches every string it does, and is tried first (${how(e)})`);
      } else if (e.kind === 'unreached') {
        ctx.io.out(`unreached  ${where}  no string of ${root} tried gets first match to take it: earlier choices around it take each one (${how(e)})`);
      } else if (e.witness === undefined) {
        ctx.io.out(`overlap    ${where}  witness none found  with ${alt(e, e.by ?? 0)}: the search stopped at its bound (not proved)`);
      } else {
        ctx.io.out(`overlap    ${where}  witness ${quote(e.witness)}  ${alt(e, e.by ?? 0)} matches it too, and is tried first (${how(e)})`);
      }
    }
    const shadowed = report.filter((e) => e.kind === 'shadowed').length;
    const unreached = report.filter((e) => e.kind === 'unreached').length;
    const overlaps = report.filter((e) => e.kind === 'overlap').length;
    const never = shadowed + unreached;
    const scope = root === undefined ? `${grammar.rules.length} rules` : `the rules ${root} reaches`;
    ctx.io.out(`${never === 0 ? 'no alternative' : `${never} alternative${never === 1 ? '' : 's'}`} never taken (${shadowed} shadowed, ${unreached} unreached), ${overlaps} overlap${overlaps === 1 ? '' : 's'}, in ${scope}`);
    return never === 0 ? 0 : 1;
  },
};
