/**
 * A grammar made from ABNF text (`compileAbnf`, the Grammar class of src/engine/grammar/) on small
 * grammars: one row per semantic point of first match wins (the issue's examples and DESIGN.md's
 * list of where a plain PEG reading fails; RFC 3986's host and IPv6address rules read from
 * grammar/rfc3986.abnf), ABNF features, code points, errors, parsimmon parsers, and pathological
 * grammars.
 */
import P from 'parsimmon';
import { AbnfSyntaxError, compileAbnf, GrammarSyntaxError, type Grammar } from '../../../src/index';
import type { Node } from '../../../src/engine/tree';
import { RFC3986_ABNF } from '../../../src/generated/texts';

/** A tree as text: `rule[text](children)`. */
function show(n: Node, s: string): string {
  const kids = n.children.map((c) => show(c as Node, s)).join(' ');
  return `${n.rule}[${s.slice(n.start, n.end)}]${kids ? `(${kids})` : ''}`;
}
const tree = (g: Grammar, s: string, rule: string) => show(g.parseTree(s, rule) as Node, s);

/** RFC 3986's own rules, as grammar/rfc3986.abnf writes them (RFC 3986 Appendix A). */
const rfc3986 = compileAbnf(RFC3986_ABNF);
const rulesOf = (...names: string[]): string => names.map((r) => rfc3986.ruleText(r)).join('\n');
/** `host` and the rules it names (compileAbnf refuses the text if one is left out). */
const RFC3986_HOST = rulesOf('host', 'IP-literal', 'IPvFuture', 'IPv6address', 'h16', 'ls32', 'IPv4address', 'dec-octet', 'reg-name', 'unreserved', 'pct-encoded', 'sub-delims');
const IPV6 = rulesOf('IPv6address', 'h16', 'ls32', 'IPv4address', 'dec-octet');
/** The tree of a `reg-name` of unreserved characters: a node per character (reg-name = *( unreserved / ... )). */
const regName = (text: string) => `reg-name[${text}](${[...text].map((c) => `unreserved[${c}]`).join(' ')})`;

