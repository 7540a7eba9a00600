/** `uri-grammar parse <uri> [--rule R]`: the components (RFC 3986 section 3) as JSON. */
import type { ComponentRule } from '../components';
import type { Command } from './command';
import { Usage } from './args';

export const parse: Command = {
  name: 'parse',
  summary: 'the components as JSON (null for absent)',
  synopsis: '<uri> [--rule URI|URI-reference|absolute-URI|relative-ref]',
  details: [
    'Each component as written (not decoded); null when its delimiter is absent.',
    'With --grammar rfc2396: the RFC 2396 components of a URI-reference, with hostKind and pathRule.',
  ],
  options: {},
  arity: [1, 1],
  rules: ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'] satisfies readonly ComponentRule[],
  defaultRule: 'URI-reference',
  async run(ctx) {
    if (ctx.grammar.name !== 'rfc3986' && ctx.grammar.name !== 'rfc2396') throw new Usage('parse works with the rfc3986 and rfc2396 grammars only');
    // Loaded on use: `validate` on a batch should not pay for the semantic layer's start-up.
    const c = ctx.grammar.name === 'rfc2396'
      ? (await import('../rfc2396')).rfc2396.parse(ctx.args[0]) // URI-reference, the rule RFC 2396 components come from
      : (await import('../components')).parse(ctx.args[0], ctx.rule as ComponentRule);
    ctx.io.out(JSON.stringify(c, (_k, v) => (v === undefined ? null : v), 2));
    return 0;
  },
};
