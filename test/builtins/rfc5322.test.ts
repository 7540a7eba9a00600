/**
 * RFC 5322's address grammar (grammar/rfc5322-addr-spec.abnf, `grammarByName('rfc5322')`):
 * valid and invalid addresses with nested comments, quoted strings and domain literals. Each
 * row names its source; the verdicts are the grammar's (RFC 5322 3.4.1 and 4.4), which is where
 * a source and RFC 5322 differ the RFC wins and the row says so.
 */
import { grammarByName } from '../../src/index';

const g = grammarByName('rfc5322');

// [address, valid as addr-spec, source]
const ROWS: Array<[string, boolean, string]> = [
  ['john@example.com', true, 'RFC 5322 3.4.1: dot-atom "@" dot-atom'],
  ['john.q.public@example.com', true, 'RFC 5322 Appendix A.1.1 (John Q. Public)'],
  ['mary@x.test', true, 'RFC 5322 Appendix A.1.2'],
  ['jdoe@one.test', true, 'RFC 5322 Appendix A.1.2'],
  ['"Joe Q. Public"@example.com', true, 'RFC 5322 3.2.4: a quoted-string local-part'],
  ['"Fred Bloggs"@example.com', true, 'RFC 3696 section 3'],
  ['"Abc@def"@example.com', true, 'RFC 3696 section 3'],
  ['"Abc\\@def"@example.com', true, 'RFC 3696 erratum 246: the quoted-pair inside a quoted-string'],
  ['Abc\\@def@example.com', false, 'RFC 3696 section 3 says valid; RFC 5322 (and RFC 3696 erratum 246) has no quoted-pair outside quotes'],
  ['customer/department=shipping@example.com', true, 'RFC 3696 section 3'],
  ['$A12345@example.com', true, 'RFC 3696 section 3'],
  ['!def!xyz%abc@example.com', true, 'RFC 3696 section 3'],
  ['_somename@example.com', true, 'RFC 3696 section 3'],
  ['pete(his account)@silly.test(his host)', true, 'RFC 5322 Appendix A.5: comments around the parts'],
  ['pete(his (nested (deeply)) account)@silly.test', true, 'RFC 5322 3.2.2: comments may nest'],
  ['(a)john.smith(b)@(c)example.com(d)', true, 'RFC 5322 3.2.3: [CFWS] around a dot-atom'],
  ['john(unclosed@example.com', false, 'a comment that never closes'],
  ['john(a(b)@example.com', false, 'nested comments must balance'],
  ['john\\(x\\)@example.com', false, 'a quoted-pair belongs in a comment or a quoted string, not in an atom'],
  ['john(a\\)b)@example.com', true, 'RFC 5322 3.2.2: a quoted-pair ")" inside a comment'],
  ['john@[192.168.0.1]', true, 'RFC 5322 3.4.1: a domain-literal'],
  ['john@[IPv6:2001:db8::1]', true, 'RFC 5321 4.1.3 form, a valid RFC 5322 domain-literal (dtext)'],
  ['john@[a[b]', false, 'dtext excludes "["'],
  ['a.b@c', true, 'dot-atom'],
  ['a..b@c', false, 'an empty label between dots (dot-atom-text)'],
  ['.a@c', false, 'a leading dot'],
  ['a . b@c', true, 'RFC 5322 4.4: obs-local-part = word *("." word), CFWS around the dots'],
  ['john doe@example.com', false, 'two words need a "." between them even in obs-local-part'],
  ['@example.com', false, 'no local-part'],
  ['john@', false, 'no domain'],
  ['john@@example.com', false, 'two "@"'],
  ['"unterminated@example.com', false, 'a quoted-string that never closes'],
];

describe('RFC 5322 addr-spec', () => {
  it.each(ROWS)('%j: valid %s (%s)', (address, valid) => {
    expect(g.isValid(address, 'addr-spec')).toBe(valid);
    expect(g.validate(address, 'addr-spec').ok).toBe(valid);
  });

  it('a nested comment is one node per level', () => {
    const t = g.parseTree('pete(a (b (c)))@x', 'addr-spec');
    let depth = 0;
    const walk = (n: { rule: string; children: readonly unknown[] }, d: number) => {
      if (n.rule === 'comment') depth = Math.max(depth, d + 1);
      n.children.forEach((c) => walk(c as never, n.rule === 'comment' ? d + 1 : d));
    };
    walk(t, 0);
    expect(depth).toBe(3);
  });

  it('the error of an unclosed comment is at the end: it could still be closed', () => {
    const v = g.validate('john(unclosed', 'addr-spec');
    expect(!v.ok && v.error.index).toBe(13);
  });
});
