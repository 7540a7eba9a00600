/** `uri-grammar normalize <uri> [--scheme]`: RFC 3986 6.2.2 (and 6.2.3 with --scheme). */
import { flag, type Command } from './command';

export const normalize: Command = {
  name: 'normalize',
  summary: 'syntax-based normalization (RFC 3986 6.2.2)',
  synopsis: '<uri> [--scheme]',
  options: { scheme: { help: 'also scheme-based normalization (6.2.3): default port, empty path' } },
  arity: [1, 1],
  rfc3986Only: true,
  async run(ctx) {
    const { normalize: normalizeUri } = await import('../normalize'); // loaded on use
    ctx.io.out(normalizeUri(ctx.args[0], { scheme: flag(ctx, 'scheme') }));
    return 0;
  },
};
