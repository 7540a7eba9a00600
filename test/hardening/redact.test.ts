/**
 * Issue 15 item 1: errors raised by `redact` never carry the password: not in `message`,
 * `input`, `stack` or what `util.inspect` prints. `input` is the redacted text and `index`
 * points at the same character there as in the original.
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

describe('redact: errors never carry the password', () => {
  it('the case of the issue', () => {
    const e = caught(() => redact('https://alice:s3cret@exa mple.com/'));
    expect(everything(e)).not.toContain('s3cret');
    expect(e.input).toBe('https://alice:***@exa mple.com/');
    expect(e.input[e.index]).toBe(' '); // the same character as in the original
    expect(e.message).toContain('at offset 21, found " "');
    expect(e.message).toContain('https://alice:***@exa mple.com/');
    expect(e.rule).toBe('URI-reference');
  });

  it.each([
    ['http://u:p w@h/', 'p w', 'http://u:***@h/', 9],   // the error lies inside the password: index at its first "*"
    ['http://u:pa/ss@h/', 'pa/ss', 'http://u:***@h/', -1], // a "/" in the password: still hidden
    ['http://u:pa#ss@h/', 'pa#ss', 'http://u:***@h/', -1],
    ['http://u:p@ss@h/', 'p@ss', 'http://u:***@h/', -1],  // to the LAST "@"
    ['//u:pw\u00e9@h/', 'pw\u00e9', '//u:***@h/', -1],
    ['http://u:secret@h:x/', 'secret', 'http://u:***@h:x/', 15],
  ])('%j: the input is %j redacted', (input, secret, shown, index) => {
    const e = caught(() => redact(input));
    expect(everything(e)).not.toContain(secret);
    expect(e.input).toBe(shown);
    if (index >= 0) expect(e.index).toBe(index);
  });

  it('an error with no password in the text is the one parse raises', () => {
    const e = caught(() => redact('http://h/a b'));
    expect(e.input).toBe('http://h/a b');
    expect(e.index).toBe(10);
  });

  it('property: no error from redact contains the password, and the index keeps its character', () => {
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
          let out: string;
          try {
            out = redact(uri);
          } catch (e) {
            expect(e).toBeInstanceOf(UriSyntaxError);
            const err = e as UriSyntaxError;
            expect(everything(err)).not.toContain(pw);
            // The index points at the same character as in the original (what follows it is
            // untouched by redaction), or, for an error inside the password, at the first "*".
            const v = validate(uri);
            expect(v.ok).toBe(false);
            const i0 = (v as { error: UriSyntaxError }).error.index;
            if (err.input.slice(err.index, err.index + 3) !== '***') expect(err.input.slice(err.index)).toBe(uri.slice(i0));
            return;
          }
          expect(out).not.toContain(pw);
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