// [what it shows, grammar, rule, input, expected tree (undefined: rejected)]
const ROWS: Array<[string, string, string, string, string | undefined]> = [
  ['a = "x" / "xy" accepts xy (the second alternative)', 'a = "x" / "xy"', 'a', 'xy', 'a[xy]'],
  ['RFC 8141 NID: the greedy repetition gives one back (ab)', 'NID = alphanum 0*30(ldh) alphanum\nldh = alphanum / "-"\nalphanum = ALPHA / DIGIT', 'NID', 'ab', 'NID[ab](alphanum[a] alphanum[b])'],
  ['RFC 8141 NID: a-b', 'NID = alphanum 0*30(ldh) alphanum\nldh = alphanum / "-"\nalphanum = ALPHA / DIGIT', 'NID', 'a-b', 'NID[a-b](alphanum[a] ldh[-] alphanum[b])'],
  ['en-1996: the tree skips ["-" 3DIGIT] (taking -199 leaves 6 that nothing finishes)', 't = 2*3ALPHA ["-" 3DIGIT] *("-" DIGIT 3alnum)\nalnum = ALPHA / DIGIT', 't', 'en-1996', 't[en-1996](alnum[9] alnum[9] alnum[6])'],
  ['dec-octet in ABNF order (DIGIT first) reads 255', RFC3986_HOST, 'IPv4address', '192.168.0.255', 'IPv4address[192.168.0.255](dec-octet[192] dec-octet[168] dec-octet[0] dec-octet[255])'],
  ['host 1.2.3.4.example falls through to reg-name', RFC3986_HOST, 'host', '1.2.3.4.example', `host[1.2.3.4.example](${regName('1.2.3.4.example')})`],
  ['host 1.2.3.4 is IPv4address (first match wins, RFC 3986 3.2.2)', RFC3986_HOST, 'host', '1.2.3.4', 'host[1.2.3.4](IPv4address[1.2.3.4](dec-octet[1] dec-octet[2] dec-octet[3] dec-octet[4]))'],
  ['host 1.2.3.256 is a reg-name', RFC3986_HOST, 'host', '1.2.3.256', `host[1.2.3.256](${regName('1.2.3.256')})`],
  ['IPv6 *4( h16 ":" ) leaves the 2: of 1:2::3:4 for h16 "::"', IPV6, 'IPv6address', '1:2::3:4', 'IPv6address[1:2::3:4](h16[1] h16[2] ls32[3:4](h16[3] h16[4]))'],
  ['IPv6 ::', IPV6, 'IPv6address', '::', 'IPv6address[::]'],
  ['RFC 2396 domainlabel (in ABNF): the repetition gives the last character back', 'domainlabel = alphanum / alphanum *( alphanum / "-" ) alphanum\nalphanum = ALPHA / DIGIT', 'domainlabel', 'a-b', 'domainlabel[a-b](alphanum[a] alphanum[b])'],
  ['RFC 2396 authority = server / reg_name: server matches only a prefix', 'authority = server / regname\nserver = [ 1*ALPHA "@" ] 1*ALPHA\nregname = 1*( ALPHA / "@" / "$" )', 'authority', 'a@b$', 'authority[a@b$](regname[a@b$])'],
  ['[ rq ] where rq matches nothing: no rq node', 'u = "x" [ rq ]\nrq = *"?"', 'u', 'x', 'u[x]'],
  ['[ rq ] where rq matches something: its node', 'u = "x" [ rq ]\nrq = *"?"', 'u', 'x??', 'u[x??](rq[??])'],
  ['*b with b nullable: one b, the empty iteration adds nothing', 'a = *b\nb = *"x"', 'a', 'xx', 'a[xx](b[xx])'],
  ['*b with b nullable on the empty input: no b', 'a = *b\nb = *"x"', 'a', '', 'a[]'],
  ['1*b with b nullable: the minimum iteration may be empty', 'a = 1*b\nb = *"x"', 'a', '', 'a[](b[])'],
  ['greedy: *b b gives the last b back', 'a = *b b\nb = "x"', 'a', 'xxx', 'a[xxx](b[x] b[x] b[x])'],
  ['greedy: *("x" / "xx") takes "x" each time', 'a = *b "y"\nb = "x" / "xx"', 'a', 'xxy', 'a[xxy](b[x] b[x])'],
  ['alternatives in order even when a later one is longer', 'a = b c\nb = "x" / "xx"\nc = *"x"', 'a', 'xxx', 'a[xxx](b[x] c[xx])'],
  ['[x] before nothing', 'a = [b] *c\nb = "x"\nc = "x"', 'a', 'xx', 'a[xx](b[x] c[x])'],
  ['quoted strings are case-insensitive (RFC 5234 2.3)', 'a = "abc"', 'a', 'AbC', 'a[AbC]'],
  ['%s"…" is case-sensitive (RFC 7405)', 'a = %s"aBc"', 'a', 'aBc', 'a[aBc]'],
  ['%s"…" rejects another case', 'a = %s"aBc"', 'a', 'abc', undefined],
  ['%i"…" is case-insensitive (RFC 7405)', 'a = %i"aBc"', 'a', 'ABC', 'a[ABC]'],
  ['%d values concatenated with "."', 'a = %d97.98.99', 'a', 'abc', 'a[abc]'],
  ['%b values and ranges', 'a = %b1100001 %b1100010-1100011', 'a', 'ac', 'a[ac]'],
  ['%x range', 'a = 2%x61-63', 'a', 'ca', 'a[ca]'],
  ['n*m bounds: 2*3 rejects 4', 'a = 2*3"x"', 'a', 'xxxx', undefined],
  ['exactly n: 3DIGIT', 'a = 3DIGIT', 'a', '123', 'a[123]'],
  ['=/ adds alternatives (RFC 5234 3.3)', 'a = "x"\na =/ "y"', 'a', 'y', 'a[y]'],
  ['core rules need no definition and give no nodes', 'a = ALPHA DIGIT HEXDIG SP VCHAR', 'a', 'a1F !', 'a[a1F !]'],
  ['a core rule the text defines gives a node', 'a = DIGIT\nDIGIT = %x30-39', 'a', '7', 'a[7](DIGIT[7])'],
  ['rule names are case-insensitive; nodes use the definition\'s spelling', 'Foo = bar\nBAR = "x"', 'foo', 'x', 'Foo[x](BAR[x])'],
  ['0<prose> is the empty string (RFC 3986 path-empty)', 'a = "x" 0<pchar>', 'a', 'x', 'a[x]'],
  ['code points above 0x7F (RFC 3987 ucschar)', 'c = %xA0-D7FF / %x10000-1FFFD', 'c', '\u00e9', 'c[\u00e9]'],
  ['an astral character is one character', 's = *c "x"\nc = %xA0-D7FF / %x10000-1FFFD', 's', '\u{1F600}\u{1F600}x', 's[\u{1F600}\u{1F600}x](c[\u{1F600}] c[\u{1F600}])'],
  ['a lone surrogate never matches a range', 'c = %xD800-DFFF / %x10000-10FFFF', 'c', '\ud83d', undefined],
  ['CRLF core rule', 'a = "x" CRLF', 'a', 'x\r\n', 'a[x\r\n]'],
];

