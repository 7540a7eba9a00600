/**
 * Hints (src/uri/hints.ts): one row per kind of mistake — the hint kind, where it points, the
 * suggestion (or none) and that the suggestion is valid under the same rule (or policy); and
 * fast-check properties that a present suggestion always validates.
 */
import fc from 'fast-check';
import { validate, isValid, type RuleName } from '../../src/index';
import { createValidator, policyPresets, type PolicyOptions } from '../../src/uri/policy';
import { DETECTORS, findHint, grammarChecker, traits, type HintKind } from '../../src/uri/hints';

// [input, rule, kind, hint index (null: the error's index), suggestion (null: none)]
const rows: Array<[string, RuleName, HintKind, number | null, string | null]> = [
  ['http://example.com/my file.txt', 'URI', 'space', null, 'http://example.com/my%20file.txt'],
  ['http://example.com/a b c', 'URI-reference', 'space', null, 'http://example.com/a%20b%20c'],
  [' http://example.com/', 'URI', 'whitespace', null, 'http://example.com/'],
  ['http://example.com/\t', 'URI', 'whitespace', null, 'http://example.com/'],
  ['http://example.com/\r', 'URI', 'whitespace', null, 'http://example.com/'],
  ['postgres://user:p@ss@db:5432', 'URI', 'password', null, 'postgres://user:***@db:5432'], // the suggestion shows no password
  ['postgres://user:p[1]@db:5432', 'URI', 'password', null, 'postgres://user:***@db:5432'],
  ['postgres://us er:pw@db/x', 'URI', 'password', null, 'postgres://us%20er:***@db/x'],
  ['http://a/100%', 'URI', 'percent', 12, 'http://a/100%25'],
  ['http://a/?q=50%off', 'URI', 'percent', 14, 'http://a/?q=50%25off'],
  ['http://a/%4', 'URI', 'percent', 9, 'http://a/%254'],
  ['http://b\u00fccher.de/', 'URI', 'non-ascii', null, 'http://xn--bcher-kva.de/'],
  ['http://example.com/stra\u00dfe', 'URI', 'non-ascii', null, 'http://example.com/stra%C3%9Fe'],
  ['http://example.com/\u{1F600}', 'URI', 'non-ascii', null, 'http://example.com/%F0%9F%98%80'],
  ['http://example.com/\ud800', 'URI', 'non-ascii', null, null], // a lone surrogate has no UTF-8
  ['http:\\\\example.com\\a', 'URI', 'backslash', null, 'http://example.com/a'],
  ['http://example.com\\a\\b', 'URI', 'backslash', null, 'http://example.com/a/b'],
  ['http://[fe80::1%eth0]/', 'URI', 'zone-id', 15, null],
  ['http://[fe80::1%25eth0]/', 'URI', 'zone-id', 15, null],
  ['http//example.com', 'URI', 'scheme-slashes', 4, 'http://example.com'],
  ['https//example.com/x', 'URI', 'scheme-slashes', 5, 'https://example.com/x'],
  ['http://localhost:80a/', 'URI', 'port', 19, null],
  ['http://localhost:8o8o', 'URI', 'port', 18, null],
  ['http://::1/', 'URI', 'ipv6-brackets', 7, 'http://[::1]/'],
  ['http://fe80::1:2/x', 'URI', 'ipv6-brackets', 7, 'http://[fe80::1:2]/x'],
  ['www.example.com', 'URI', 'missing-scheme', 0, 'https://www.example.com'],
  ['example.com/x', 'absolute-URI', 'missing-scheme', 0, 'https://example.com/x'],
  ['localhost:8080/x', 'URI-reference', 'missing-scheme', 0, null], // valid: scheme "localhost" (no error, see below)
  ['mongodb://h1:1,h2:2/db', 'URI', 'host-list', 14, null],
  ['mongodb://u:p@h1:27017,h2:27017,h3/db', 'URI', 'host-list', 22, null],
  ['//example.com/x', 'URI', 'missing-scheme', 0, 'https://example.com/x'],
  ['/etc/passwd', 'URI', 'missing-scheme', 0, null],
  ['a%zz', 'URI', 'missing-scheme', 0, null],
  ['http://a/b"c', 'URI', 'encode', null, 'http://a/b%22c'],
  ['http://a/{x}', 'URI', 'encode', null, 'http://a/%7Bx%7D'],
  ['http://a/b#c#d', 'URI', 'encode', null, 'http://a/b#c%23d'],
  ['http://a/[x]', 'URI', 'encode', null, 'http://a/%5Bx%5D'],
  [' http://a/my file ', 'URI', 'whitespace', null, 'http://a/my%20file'],
];

