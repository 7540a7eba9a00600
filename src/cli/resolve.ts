/** `uri-grammar resolve <base> <reference> [--non-strict]`: RFC 3986 section 5.2. */
import { flag, type Command } from './command';

export const resolve: Command = {
  name: 'resolve',
  summary: 'resolve a reference against a base URI (RFC 3986 5.2)',
  synopsis: '<base> <reference> [--non-strict]',
  options: { 'non-strict': { help: 'ignore a reference scheme equal to the base scheme (5.2.2, for old parsers)' } },
  arity: [2, 2],
  rfc3986Only: true,
  iri: true,
  async run(ctx) {
    const resolveReference = ctx.grammar.name === 'rfc3987'
      ? (await import('../iri/semantics')).resolveIri
      : (await import('../uri/resolve')).resolve; // loaded on use
    ctx.io.out(resolveReference(ctx.args[0], ctx.args[1], { strict: !flag(ctx, 'non-strict') }));
    return 0;
  },
};
