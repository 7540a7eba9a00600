/**
 * RFC 3986 Appendix B read once (src/uri/split.ts): the offsets `sections` gives (the host and the
 * query that src/iri/toUri.ts and toIri.ts rewrite in place) are the host and the query that
 * `splitComponents` gives as text, and those of Appendix B's own regular expression, on URI
 * references drawn from the ABNF (seeded) and on IRI references made from them (RFC 3987 2.2 keeps
 * RFC 3986's delimiters). (parse() against Appendix B: test/uri/components.test.ts.)
 */
import fc from 'fast-check';
import { arb } from '../support/arbitraries';
import { rfc3987 } from '../../src/index';
import { sections, splitComponents } from '../../src/uri/split';

/** RFC 3986 Appendix B, and the authority split (userinfo has no "@"; a port follows the host). */
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;
const AUTHORITY_SPLIT = /^(?:([^@]*)@)?(\[[^\]]*\]|[^:]*)(?::(.*))?$/;

/** The host and query of `s` read off its offsets, `undefined` where they are -1. */
function byOffsets(s: string): [string | undefined, string | undefined] {
  const o = sections(s);
  return [o.hostStart < 0 ? undefined : s.slice(o.hostStart, o.hostEnd), o.queryStart < 0 ? undefined : s.slice(o.queryStart, o.queryEnd)];
}

function agree(s: string): void {
  const c = splitComponents(s);
  expect(byOffsets(s)).toEqual([c.host, c.query]);
  const m = APPENDIX_B.exec(s)!;
  const host = m[4] === undefined ? undefined : AUTHORITY_SPLIT.exec(m[4])![2];
  expect([c.scheme, c.authority, c.host, c.path, c.query, c.fragment]).toEqual([m[2], m[4], host, m[5], m[7], m[9]]);
}

/** An IRI reference from a URI reference: some ASCII letters after the scheme become non-ASCII ones. */
const iriReference = fc.tuple(arb['URI-reference'], fc.array(fc.constantFrom('\u00e9', '\u4f8b', '\u{20000}', ''), { minLength: 1, maxLength: 8 }))
  .map(([uri, letters]) => uri.replace(/(?<=[/?#@.].*)[a-z]/g, (ch) => letters[ch.charCodeAt(0) % letters.length] || ch))
  .filter((s) => rfc3987.isValid(s, 'IRI-reference'));

describe('sections: the offsets of the host and query Appendix B splits off', () => {
  it('on URI references drawn from the ABNF', () => {
    fc.assert(fc.property(arb['URI-reference'], (s) => agree(s)), { numRuns: 2000 });
  });

  it('on IRI references', () => {
    fc.assert(fc.property(iriReference, (s) => agree(s)), { numRuns: 2000 });
  });

  it.each([
    ['http://u@h:1/p?q#f', 'h', 'q'],
    ['http://[::1]:8/?', '[::1]', ''],
    ['a:b?c#d?e', undefined, 'c'],
    ['?#', undefined, ''],
    ['//h\u00fc/#?x', 'h\u00fc', undefined],
    ['', undefined, undefined],
  ])('%j: host %j, query %j', (s, host, query) => {
    expect(byOffsets(s)).toEqual([host, query]);
    agree(s);
  });
});
