/** `uri-grammar equivalent <a> <b>`: exit 0 when equivalent after normalization, 1 when not. */
import type { Command } from './command';

export const equivalent: Command = {
  name: 'equivalent',
  summary: 'exit 0 when two URIs are equivalent (RFC 3986 6.2), 1 when not',
  synopsis: '<a> <b>',
  options: {},
  arity: [2, 2],
  rfc3986Only: true,
  iri: true,
  async run(ctx) {
    const same = ctx.grammar.name === 'rfc3987'
      ? (await import('../iri/semantics')).equivalentIri
      : (await import('../uri/normalize')).equivalent; // loaded on use
    const yes = same(ctx.args[0], ctx.args[1]);
    ctx.io.out(yes ? 'equivalent' : 'not equivalent');
    return yes ? 0 : 1;
  },
};
