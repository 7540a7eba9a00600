/**
 * `uri-grammar diff --grammar A --rule R --against B --rule S`: how two rules' languages relate,
 * with the shortest string in each and not the other (src/engine/analysis/compare.ts). Exit 0
 * when they are equal, 1 when they differ (or when a bounded search could not tell).
 */
import * as path from 'path';
import { compare, relationWords } from '../engine/analysis/compare';
import { Usage, show } from './args';
import type { Command } from './command';
import { cliGrammar } from './grammar';

const quote = (s: string) => JSON.stringify(s);

export const diff: Command = {
  name: 'diff',
  summary: 'how two rules\' languages differ: the shortest string in each and not the other, or a proof of none',
  synopsis: '--rule R --against B [--rule S] [--ascii] [--max-states N]',
  details: [
    'Compares rule R of --grammar (default rfc3986) with rule S of --against B (a grammar name or file;',
    'default: the same grammar; S defaults to R). Regular rules are compared exactly, on their',
    'automata: "none" is a proof. A rule that reaches recursion gets a bounded search, labelled so.',
    'Exit status: 0 the languages are equal, 1 they differ (or a bounded search could not tell).',
  ],
  options: {
    rule: { value: 'R', repeat: true, help: 'the rule of --grammar, then (given again) the rule of --against' },
    against: { value: 'B', help: 'the other grammar: a name (rfc2396, rfc3987, ...) or a file (default: --grammar)' },
    ascii: { help: 'compare the languages restricted to ASCII (RFC 3987 against RFC 3986)' },
    'max-states': { value: 'N', help: 'product automaton states visited at most (default 200000)' },
  },
  arity: [0, 0],
  run(ctx) {
    const rules = ctx.opts.get('rule');
    const list = rules === undefined ? [] : Array.isArray(rules) ? rules : [String(rules)];
    if (list.length === 0 || list.length > 2) throw new Usage('diff: give --rule R (and --rule S for the --against grammar)');
    const against = ctx.opts.get('against');
    const a = ctx.grammar.grammar;
    const b = typeof against === 'string' ? cliGrammar(against).grammar : a;
    const named = (rules: readonly string[], asked: string, which: string) => {
      const r = rules.find((x) => x === asked) ?? rules.find((x) => x.toLowerCase() === asked.toLowerCase());
      if (r === undefined) throw new Usage(`diff: unknown rule ${show(asked)} in ${which}`);
      return r;
    };
    const ra = named(a.rules, list[0], a.name ?? 'the grammar');
    const rb = named(b.rules, list[1] ?? list[0], b.name ?? String(against));
    const maxText = ctx.opts.get('max-states');
    let maxStates: number | undefined;
    if (maxText !== undefined) {
      maxStates = Number(maxText);
      if (!Number.isSafeInteger(maxStates) || maxStates < 1) throw new Usage(`diff: --max-states must be a positive integer, not ${show(String(maxText))}`);
    }
    const r = compare(a, ra, b, rb, { ascii: ctx.opts.get('ascii') === true, ...(maxStates ? { maxStates } : {}) });
    // A grammar file by its file name (the registry's by theirs).
    const nameA = `${path.basename(a.name ?? 'A')} ${ra}`;
    const nameB = `${path.basename(b.name ?? 'B')} ${rb}`;
    ctx.io.out(`${nameA} vs ${nameB}${r.exact ? '' : ' (bounded)'}${ctx.opts.get('ascii') === true ? ' (ASCII only)' : ''}: ${relationWords(r.relation, nameA, nameB)}`);
    ctx.io.out(`  only in ${nameA}: ${r.onlyA === undefined ? (r.exact ? 'none (proved)' : 'none found') : quote(r.onlyA)}`);
    ctx.io.out(`  only in ${nameB}: ${r.onlyB === undefined ? (r.exact ? 'none (proved)' : 'none found') : quote(r.onlyB)}`);
    ctx.io.out(`  ${r.method}`);
    return r.relation === 'equal' ? 0 : 1;
  },
};
