/**
 * Policies (src/uri/policy.ts): each option accepts and refuses what it says, the error names the
 * component and points at its span, a password never shows in a policy error, options are
 * checked, and the presets behave as documented.
 */
import fc from 'fast-check';
import { createValidator, policyPresets, UriPolicyError, type PolicyOptions } from '../../src/uri/policy';
import { UriSyntaxError, parse } from '../../src/index';

type Row = [string, PolicyOptions, string, null | 'syntax' | [string, number, number]];

// [input, policy, description, null when accepted, 'syntax' for a UriSyntaxError, or [component, index, end] of the policy error]
const rows: Row[] = [
  // rule and relative
  ['../x', {}, 'relative refused by default (rule URI: a syntax error)', 'syntax'],
  ['/x', { relative: true }, 'relative allowed', null],
  ['//h/x', { relative: true }, 'a network-path reference names another host: refused by default', ['host', 2, 3]],
  ['//h/x', { relative: true, networkPath: true }, 'a network-path reference when the policy opts in', null],
  ['/cb', { ...policyPresets.httpUrl, schemes: ['https'], relative: true }, 'a path reference: no host of its own to require', null],
  ['?q', { host: 'required', relative: true, query: true }, 'a query reference', null],
  ['?q', { relative: true, query: false }, 'a query reference under a no-query policy', ['query', 1, 2]],
  ['//evil.com/x', { ...policyPresets.httpUrl, schemes: ['https'], relative: true }, 'the open-redirect shape', ['host', 2, 10]],
  ['//evil.com/x', { ...policyPresets.httpUrl, schemes: ['https'], relative: true, networkPath: true }, 'opted in: a host that passes the host rules', null],
  ['//-bad-.com/x', { ...policyPresets.httpUrl, relative: true, networkPath: true }, 'opted in: its host passes the host rules', ['host', 2, 11]],
  ['//h/x', { rule: 'URI-reference', relative: false }, 'URI-reference syntax, but no relative', ['scheme', 0, 0]],
  ['a:b', { rule: 'URI-reference' }, 'a URI is a URI-reference', null],
  // schemes
  ['HTTPS://h/', { schemes: ['https'] }, 'scheme compared case-insensitively', null],
  ['https://h/', { schemes: ['HTTP', 'HTTPS'] }, 'allowed list case-insensitive too', null],
  ['ftp://h/', { schemes: ['http', 'https'] }, 'scheme not in the list', ['scheme', 0, 3]],
  ['//h/', { schemes: ['https'], relative: true, networkPath: true }, 'a relative reference has no scheme to check', null],
  // host
  ['https://', { host: 'required' }, 'empty host', ['host', 8, 8]],
  ['http:/x', { host: 'required' }, 'no authority at all', ['host', 5, 5]],
  ['file:///etc/hosts', { host: 'required' }, 'file:/// has an empty host', ['host', 7, 7]],
  ['http://h/', { host: 'required' }, 'a host', null],
  ['mailto:a@b', { host: 'forbidden' }, 'no authority', null],
  ['file:///x', { host: 'forbidden' }, 'an empty host is no host', null],
  ['http://u@h:1/', { host: 'forbidden' }, 'a host where none may be', ['host', 9, 10]],
  // userinfo
  ['http://u@h/', { userinfo: 'forbidden' }, 'userinfo', ['userinfo', 7, 8]],
  ['http://@h/', { userinfo: 'forbidden' }, 'an empty userinfo is still one', ['userinfo', 7, 7]],
  ['http://u@h/', { userinfo: 'no-password' }, 'a user, no password', null],
  ['http://u:@h/', { userinfo: 'no-password' }, '"user:" has no password (3.2.1)', null],
  ['http://u:pw@h/', { userinfo: 'no-password' }, 'a password (shown as ***)', ['userinfo', 7, 12]],
  ['http://u:pw@h/', {}, 'userinfo allowed by default', null],
  // port
  ['http://h:99999/', {}, 'default range 0-65535', ['port', 9, 14]],
  ['http://h:65535/', {}, 'top of the default range', null],
  ['http://h:0/', {}, 'bottom of the default range', null],
  ['http://h:000000000000000000080/', {}, 'leading zeros', null],
  ['http://h:99999999999999999999999/', {}, 'a huge number', ['port', 9, 32]],
  ['http://h:/', { port: [1, 2] }, 'an empty port means the default (3.2.3)', null],
  ['http://h:0/', { port: [1, 65535] }, 'below the range', ['port', 9, 10]],
  ['http://[::1]:8080/', { port: [8000, 8999] }, 'in the range, after an IP-literal', null],
  ['http://[::1]:9000/', { port: [8000, 8999] }, 'above the range', ['port', 13, 17]],
  // query and fragment
  ['http://h/?q', { query: false }, 'query', ['query', 10, 11]],
  ['http://h/?', { query: false }, 'an empty query is a query', ['query', 10, 10]],
  ['http://h/#f', { fragment: false }, 'fragment', ['fragment', 10, 11]],
  ['http://h/?q#f', { fragment: false }, 'fragment after a query', ['fragment', 12, 13]],
  ['http://h/?q#f', {}, 'both allowed by default', null],
];