describe('first match wins, exactly (one row per point)', () => {
  it.each(ROWS)('%s', (_what, text, rule, input, expected) => {
    const g = compileAbnf(text);
    expect(g.isValid(input, rule)).toBe(expected !== undefined);
    expect(g.validate(input, rule).ok).toBe(expected !== undefined);
    if (expected !== undefined) expect(tree(g, input, rule)).toBe(expected);
    else expect(() => g.parseTree(input, rule)).toThrow(GrammarSyntaxError);
  });
});

describe('the empty-iteration rule is JavaScript\'s (ECMA-262 RepeatMatcher)', () => {
  it('an iteration that would consume nothing fails, and the item\'s next alternative is tried', () => {
    // a = *b c ; b = "" / "y" ; c = "y" / ""  on "y": the first iteration of *b tries "" (empty:
    // fails), then "y"; so b takes the y and c is empty, as the RegExp /^(?:(|y))*(y|)$/ does.
    const g = compileAbnf('a = *b c\nb = "" / "y"\nc = "y" / ""');
    expect(tree(g, 'y', 'a')).toBe('a[y](b[y] c[])');
    const m = /^(?:(|y))*(y|)$/.exec('y')!;
    expect([m[1], m[2]]).toEqual(['y', '']);
  });
});

describe('ABNF text as RFCs print it', () => {
  it('indented as a whole, with comments, CRLF line ends and continuation lines', () => {
    const text = '   ; a comment at the margin\r\n   a  =  b   ; b twice\r\n         b\r\n\r\n      ; between\r\n         / "z"\r\n   b  = "x"\r\n';
    const g = compileAbnf(text);
    expect(g.rules).toEqual(['a', 'b']);
    expect(tree(g, 'xx', 'a')).toBe('a[xx](b[x] b[x])');
    expect(g.isValid('z', 'a')).toBe(true);
    expect(g.ruleText('a')).toBe('a  =  b   ; b twice\n      b\n\n   ; between\n      / "z"');
  });

  it('ruleText joins = and =/ definitions; expr and alternativeOf see both', () => {
    const g = compileAbnf('a = "x" / "y"\nb = "q"\na =/ "z"');
    expect(g.ruleText('a')).toBe('a = "x" / "y"\na =/ "z"');
    expect(g.alternativeOf('a', 'z')).toBe(2);
    expect(g.alternativeOf('b', 'q')).toBe(-1);
    expect(g.expr('a').t).toBe('alt');
  });

  it('alternativeOf: the first alternative whose language contains the text', () => {
    const g = compileAbnf(RFC3986_HOST);
    expect(g.alternativeOf('host', '1.2.3.4')).toBe(1);
    expect(g.alternativeOf('host', '1.2.3.4.5')).toBe(2);
    expect(g.alternativeOf('dec-octet', '7')).toBe(0);
    expect(g.alternativeOf('dec-octet', '250')).toBe(4);
    expect(() => g.alternativeOf('dec-octet', '256')).toThrow(GrammarSyntaxError);
  });
});

