/**
 * Issue 15 item 1: errors never carry the password: not in `message`, `input`, `stack` or what
 * `util.inspect` prints. Since issue 34 `redact` itself never throws on a string: text that is
 * not a URI reference is redacted loosely (test/hardening/secrets.test.ts has the rest).
 */
import * as util from 'util';
import fc from 'fast-check';
import { equivalent, normalize, recompose, redact, resolve, validate, UriSyntaxError } from '../../src';

function caught(f: () => unknown): UriSyntaxError {
  try {
    f();
  } catch (e) {
    if (e instanceof UriSyntaxError) return e;
    throw e;
  }
  throw new Error('did not throw');
}

/** Everything an error shows when logged. */
const everything = (e: Error): string => [e.message, String(e.stack), util.inspect(e), JSON.stringify(e), String(e)].join('\n')
  + (e instanceof UriSyntaxError ? e.input : '');

describe('redact: never throws on a string, and never returns the password (issue 34)', () => {
  it('the case of issue 15: text that is not a URI reference is redacted loosely, not refused', () => {
    expect(redact('https://alice:s3cret@exa mple.com/')).toBe('https://alice:***@exa mple.com/');
  });

  it.each([
    ['http://u:p w@h/', 'http://u:***@h/'],
    ['http://u:pa/ss@h/', 'http://u:***@h/'], // a "/" in the password: still hidden
    ['http://u:pa#ss@h/', 'http://u:***@h/'],
    ['http://u:p@ss@h/', 'http://u:***@h/'], // to the LAST "@"
    ['//u:pw\u00e9@h/', '//u:***@h/'],
    ['http://u:secret@h:x/', 'http://u:***@h:x/'],
    ['http://h/a b', 'http://h/a b'], // no password: as it is
  ])('%j -> %j', (input, shown) => {
    expect(redact(input)).toBe(shown);
  });

  it('property: no output of redact contains the password, and it never throws', () => {
    const lower = fc.string({ unit: fc.constantFrom(...'abcxyz0189-.'), minLength: 1, maxLength: 8 });
    // A password marked with "Pw" (which nothing else contains) and then anything at all.
    const password = fc.string({ unit: fc.oneof(fc.constantFrom(...'aZ9-._~!$&()*+,;=:%/?#@[] \t\\"\u00e9\u4e2d'), fc.string({ unit: 'binary', maxLength: 1 })), maxLength: 12 }).map((s) => 'Pw' + s);
    const damage = fc.constantFrom('', ' ', '<', '%zz', '[', '\u00e9', '\0', ':x');
    fc.assert(
      fc.property(
        fc.constantFrom('http:', 'https:', 'a+b.c-d:', ''), lower, password, lower, fc.constantFrom('', '/p', '/a@b', '?q', '#f'), damage, fc.nat(),
        (scheme, user, pw, host, rest, bad, at) => {
          const tail = host + rest;
          const k = at % (tail.length + 1);
          const uri = `${scheme}//${user}:${pw}@${tail.slice(0, k)}${bad}${tail.slice(k)}`;
          expect(redact(uri)).not.toContain(pw);
        },
      ),
      { seed: 15, numRuns: 2000 },
    );
  });
});

describe('the other functions that transform a URI hide the password in their errors too', () => {
  const lower = fc.string({ unit: fc.constantFrom(...'abcxyz0189-.'), minLength: 1, maxLength: 8 });
  const password = fc.string({ unit: fc.constantFrom(...'aZ9-._~!$&()*+,;=:%/?#@[] \t\\"\u00e9'), maxLength: 10 }).map((s) => 'Pw' + s);
  const damage = fc.constantFrom('', ' ', '<', '%zz', '[', '\u00e9', ':x');

  /** Runs `f`; if it throws, nothing the error shows holds `pw`. */
  const noLeak = (pw: string, f: () => unknown): void => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(UriSyntaxError);
      expect(everything(e as Error)).not.toContain(pw);
    }
  };

  it('property: normalize, equivalent, resolve and recompose', () => {
    fc.assert(fc.property(fc.constantFrom('http:', 'https:', ''), lower, password, lower, damage, fc.nat(), (scheme, user, pw, host, bad, at) => {
      const tail = host + '/p';
      const k = at % (tail.length + 1);
      const uri = `${scheme}//${user}:${pw}@${tail.slice(0, k)}${bad}${tail.slice(k)}`;
      noLeak(pw, () => normalize(uri));
      noLeak(pw, () => equivalent(uri, 'http://a/'));
      noLeak(pw, () => equivalent('http://a/', uri));
      noLeak(pw, () => resolve(uri, 'x'));
      noLeak(pw, () => resolve('http://a/', uri));
      noLeak(pw, () => recompose({ scheme: 'http', userinfo: `${user}:${pw}`, host }));
      noLeak(pw, () => recompose({ scheme: 'http', authority: `${user}:${pw}@${host}${bad}` }));
      noLeak(pw, () => recompose({ scheme: 'http', authority: `${user}:${pw}@${host}`, host: 'other' }));
    }), { seed: 15, numRuns: 1000 });
  });

  it('the messages still say where and what', () => {
    const e = caught(() => resolve('http://u:s3cret@h:x/', 'y'));
    expect(e.message).toMatch(/^resolve: base is not a valid URI: at offset 15, found "x"/);
    expect(e.input).toBe('http://u:***@h:x/');
    expect(e.input[e.index]).toBe('x');
    const r = caught(() => normalize('//u:s3cret@h/'));
    expect(r.message).toContain('"//u:***@h/" is a relative reference');
    const c = caught(() => recompose({ userinfo: 'u:s3 cret', host: 'h' }));
    expect(c.message).toMatch(/component "userinfo" cannot be recomposed: not a valid userinfo: at offset 2, inside the password/);
    // The whole password (a piece as short as "s3" may be in the stack's file paths, e.g. /tmp/ns3/).
    expect(everything(c)).not.toContain('s3 cret');
    expect(everything(c)).not.toContain('s3%20cret');
  });
});
