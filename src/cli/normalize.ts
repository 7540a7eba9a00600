/** `uri-grammar normalize <uri> [--scheme]`: RFC 3986 6.2.2 (and 6.2.3 with --scheme). */
import { flag, type Command } from './command';

export const normalize: Command = {
  name: 'normalize',
  summary: 'syntax-based normalization (RFC 3986 6.2.2)',
  synopsis: '<uri> [--scheme]',
  options: { scheme: { help: 'also scheme-based normalization (6.2.3): default port, empty path' } },
  arity: [1, 1],
  rfc3986Only: true,
  iri: true,
  async run(ctx) {
    const normalizeUri = ctx.grammar.name === 'rfc3987'
      ? (await import('../iri/semantics')).normalizeIri // RFC 3987 5.3: the same steps, no NFC
      : (await import('../uri/normalize')).normalize; // loaded on use
    ctx.io.out(normalizeUri(ctx.args[0], { scheme: flag(ctx, 'scheme') }));
    return 0;
  },
};