describe('errors in input', () => {
  it.each([
    ['a = "ab" / "ac"', 'ad', 1, ['"b"', '"c"']],
    ['a = "ab" / "ac"', 'a', 1, ['"b"', '"c"']],
    ['a = 1*DIGIT', '12x', 2, ['DIGIT', 'end of input']],
    ['a = %x41-5A', 'z', 0, ['%x41-5A']],
    ['a = "x" %x10000-1FFFD', 'x\ud800', 1, ['%x10000-1FFFD']],
    ['a = 3"x"', '', 0, ['"x"']],
  ] as Array<[string, string, number, string[]]>)('%s on %j: offset %d', (text, input, index, expected) => {
    const v = compileAbnf(text).validate(input, 'a');
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.error).toBeInstanceOf(GrammarSyntaxError);
    expect(v.error).toBeInstanceOf(SyntaxError);
    expect([v.error.index, v.error.expected, v.error.rule, v.error.input]).toEqual([index, expected, 'a', input]);
    expect(v.error.message).toContain(`at offset ${index}`);
    expect(v.error.message.split('\n').pop()).toMatch(/^ +\^$/);
  });

  it('labelRules name what an error expects by rule', () => {
    const g = compileAbnf('a = 1*b\nb = "x" / "y"', { labelRules: ['b'] });
    const v = g.validate('q', 'a');
    expect(v.ok ? [] : v.error.expected).toEqual(['b']);
  });

  it('lexicalRules give nodes only with { lexical: true }', () => {
    const g = compileAbnf('a = 1*b\nb = "x"', { lexicalRules: ['b'] });
    expect(tree(g, 'xx', 'a')).toBe('a[xx]');
    expect(show(g.parseTree('xx', 'a', { lexical: true }) as Node, 'xx')).toBe('a[xx](b[x] b[x])');
    expect(tree(g, 'x', 'b')).toBe('b[x]');
  });

  it('TypeErrors for values of the wrong type and unknown rules', () => {
    const g = compileAbnf('a = "x"');
    expect(() => g.isValid(42 as unknown as string, 'a')).toThrow(TypeError);
    expect(() => g.validate(null as unknown as string, 'a')).toThrow(TypeError);
    expect(() => g.parseTree('x', 'nope')).toThrow(/argument "rule"/);
    expect(() => g.parser('nope')).toThrow(TypeError);
    expect(() => g.isValid('x', 7 as unknown as string)).toThrow(TypeError);
    expect(() => g.parseTree('x', 'a', null as unknown as object)).toThrow(TypeError);
    expect(() => compileAbnf(42 as unknown as string)).toThrow(TypeError);
    expect(() => compileAbnf('a = "x"', { notation: 'nope' })).toThrow(/notation/);
    expect(() => compileAbnf('a = "x"', { bogus: 1 } as object)).toThrow(/unknown option "bogus"/);
    expect(() => compileAbnf('a = "x"', { labelRules: ['zz'] })).toThrow(/zz/);
  });
});