describe('a hint for each kind of mistake', () => {
  it.each(rows)('%j as %s: %s', (input, rule, kind, index, suggestion) => {
    const v = validate(input, rule);
    if (input === 'localhost:8080/x') {
      expect(v.ok).toBe(true); // RFC 3986: "localhost" is a scheme; a policy with host: 'required' catches it
      const r = createValidator({ host: 'required' })(input);
      expect(r.ok || [r.error.hintKind, r.error.suggestion]).toEqual(['missing-scheme', 'http://localhost:8080/x']);
      return;
    }
    expect(v.ok).toBe(false);
    if (v.ok) return;
    const e = v.error;
    expect(e.hintKind).toBe(kind);
    expect(e.hintIndex).toBe(index ?? e.index);
    expect(e.message).toContain(`\nhint: ${e.hint}`);
    // One offset in words (the error's); where the hint points elsewhere, "~" marks the way there.
    expect(e.message).not.toMatch(/\(at offset \d+\)/);
    if (index !== null && index !== e.index) {
      const caret = e.message.split('\n').pop()!;
      expect([caret.indexOf('~') - 2, caret.indexOf('^') - 2]).toEqual([Math.min(index, e.index), e.index]);
    }
    expect(e.suggestion).toBe(suggestion ?? undefined);
    if (suggestion !== null) expect(isValid(suggestion, rule)).toBe(true);
    // a suggestion may hold a password: it is never in the message (only the hint text is)
    if (suggestion !== null && !input.includes(suggestion)) expect(e.message).not.toContain(suggestion);
  });
  it('no hint for a mistake it does not know; the message is then as before', () => {
    const v = validate('http://a/b', 'IPv4address');
    expect(v.ok || v.error.hint).toBeUndefined();
    if (!v.ok) expect(v.error.message).not.toContain('hint:');
  });
  it('the exact index keeps its definition', () => {
    const v = validate('http://localhost:80a/', 'URI');
    expect(v.ok || [v.error.index, v.error.hintIndex]).toEqual([20, 19]);
  });
  it('the stack carries the hint too', () => {
    const v = validate('http://a/my file', 'URI');
    if (v.ok) throw new Error('valid');
    expect(v.error.stack).toContain('hint: a space');
  });
});

describe('hints for policy errors', () => {
  const rowsP: Array<[string, PolicyOptions, HintKind, string | null]> = [
    ['http:/example.com', { host: 'required' }, 'scheme-slashes', 'http://example.com'],
    ['https:example.com/x', { host: 'required' }, 'scheme-slashes', 'https://example.com/x'],
    ['www.example.com', { rule: 'URI-reference', relative: false }, 'missing-scheme', 'https://www.example.com'],
    ['http://a b/', { schemes: ['https'] }, 'space', null], // http://a%20b/ breaks the policy (scheme)
    ['https://a b/', { schemes: ['https'] }, 'space', 'https://a%20b/'],
  ];
  it.each(rowsP)('%j %j', (input, policy, kind, suggestion) => {
    const check = createValidator(policy);
    const r = check(input);
    if (r.ok) throw new Error('accepted');
    expect(r.error.hintKind).toBe(kind);
    expect(r.error.suggestion).toBe(suggestion ?? undefined);
    if (suggestion) expect(check(suggestion).ok).toBe(true);
  });
  it('no suggestion is built from a redacted input', () => {
    const p = createValidator({ schemes: ['https'] })('http://u:pw@x/a b');
    if (p.ok) throw new Error('accepted');
    expect(p.error.suggestion).toBeUndefined();
  });
});

