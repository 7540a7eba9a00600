/** `uri-grammar parse <uri> [--rule R]`: the components (RFC 3986 section 3) as JSON. */
import type { ComponentRule } from '../uri/components';
import type { Command } from './command';
import { Usage, show } from './args';

const URI_RULES = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref'] satisfies readonly ComponentRule[];

/** The default rule (URI-reference) read as its RFC 3987 counterpart. */
const IRI_RULE: Record<string, string> = { 'URI': 'IRI', 'URI-reference': 'IRI-reference', 'absolute-URI': 'absolute-IRI', 'relative-ref': 'irelative-ref' };

export const parse: Command = {
  name: 'parse',
  summary: 'the components as JSON (null for absent)',
  synopsis: '<uri> [--rule URI|URI-reference|absolute-URI|relative-ref] (with --grammar rfc3987: IRI|IRI-reference|absolute-IRI|irelative-ref)',
  details: [
    'Each component as written (not decoded); null when its delimiter is absent.',
    'With --grammar rfc2396: the RFC 2396 components of a URI-reference, with hostKind and pathRule.',
    'With --grammar rfc3987: the components of an IRI (RFC 3987), section 4.1 included.',
  ],
  options: {},
  arity: [1, 1],
  // Any rule of the grammar here; run() accepts only the component rules of the grammar in use.
  rules: true,
  defaultRule: 'URI-reference',
  async run(ctx) {
    const g = ctx.grammar.name;
    if (g !== 'rfc3986' && g !== 'rfc2396' && g !== 'rfc3987') throw new Usage('parse works with the rfc3986, rfc2396 and rfc3987 grammars only');
    let c: unknown;
    if (g === 'rfc3987') {
      const { parseIri, IRI_COMPONENT_RULES } = await import('../iri/semantics');
      const rule = IRI_RULE[ctx.rule] ?? ctx.rule;
      if (!(IRI_COMPONENT_RULES as readonly string[]).includes(rule)) throw new Usage(`parse --grammar rfc3987 takes --rule ${IRI_COMPONENT_RULES.join(', ')}; not ${show(ctx.rule)}`);
      c = parseIri(ctx.args[0], rule as never);
    } else {
      if (!(URI_RULES as readonly string[]).includes(ctx.rule)) throw new Usage(`parse takes --rule ${URI_RULES.join(', ')}; not ${show(ctx.rule)}`);
      // Loaded on use: `validate` on a batch should not pay for the semantic layer's start-up.
      c = g === 'rfc2396'
        ? (await import('../builtins/rfc2396')).rfc2396.parse(ctx.args[0]) // URI-reference, the rule RFC 2396 components come from
        : (await import('../uri/components')).parse(ctx.args[0], ctx.rule as ComponentRule);
    }
    ctx.io.out(JSON.stringify(c, (_k, v) => (v === undefined ? null : v), 2));
    return 0;
  },
};