describe('parser(rule) in a parsimmon grammar', () => {
  const g = compileAbnf('URI = scheme ":" *( ALPHA / "/" )\nscheme = ALPHA *( ALPHA / DIGIT )');

  it('consumes the longest matching prefix; spans are offsets into the whole input', () => {
    const bracketed = P.seq(P.string('<'), g.parser('URI'), P.string('>')).map(([, t]) => t);
    const r = bracketed.parse('<ab:c/d>');
    expect(r.status).toBe(true);
    if (r.status) expect(show(r.value as Node, '<ab:c/d>')).toBe('URI[ab:c/d](scheme[ab])');
    const list = g.parser('URI').sepBy(P.string(' ')).parse('a:b c:d');
    expect(list.status && list.value.map((n) => [n.start, n.end])).toEqual([[0, 3], [4, 7]]);
  });

  it('fails with parsimmon\'s expected in ABNF words', () => {
    const r = P.seq(P.string('<'), g.parser('URI')).parse('<1');
    expect(r.status).toBe(false);
    if (!r.status) {
      expect(r.index.offset).toBe(1);
      expect(r.expected).toEqual(['ALPHA']);
    }
    const cut = P.seq(P.string('<'), g.parser('URI')).parse('<ab');
    expect(!cut.status && [cut.index.offset, cut.expected]).toEqual([3, ['ALPHA', 'DIGIT', '":"']]);
  });
});

describe('pathological grammars finish and are right (linear work)', () => {
  it('a = *("x" / "xx") "y" on 200,000 x', () => {
    const g = compileAbnf('a = *b "y"\nb = "x" / "xx"');
    const xs = 'x'.repeat(200_000);
    expect(g.isValid(xs + 'y', 'a')).toBe(true);
    const t = g.parseTree(xs + 'y', 'a');
    expect(t.children.length).toBe(200_000);
    expect([t.children[199_999].start, t.children[199_999].end]).toEqual([199_999, 200_000]);
    const v = g.validate(xs, 'a');
    expect(!v.ok && [v.error.index, v.error.expected]).toEqual([200_000, ['"x"', '"y"']]);
  });

  it('nested repetitions of nullable items, (x*)* and friends', () => {
    const g = compileAbnf('a = *( *"x" ) *( ["x"] ["x"] ) "y"');
    const xs = 'x'.repeat(20_000);
    expect(g.isValid(xs + 'y', 'a')).toBe(true);
    expect(g.parseTree(xs + 'y', 'a').end).toBe(20_001);
    expect(g.isValid(xs + 'z', 'a')).toBe(false);
  });

  it('a = 0*30("a" / "a") rebuilt many times is refused only by size, not by time', () => {
    const g = compileAbnf('a = 1*( 0*30( "a" / "a" ) "b" )');
    expect(g.isValid('aab'.repeat(10_000), 'a')).toBe(true);
    expect(g.parseTree('aab'.repeat(10_000), 'a').end).toBe(30_000);
  });
});

describe('options', () => {
  it('a polluted Object.prototype steers no option of compileAbnf or parseTree', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.lexicalRules = ['b'];
    proto.lexical = false;
    try {
      const g = compileAbnf('a = 1*b\nb = "x"');
      expect(tree(g, 'xx', 'a')).toBe('a[xx](b[x] b[x])');
    } finally {
      delete proto.lexicalRules;
      delete proto.lexical;
    }
  });
});

describe('memory stays bounded', () => {
  it('the DFA starts afresh when its states hold too much, with the same answers', async () => {
    const { Automaton } = await import('../../../src/engine/automata/automaton');
    const text = 'a = 0*40"x" *( "x" / "yx" ) [ "z" ]';
    const inputs = ['x'.repeat(100), 'x'.repeat(41) + 'yx' + 'z', 'x'.repeat(30) + 'yy', 'x'.repeat(60) + 'zx', ''];
    const answers = (g: Grammar) => inputs.map((s) => { const v = g.validate(s, 'a'); return v.ok ? 'ok' : `${v.error.index} ${v.error.expected.join('|')}`; });
    const normal = answers(compileAbnf(text));
    const saved = Automaton.maxHeld;
    Automaton.maxHeld = 50;
    try {
      expect(answers(compileAbnf(text))).toEqual(normal);
    } finally {
      Automaton.maxHeld = saved;
    }
    expect(normal).toEqual(['ok', 'ok', '31 "x"', '61 end of input', 'ok']);
  });
});