describe('property: a present suggestion always validates', () => {
  const RULES: RuleName[] = ['URI', 'URI-reference', 'absolute-URI', 'relative-ref', 'host', 'path'];
  // Valid URIs with a mistake put in: a character from the list of usual suspects.
  const base = fc.constantFrom('http://example.com/a/b?c=d#e', 'postgres://u:p@db:5432/app', 'https://[::1]:8080/', '//h/x', 'a:b', 'http://h');
  const junk = fc.constantFrom(' ', '\t', '%', '%4', '@', '\\', '\u00fc', '\u{1F600}', '#', '"', '[', ']', '{', ':', '/', '?', 'x', '::1', '%eth0', '\ud800');
  const mutated = fc.tuple(base, fc.array(fc.tuple(fc.nat(), junk), { minLength: 1, maxLength: 3 })).map(([s, edits]) => {
    for (const [at, j] of edits) {
      const p = at % (s.length + 1);
      s = s.slice(0, p) + j + s.slice(p);
    }
    return s;
  });
  it('under the grammar', () => {
    fc.assert(
      fc.property(fc.oneof(mutated, fc.string({ maxLength: 30 })), fc.constantFrom(...RULES), (input, rule) => {
        const v = validate(input, rule);
        if (v.ok || v.error.suggestion === undefined) return;
        expect(isValid(v.error.suggestion, rule)).toBe(true);
        expect(v.error.suggestion).not.toBe(input);
      }),
      { seed: 1313, numRuns: 3000 },
    );
  });
  it('under a policy', () => {
    const policies: PolicyOptions[] = [
      { schemes: ['https'], host: 'required' }, { host: 'required', userinfo: 'forbidden' }, { relative: true, query: false }, { port: [1, 100] },
    ];
    fc.assert(
      fc.property(mutated, fc.constantFrom(...policies), (input, policy) => {
        const check = createValidator(policy);
        const r = check(input);
        if (r.ok || r.error.suggestion === undefined) return;
        expect(check(r.error.suggestion).ok).toBe(true);
      }),
      { seed: 1314, numRuns: 2000 },
    );
  });
  it('findHint with a checker that accepts nothing gives no suggestion', () => {
    const h = findHint({ input: 'http://a b', rule: 'URI', index: 8 }, () => 0);
    expect(h?.kind).toBe('space');
    expect(h?.suggestion).toBeUndefined();
    expect(findHint({ input: 'http://a b', rule: 'URI', index: 8 }, grammarChecker('URI'))?.suggestion).toBe('http://a%20b');
  });
  it('a detector skipped for a missing trait would not have fitted (the skip changes no hint)', () => {
    // Every detector is run on every context, whatever the traits; one that fits must have had them.
    let fitted = 0;
    fc.assert(
      fc.property(fc.oneof(mutated, fc.string({ maxLength: 30 })), fc.constantFrom(...RULES), fc.nat(), (input, rule, at) => {
        const ctx = { input, rule, index: at % (input.length + 1) };
        const has = traits(ctx);
        for (const [d, needs] of DETECTORS) {
          if (!d(ctx)) continue;
          fitted++;
          expect([d.name, input, (has & needs) === needs]).toEqual([d.name, input, true]);
        }
      }),
      { seed: 1315, numRuns: 3000 },
    );
    expect(fitted).toBeGreaterThan(1000);
  });
  it('traits: each is seen where it is (hand-checked)', () => {
    const names = (input: string, rule: string, index: number) => traits({ input, rule, index }).toString(2);
    expect(names('http://a b', 'URI-reference', 8)).toBe((8).toString(2)); // "//" only
    expect(names('http//u@h:8a%5B[', 'URI', 4)).toBe((1 | 2 | 4 | 8 | 16 | 256 | 512).toString(2));
    expect(names('a:b:c\\', 'x', 5)).toBe((32 | 64).toString(2));
    expect(names('a\u00fc', 'x', 1)).toBe((128).toString(2));
    // an error at the end of its input reads no character there
    expect(names('a\\', 'x', 2)).toBe((0).toString(2));
    expect(names('', 'URI', 0)).toBe((1).toString(2));
  });
});

describe('errors that say the fix (issue 21, item 5)', () => {
  it('localhost:8080 under a policy: read as a scheme, and the fix checked against the policy', () => {
    const http = createValidator({ schemes: ['http', 'https'], host: 'required' });
    const r = http('localhost:8080');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message.split('\n')[0]).toBe('scheme "localhost" is not allowed (allowed: http, https): scheme at offset 0-9');
    expect(r.error.hint).toContain('"localhost" was read as a scheme');
    expect(r.error.suggestion).toBe('http://localhost:8080');
    const httpsOnly = createValidator({ schemes: ['https'], host: 'required' })('localhost:8080');
    expect(!httpsOnly.ok && httpsOnly.error.suggestion).toBe('https://localhost:8080');
    // a fix the policy would refuse is not suggested
    const noLocal = createValidator({ schemes: ['https'], host: 'required', privateHosts: false })('localhost:8080');
    expect(!noLocal.ok && [noLocal.error.hintKind, noLocal.error.suggestion]).toEqual(['missing-scheme', undefined]);
  });

  it('a port with letters: one offset in words, the way from the hint to the caret marked', () => {
    const v = validate('https://example.com:port/', 'URI');
    expect(v.ok).toBe(false);
    if (v.ok) return;
    const lines = v.error.message.split('\n');
    expect(lines[0]).toBe('not a valid URI: at offset 24, found "/"');
    expect(v.error.message.match(/offset \d+/g)).toEqual(['offset 24']);
    expect(lines.slice(-2)).toEqual(['  https://example.com:port/', '                      ~~~~^']);
  });

  it('a policy error underlines its span', () => {
    const r = createValidator({ schemes: ['https'] })('http://example.com/');
    expect(!r.ok && r.error.message.split('\n').slice(-2)).toEqual(['  http://example.com/', '  ^^^^']);
  });

  it('mongodb host lists: not RFC 3986 syntax, and what to do', () => {
    const r = createValidator(policyPresets.databaseUrl)('mongodb://h1:1,h2:2/db');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.hint).toMatch(/list of hosts.*not RFC 3986 syntax.*one host/);
  });
});
