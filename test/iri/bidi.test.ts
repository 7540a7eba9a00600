/**
 * Bidi controls newer than RFC 3987 (issue 21, item 7): the isolates U+2066-U+2069 and U+061C
 * ARABIC LETTER MARK are refused as section 4.1 refuses LRE and RLO (a documented extension,
 * with the opt-out `allowNewerBidiControls`), and toIri keeps them percent-encoded.
 */
import Ajv from 'ajv';
import { rfc3987, toIri } from '../../src/index';
import uriGrammarAjv from '../../src/ajv';

const NEWER = [0x061c, 0x2066, 0x2067, 0x2068, 0x2069];

describe.each(NEWER.map((cp) => [cp.toString(16).toUpperCase(), String.fromCodePoint(cp)]))('U+%s', (_hex, ch) => {
  const iri = `http://example.org/a${ch}b`;

  it('is refused by IRI validation, at its offset, with its name', () => {
    expect(rfc3987.isValid(iri, 'IRI')).toBe(false);
    const v = rfc3987.validate(iri, 'IRI');
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.error.index).toBe(iri.indexOf(ch));
    expect(v.error.message).toMatch(/newer than RFC 3987/);
    expect(() => rfc3987.parseTree(iri, 'IRI')).toThrow(/newer than RFC 3987/);
  });

  it('is accepted with allowNewerBidiControls (section 4.1 as written) and with abnfOnly', () => {
    expect(rfc3987.isValid(iri, 'IRI', { allowNewerBidiControls: true })).toBe(true);
    expect(rfc3987.validate(iri, 'IRI', { allowNewerBidiControls: true })).toEqual({ ok: true });
    expect(rfc3987.parseTree(iri, 'IRI', { allowNewerBidiControls: true }).end).toBe(iri.length);
    expect(rfc3987.isValid(iri, 'IRI', { abnfOnly: true })).toBe(true);
  });

  it('toIri keeps it percent-encoded', () => {
    const encoded = `http://example.org/a${encodeURIComponent(ch)}b`;
    expect(toIri(encoded)).toBe(encoded);
  });

  it('the ajv format iri refuses it', () => {
    const validate = uriGrammarAjv(new Ajv()).compile({ type: 'string', format: 'iri' });
    expect(validate(iri)).toBe(false);
  });
});

it('section 4.1 as written is still refused with the opt-out', () => {
  expect(rfc3987.isValid('http://example.org/a\u202Eb', 'IRI', { allowNewerBidiControls: true })).toBe(false);
  expect(toIri('http://example.org/a%E2%80%AEb')).toBe('http://example.org/a%E2%80%AEb');
});
