/** JSON Schema formats `iri` and `iri-reference` in the ajv plugin: RFC 3987 with section 4.1. */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import uriGrammarAjv from '../../src/ajv';

test.each([
  ['iri', 'http://b\u00fccher.de/stra\u00dfe', true],
  ['iri', 'http://\u4f8b.jp/?\ue000', true],
  ['iri', 'http://h/\ue000', false], // iprivate outside the query
  ['iri', 'http://h/a\u200eb', false], // RFC 3987 4.1
  ['iri', '\u00fc/x', false], // relative
  ['iri', 'http://h/ x', false],
  ['iri', 'about:', true],
  ['iri-reference', '\u00fc/x?\u00e9', true],
  ['iri-reference', '//[::1]/\u{20000}', true],
  ['iri-reference', '\ud800', false],
])('%s %j → %s', (format, s, valid) => {
  const ajv = uriGrammarAjv(addFormats(new Ajv({ strict: true })));
  expect(ajv.validate({ type: 'string', format }, s)).toBe(valid);
});

test('the formats option knows the IRI pair', () => {
  const ajv = uriGrammarAjv(new Ajv({ strict: true }), { formats: ['iri'] });
  expect(ajv.validate({ type: 'string', format: 'iri' }, 'http://\u00e4/')).toBe(true);
  expect(() => uriGrammarAjv(new Ajv(), { formats: ['irl' as never] })).toThrow(/"iri-reference"/);
});
