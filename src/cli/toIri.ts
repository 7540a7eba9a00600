/** `uri-grammar to-iri <uri> [--idna] [--unreserved]`: RFC 3987 3.2, a URI reference shown as an IRI. */
import { flag, type Command } from './command';

export const toIri: Command = {
  name: 'to-iri',
  summary: 'convert a URI to an IRI (RFC 3987 3.2; --idna: xn-- labels shown in Unicode)',
  synopsis: '<uri> [--idna] [--unreserved]',
  details: [
    'Decodes percent-encoded UTF-8 for characters an IRI allows there; keeps %25, reserved and other ASCII, invalid UTF-8 and bidi formatting characters encoded.',
  ],
  options: {
    idna: { help: 'show xn-- host labels in Unicode (UTS #46 ToUnicode), for display' },
    unreserved: { help: 'also decode percent-encoded unreserved ASCII (%41 → A), as 3.2 step 2 allows' },
  },
  arity: [1, 1],
  async run(ctx) {
    const { toIri: map } = await import('../iri/toIri'); // loaded on use
    ctx.io.out(map(ctx.args[0], { idna: flag(ctx, 'idna'), unreserved: flag(ctx, 'unreserved') }));
    return 0;
  },
};
