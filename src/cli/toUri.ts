/** `uri-grammar to-uri <iri> [--idna]`: RFC 3987 3.1, an IRI reference mapped to its URI. */
import { flag, type Command } from './command';

export const toUri: Command = {
  name: 'to-uri',
  summary: 'map an IRI to a URI (RFC 3987 3.1; --idna: host by UTS #46 ToASCII)',
  synopsis: '<iri> [--idna]',
  details: [
    'Percent-encodes the UTF-8 of every non-ASCII character (uppercase hex); ASCII, "%", "#", "[" and "]" are left as they are.',
    'With --idna, a non-ASCII host becomes its xn-- form (UTS #46 ToASCII, non-transitional); a host IDNA rejects is an error naming the label.',
  ],
  options: { idna: { help: 'convert the ireg-name with UTS #46 ToASCII (faß.de → xn--fa-hia.de)' } },
  arity: [1, 1],
  async run(ctx) {
    const { toUri: map } = await import('../iri/toUri'); // loaded on use
    ctx.io.out(map(ctx.args[0], { idna: flag(ctx, 'idna') }));
    return 0;
  },
};