describe('createValidator: each option', () => {
  it.each(rows)('%j %j: %s', (input, options, _why, want) => {
    const r = createValidator(options)(input);
    if (want === null) {
      expect(r).toEqual({ ok: true, components: parse(input, options.rule ?? (options.relative ? 'URI-reference' : 'URI')) });
      return;
    }
    expect(r.ok).toBe(false);
    if (r.ok) return;
    if (want === 'syntax') {
      expect(r.error).toBeInstanceOf(UriSyntaxError);
      return;
    }
    expect(r.error).toBeInstanceOf(UriPolicyError);
    const e = r.error as UriPolicyError;
    expect([e.component, e.index, e.end]).toEqual(want);
    expect(e.name).toBe('UriPolicyError');
    expect(e.message).toContain(`${e.component} at offset ${e.index}`);
    // the caret display of a syntax error, with the component's span underlined (one "^" when empty)
    const lines = e.message.split('\n');
    expect(lines[lines.length - 1]).toBe(`  ${' '.repeat(e.index)}${'^'.repeat(Math.max(1, e.end - e.index))}`);
  });
});

describe('UriPolicyError', () => {
  it('a syntax error stays a UriSyntaxError', () => {
    const r = createValidator({ schemes: ['https'] })('https://a b/');
    expect(r.ok || r.error).toBeInstanceOf(UriSyntaxError);
  });
  it('never carries a password: input, message, stack show it redacted, the span moved to match', () => {
    const r = createValidator({ userinfo: 'no-password' })('postgres://admin:s3cr%40t@db:5432/x');
    if (r.ok) throw new Error('accepted');
    const e = r.error as UriPolicyError;
    expect(e.input).toBe('postgres://admin:***@db:5432/x');
    for (const s of [e.input, e.message, String(e.stack)]) expect(s).not.toContain('s3cr');
    expect(e.input.slice(e.index, e.end)).toBe('admin:***');
    const port = createValidator({ port: [1, 100] })('postgres://admin:s3cret@db:5432/x');
    if (port.ok) throw new Error('accepted');
    const pe = port.error as UriPolicyError;
    expect(pe.message).not.toContain('s3cret');
    expect(pe.input.slice(pe.index, pe.end)).toBe('5432');
  });
  it('property: no policy error contains the password', () => {
    const pw = fc.stringMatching(/^[A-Za-z0-9]{4,12}$/).map((s) => `Pw${s}`);
    fc.assert(
      fc.property(pw, fc.constantFrom<PolicyOptions>({ schemes: ['ftp'] }, { port: [1, 2] }, { query: false }, { userinfo: 'no-password' }, { host: 'forbidden' }), (p, policy) => {
        const r = createValidator(policy)(`https://user:${p}@example.com:443/?q`);
        expect(r.ok).toBe(false);
        if (!r.ok) for (const s of [r.error.message, (r.error as UriPolicyError).input, String(r.error.stack)]) expect(s).not.toContain(p);
      }),
      { seed: 13, numRuns: 200 },
    );
  });
});