describe('grammar shapes that would overflow the stack: a documented limit with a clear error', () => {
  it('groups nested more than MAX_GROUP_NESTING deep', () => {
    const deep = (n: number) => 'x = ' + '('.repeat(n) + '"a"' + ')'.repeat(n);
    expect(() => compileAbnf(deep(3000))).toThrow(/nest more than 200 deep/);
    expect(() => compileAbnf(deep(3000))).toThrow(AbnfSyntaxError);
    expect(compileAbnf(deep(200)).isValid('a', 'x')).toBe(true);
  });
  it('a chain of references longer than MAX_RULE_CHAIN', () => {
    const chain = (n: number) => Array.from({ length: n }, (_, i) => `r${i} = r${i + 1}\n`).join('') + `r${n} = "a"\n`;
    expect(() => compileAbnf(chain(2000))).toThrow(/refer to each other 2000 deep \(r0 -> r1 -> …\), more than the limit of 400/);
    const g = compileAbnf(chain(400));
    expect(g.isValid('a', 'r0')).toBe(true);
    expect(g.parseTree('a', 'r0').rule).toBe('r0');
  });
});

describe('typed rule names: the option rules', () => {
  const TEXT = 'greeting = "hi" SP name\nname = 1*ALPHA\n';

  it('types the grammar by its rules, so that a misspelt rule does not compile, and trees narrow on rule', () => {
    const g = compileAbnf(TEXT, { rules: ['greeting', 'name'] });
    expect(g.isValid('hi bob', 'greeting')).toBe(true);
    // @ts-expect-error 'greting' is not one of the rules given
    expect(() => g.isValid('hi bob', 'greting')).toThrow(TypeError);
    const t = g.parseTree('hi bob', 'greeting');
    if (t.rule === 'greeting') {
      const r: 'greeting' = t.rule; // narrowed
      expect(r).toBe('greeting');
    }
    // @ts-expect-error a tree's rule is one of the rules given
    expect(t.rule === 'nmae').toBe(false);
    const rules: readonly ('greeting' | 'name')[] = g.rules;
    expect(rules).toEqual(['greeting', 'name']);
    // Without the option, any string is a rule name to the types (and checked at run time).
    expect(() => compileAbnf(TEXT).isValid('x', 'greting')).toThrow(TypeError);
  });

  it.each<[string, unknown[], RegExp]>([
    ['a rule missing', ['greeting'], /must name every rule of the grammar; missing: "name"/],
    ['a rule the text does not have', ['greeting', 'name', 'other'], /"other" is not a rule of the grammar/],
    ['a rule named twice', ['greeting', 'name', 'name'], /"name" is named twice/],
    ['a rule spelled in another case (trees and rules would not be what the types say)', ['greeting', 'NAME'], /"NAME" must be spelled as the grammar spells it, "name"/],
    ['a name that is not a string', ['greeting', 7], /must hold rule names \(strings\), got number/],
  ])('%s is a TypeError', (_what, rules, message) => {
    expect(() => compileAbnf(TEXT, { rules: rules as string[] })).toThrow(TypeError);
    expect(() => compileAbnf(TEXT, { rules: rules as string[] })).toThrow(message);
  });

  it('in any order; calls still take rule names in any case (RFC 5234 2.1), typed or not', () => {
    const g = compileAbnf(TEXT, { rules: ['name', 'greeting'] });
    expect(g.rules).toEqual(['greeting', 'name']);
    expect(g.isValid('hi bob', 'GREETING' as 'greeting')).toBe(true);
  });
});
