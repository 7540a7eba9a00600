/** `uri-grammar parse <uri> [--rule R]`: the components (RFC 3986 section 3) as JSON. */
import type { ComponentRule } from '../components';
import type { Command } from './command';

export const parse: Command = {
  name: 'parse',
  summary: 'the components as JSON (null for absent)',
  synopsis: '<uri> [--rule URI|URI-reference|absolute-URI|relative-ref]',
  details: ['Each component as written (not decoded); null when its delimiter is absent.'],
  options: {},
  arity: [1, 1],
  rules: ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'] satisfies readonly ComponentRule[],
  defaultRule: 'URI-reference',
  rfc3986Only: true,
  async run(ctx) {
    // Loaded on use: `validate` on a batch should not pay for the semantic layer's start-up.
    const { parse: parseComponents } = await import('../components');
    const c = parseComponents(ctx.args[0], ctx.rule as ComponentRule);
    ctx.io.out(JSON.stringify(c, (_k, v) => (v === undefined ? null : v), 2));
    return 0;
  },
};