describe('options are checked', () => {
  it.each([
    [{ schemes: 'https' }, 'option "schemes"'],
    [{ schemes: [] }, 'option "schemes"'],
    [{ schemes: ['ht tp'] }, 'option "schemes"'],
    [{ host: 'yes' }, 'option "host"'],
    [{ userinfo: true }, 'option "userinfo"'],
    [{ port: [10, 1] }, 'option "port"'],
    [{ port: [0, 1.5] }, 'option "port"'],
    [{ port: 80 }, 'option "port"'],
    [{ query: 'false' }, 'option "query"'],
    [{ rule: 'host' }, 'option "rule"'],
    [{ rule: 'relative-ref', relative: false }, 'option "relative"'],
    [{ shemes: ['https'] }, 'unknown option "shemes"'],
    // Contradictions: refused alike here and on the command line (which reports this message).
    [{ relative: true, rule: 'URI' }, 'option "relative" contradicts option "rule" "URI"'],
    [{ relative: true, rule: 'absolute-URI' }, 'option "relative" contradicts option "rule" "absolute-URI"'],
    [{ networkPath: true }, 'option "networkPath" needs relative references'],
    [{ hostSyntax: 'idna' }, 'option "hostSyntax"'],
    [{ privateHosts: 'no' }, 'option "privateHosts"'],
  ])('%j', (options, message) => {
    expect(() => createValidator(options as PolicyOptions)).toThrow(TypeError);
    expect(() => createValidator(options as PolicyOptions)).toThrow(message);
  });
  it('not a plain object, or an inherited option: refused / ignored', () => {
    expect(() => createValidator(new Map() as unknown as PolicyOptions)).toThrow(TypeError);
    expect(() => createValidator(null as unknown as PolicyOptions)).toThrow(TypeError);
    const proto = Object.prototype as Record<string, unknown>;
    proto.schemes = ['ftp'];
    try {
      expect(createValidator({})('https://h/').ok).toBe(true);
    } finally {
      delete proto.schemes;
    }
  });
  it('a non-string input is a TypeError', () => {
    expect(() => createValidator()(42 as unknown as string)).toThrow(TypeError);
  });
});

describe('presets (examples, documented in the README)', () => {
  const ok = (preset: keyof typeof policyPresets, s: string) => createValidator(policyPresets[preset])(s).ok;
  const component = (preset: keyof typeof policyPresets, s: string) => {
    const r = createValidator(policyPresets[preset])(s);
    return r.ok ? null : r.error instanceof UriPolicyError ? r.error.component : 'syntax';
  };
  it('httpUrl', () => {
    expect(ok('httpUrl', 'https://example.com/a?b#c')).toBe(true);
    expect(ok('httpUrl', 'HTTP://example.com:8080')).toBe(true);
    expect(component('httpUrl', 'www.example.com')).toBe('syntax');
    expect(component('httpUrl', 'http//example.com')).toBe('syntax');
    expect(component('httpUrl', '../../etc/passwd')).toBe('syntax');
    expect(component('httpUrl', 'https://')).toBe('host');
    expect(component('httpUrl', 'http:')).toBe('host');
    expect(component('httpUrl', 'http:/example.com')).toBe('host');
    expect(component('httpUrl', 'http://localhost:99999/')).toBe('port');
    expect(component('httpUrl', 'http://u:p@h/')).toBe('userinfo');
    expect(component('httpUrl', 'ftp://h/')).toBe('scheme');
  });
  it('databaseUrl', () => {
    expect(ok('databaseUrl', 'postgres://user:p%40ss@db:5432/app')).toBe(true);
    expect(ok('databaseUrl', 'redis://localhost')).toBe(true);
    expect(component('databaseUrl', 'postgres://user:p@ss@db:5432')).toBe('syntax');
    expect(component('databaseUrl', 'http://db/')).toBe('scheme');
    expect(component('databaseUrl', 'postgres://db/x#frag')).toBe('fragment');
  });
  it('webhookUrl', () => {
    expect(ok('webhookUrl', 'https://hooks.example.com/T0/B0?x=1')).toBe(true);
    expect(component('webhookUrl', 'http://hooks.example.com/')).toBe('scheme');
    expect(component('webhookUrl', 'https://token@hooks.example.com/')).toBe('userinfo');
    expect(component('webhookUrl', 'https://h:0/')).toBe('port');
  });
  it('presets are frozen', () => {
    expect(Object.isFrozen(policyPresets.httpUrl)).toBe(true);
    expect(Object.isFrozen(policyPresets.httpUrl.schemes)).toBe(true);
  });
});
