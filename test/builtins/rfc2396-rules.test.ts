/**
 * RFC 2396 loaded from grammar/rfc2396.bnf and run by the engine, rule by rule: a table of
 * accepts and rejects per rule (each row also checked against the independent oracle,
 * test/oracles/rfc2396.ts, so a wrong row cannot pass), one row per PEG trap with the
 * engine's tree equal to the oracle's first-match tree, error indexes and `expected`, and
 * property tests (fast-check, fixed seeds): strings drawn from each rule are accepted, random
 * strings get the oracle's verdict and error index.
 */
import fc from 'fast-check';
import { GrammarSyntaxError } from '../../src/engine/errors';
import { rfc2396, type Rfc2396Rule } from '../../src/builtins/rfc2396';
import { RFC2396, RULES_2396, firstMatch, verdict, type O, type OracleNode } from '../oracles/rfc2396';

// One row per rule: [rule, accepted, rejected].
const TABLE: Array<[Rfc2396Rule, string[], string[]]> = [
  ['URI-reference', ['', '#f', 'http://a/b?c#d', 'g;x?y#s', '../g', 'mailto:a@b', 'foo:?x', '//g', '///g', 'http://a@b@c/'], ['a:', 'about:', '?y', 'http://[::1]/', 'a b', '#a#b', ':a', 'http://a/%zz']],
  ['absoluteURI', ['http://a', 'a:b', 'a:/', 'a:?', 'A+-.1:%41', 'foo:////x'], ['a:', '1a:b', '//a', 'a', 'a:b#c', 'a:[']],
  ['relativeURI', ['g', '/g', '//g', 'g?y', './g', '.', 'a;b/c;d', '//'], ['', '?y', ':g', 'a:b', 'g#s', 'a]']],
  ['hier_part', ['//a', '/', '//a/b?c', '/?', '///'], ['', 'a', '?q', '/#']],
  ['opaque_part', ['a', '?x', 'a/b', ':', '%41/'], ['', '/a', '#', 'a b']],
  ['uric_no_slash', ['a', '?', ';', '%41', ',', '~'], ['/', '#', '', 'ab', '[']],
  ['net_path', ['//', '//a', '//a/b', '//a:1/', '////'], ['/', '//a?', 'a']],
  ['abs_path', ['/', '/a', '//', '/a;p/b;q;r', '/:@&=+$,'], ['', 'a', '/?', '/a b']],
  ['rel_path', ['a', 'a/', 'a;b', '@/x', '.'], ['', '/a', ':a', 'a:b', 'a?']],
  ['rel_segment', ['a', ';', '@&=+$,', '%20', "-_.!~*'()"], ['', ':', '/', 'a:']],
  ['scheme', ['a', 'http', 'A1+-.', 'z9'], ['', '1a', '+a', 'a_b', 'a:']],
  ['authority', ['', 'a', 'a:1', 'u@h', 'u:p@h:80', '1.2.3.4', 'my_host', 'a@b@c', 'h:80:90', '$,;:@&=+'], ['[::1]', 'a/b', 'a?', 'a#', 'a b']],
  ['reg_name', ['a', 'my_host', 'a@b', ':', '%41', '$,;:@&=+'], ['', '/', '?', '[', 'a b']],
  ['server', ['', 'a', 'u@a', '@a', 'a:', 'a:80', 'u:p@a.b.c:8080', '1.2.3.4:1'], ['u@', 'a@b@c', 'my_host', 'a:b', ':80', 'a.1b']],
  ['userinfo', ['', 'u', 'u:p', ';:&=+$,', '%41'], ['@', 'a@', '/', '?']],
  ['hostport', ['a', 'a:', 'a:80', '1.2.3.4:0', 'a.b.'], ['', ':80', 'a:b', 'a:80:90']],
  ['host', ['a', 'ab', 'a-b', 'example.com', 'example.com.', '1.2.3.4', '999.1.1.1', 'a1.b2', 'x.y-z.q9'], ['', 'a.1b', '1.2.3', '123', 'a-', '-a', 'a..b', '.a', 'my_host', 'a.b..']],
  ['hostname', ['a', 'a.b', 'a.b.', 'ab.cd', 'a-b.c-d', '1a.b', '0.a'], ['', '1', 'a.1', 'a-.b', 'a.-b', 'a.b..', '.']],
  ['domainlabel', ['a', '1', 'ab', 'a-b', 'a--b', '1-1'], ['', '-', 'a-', '-a', 'a.b']],
  ['toplabel', ['a', 'ab', 'a1', 'a-1', 'a--b'], ['', '1', '1a', 'a-', '-a']],
  ['IPv4address', ['1.2.3.4', '0.0.0.0', '999.999.999.999', '0001.2.3.4'], ['1.2.3', '1.2.3.4.5', '1..2.3', 'a.b.c.d', '1.2.3.']],
  ['port', ['', '0', '80', '65536', '0080'], ['a', '-1', ' ']],
  ['path', ['', '/', '/a/b', 'a', 'a?b', '?'], ['/a?b', '#', 'a#']],
  ['path_segments', ['', 'a', 'a/b', '/', 'a;p/b', ';;', '//'], ['?', '#', 'a b']],
  ['segment', ['', 'a', 'a;p', ';p;q', 'a:b@c', ';'], ['/', 'a/b', '?']],
  ['param', ['', 'a', 'a:b', '%41'], [';', '/', '?']],
  ['pchar', ['a', ':', '@', '&', '=', '+', '$', ',', '%41', '~'], ['', ';', '/', '?', '#', '%4', 'ab']],
  ['query', ['', 'a', 'a=b&c=d', '/?:@', "!*'()"], ['#', '[', 'a b', '%']],
  ['fragment', ['', 'a', '/?', 'a?b/c'], ['#', ']', '%g0']],
  ['uric', ['a', '/', '?', ';', '%41', ')'], ['', '#', '[', ' ', '"']],
  ['reserved', [';', '/', '?', ':', '@', '&', '=', '+', '$', ','], ['a', '[', '#', '!', '']],
  ['unreserved', ['a', 'Z', '0', '-', '_', '.', '!', '~', '*', "'", '(', ')'], [';', '%', '', 'ab']],
  ['mark', ['-', '_', '.', '!', '~', '*', "'", '(', ')'], ['a', '0', '[', '']],
  ['escaped', ['%41', '%ff', '%aF', '%00'], ['%', '%4', '%g1', '41', '%411']],
  ['hex', ['0', '9', 'a', 'f', 'A', 'F'], ['g', 'G', '', '00']],
  ['alphanum', ['a', 'Z', '5'], ['-', '', 'a1']],
  ['alpha', ['a', 'z', 'A', 'Z'], ['0', '-', '']],
  ['lowalpha', ['a', 'm', 'z'], ['A', 'Z', '0']],
  ['upalpha', ['A', 'M', 'Z'], ['a', 'z', '0']],
  ['digit', ['0', '5', '9'], ['a', '', '10']],
];

describe('rfc2396: the grammar loaded from its text', () => {
  it('has the 40 rules of Appendix A, names as the RFC spells them, in order', () => {
    expect([...rfc2396.rules]).toEqual(RULES_2396);
  });

  it('gives each rule its definition as written', () => {
    expect(rfc2396.ruleText('authority')).toMatch(/^authority\s+= server \| reg_name$/);
    expect(rfc2396.ruleText('hier_part')).toContain('( net_path | abs_path ) [ "?" query ]');
  });

  it('has one table row per rule', () => {
    expect(TABLE.map(([r]) => r).sort()).toEqual([...RULES_2396].sort());
  });
});

describe.each(TABLE)('rfc2396 rule %s', (rule, accepts, rejects) => {
  it.each(accepts)('accepts %j', (input) => {
    expect(verdict(rule, input)).toEqual({ ok: true }); // the row itself is right
    expect(rfc2396.isValid(input, rule)).toBe(true);
    expect(rfc2396.validate(input, rule)).toEqual({ ok: true });
  });
  it.each(rejects)('rejects %j (error index as the oracle)', (input) => {
    const o = verdict(rule, input);
    expect(o.ok).toBe(false);
    expect(rfc2396.isValid(input, rule)).toBe(false);
    const v = rfc2396.validate(input, rule);
    expect(v.ok).toBe(false);
    if (!v.ok && !o.ok) {
      expect(v.error).toBeInstanceOf(GrammarSyntaxError);
      expect(v.error.index).toBe(o.index);
      expect(v.error.rule).toBe(rule);
    }
  });
});

/** The engine's tree reduced to the four public fields, every rule shown. */
function shape(n: { rule: string; start: number; end: number; children: ReadonlyArray<unknown> }): OracleNode {
  return { rule: n.rule, start: n.start, end: n.end, children: n.children.map((c) => shape(c as never)) };
}

/** Rules the oracle's tree shows that the engine's lexical tree must show too: all of them. */
function engineTree(input: string, rule: Rfc2396Rule): OracleNode {
  return shape(rfc2396.parseTree(input, rule, { lexical: true }));
}

/** Nodes of `rule` in a tree, in order. */
function nodes(t: OracleNode, rule: string): OracleNode[] {
  return [...(t.rule === rule ? [t] : []), ...t.children.flatMap((c) => nodes(c, rule))];
}

// The places where a greedy PEG reading of Appendix A fails (test/spec/rfc2396.txt,
// "PEG traps"): each is accepted, and the tree is the first match found by plain backtracking.
const TRAPS: Array<[string, Rfc2396Rule, string, (t: OracleNode, input: string) => void]> = [
  ['domainlabel gives back its last character', 'domainlabel', 'ab', (t) => {
    expect(t.children.map((c) => [c.rule, c.start, c.end])).toEqual([['alphanum', 0, 1], ['alphanum', 1, 2]]);
  }],
  ['toplabel gives back its last character', 'toplabel', 'com', (t) => {
    expect(t.children.map((c) => c.rule)).toEqual(['alpha', 'alphanum', 'alphanum']);
  }],
  ['hostname: the repetition gives back the last label to toplabel', 'hostname', 'www.ics.uci.edu', (t, s) => {
    expect(nodes(t, 'domainlabel').map((n) => s.slice(n.start, n.end))).toEqual(['www', 'ics', 'uci']);
    expect(nodes(t, 'toplabel').map((n) => s.slice(n.start, n.end))).toEqual(['edu']);
  }],
  ['hostname with a trailing dot: "com." is domainlabel "." in the greedy reading, toplabel "." here', 'hostname', 'example.com.', (t, s) => {
    expect(nodes(t, 'toplabel').map((n) => s.slice(n.start, n.end))).toEqual(['com']);
  }],
  ['authority = server | reg_name: server matches a prefix ("my"), reg_name takes all', 'authority', 'my_host', (t) => {
    expect(t.children.map((c) => c.rule)).toEqual(['reg_name']);
  }],
  ['authority: server matches "a@b", reg_name takes "a@b@c"', 'authority', 'a@b@c', (t) => {
    expect(t.children.map((c) => c.rule)).toEqual(['reg_name']);
  }],
  ['authority: server matches "h:80", reg_name takes "h:80:90"', 'authority', 'h:80:90', (t) => {
    expect(t.children.map((c) => c.rule)).toEqual(['reg_name']);
  }],
  ['authority: server first when both match (first match wins)', 'authority', 'user@host:8080', (t, s) => {
    expect(t.children.map((c) => c.rule)).toEqual(['server']);
    expect(nodes(t, 'port').map((n) => s.slice(n.start, n.end))).toEqual(['8080']);
  }],
  ['URI with a hostname in the authority (the RFC\'s own example)', 'URI-reference', 'http://www.ics.uci.edu/pub/ietf/uri/#Related', (t) => {
    expect(nodes(t, 'hostname')).toHaveLength(1);
    expect(nodes(t, 'fragment')).toHaveLength(1);
  }],
  ['abs_path may begin with "//", but net_path comes first: the authority wins (RFC 2396 4.3)', 'URI-reference', '//x/y', (t, s) => {
    expect(nodes(t, 'authority').map((n) => s.slice(n.start, n.end))).toEqual(['x']);
    expect(nodes(t, 'abs_path').map((n) => s.slice(n.start, n.end))).toEqual(['/y']);
  }],
  ['abs_path beginning with "//" after an empty authority', 'absoluteURI', 'foo:////x', (t, s) => {
    expect(nodes(t, 'authority').map((n) => s.slice(n.start, n.end))).toEqual(['']);
    expect(nodes(t, 'abs_path').map((n) => s.slice(n.start, n.end))).toEqual(['//x']);
  }],
  ['opaque_part swallows "?": no query node', 'URI-reference', 'mailto:a@b?subject=hi', (t, s) => {
    expect(nodes(t, 'opaque_part').map((n) => s.slice(n.start, n.end))).toEqual(['a@b?subject=hi']);
    expect(nodes(t, 'query')).toEqual([]);
  }],
  ['hier_part keeps its query', 'URI-reference', 'foo:/a?b', (t, s) => {
    expect(nodes(t, 'query').map((n) => s.slice(n.start, n.end))).toEqual(['b']);
  }],
  ['segment params: ";" is structural', 'abs_path', '/a;p;q/b', (t) => {
    expect(nodes(t, 'param')).toHaveLength(2);
  }],
  ['IPv4address only when no hostname fits; "1.2.3.4" has a numeric last label', 'host', '1.2.3.4', (t) => {
    expect(t.children.map((c) => c.rule)).toEqual(['IPv4address']);
  }],
];

describe('rfc2396: PEG traps, run as written (engine tree = first-match tree)', () => {
  it.each(TRAPS)('%s: %s %j', (_, rule, input, check) => {
    expect(rfc2396.isValid(input, rule)).toBe(true);
    const oracle = firstMatch(rule, input)!;
    expect(oracle).not.toBeNull();
    check(oracle, input); // the row's claim holds for plain backtracking
    const t = engineTree(input, rule);
    expect(t).toEqual(oracle);
    check(t, input);
  });
});

describe('rfc2396: error index and expected keep their meaning', () => {
  it.each([
    ['URI-reference', 'http://[::1]/', 7],
    ['URI-reference', 'a:', 2],
    ['URI-reference', '?y', 0],
    ['URI-reference', 'http://a b/', 8],
    ['host', 'a.1', 3],
    ['host', 'a-.b', 2],
    ['IPv4address', '1.2.3', 5],
  ] as Array<[Rfc2396Rule, string, number]>)('%s %j: index %d, a GrammarSyntaxError with expected words and a caret', (rule, input, index) => {
    expect(verdict(rule, input)).toEqual({ ok: false, index });
    const v = rfc2396.validate(input, rule);
    if (v.ok) throw new Error('accepted');
    expect(v.error.index).toBe(index);
    expect(v.error.expected.length).toBeGreaterThan(0);
    expect(v.error.message).toContain('^');
    expect(() => rfc2396.parseTree(input, rule)).toThrow(GrammarSyntaxError);
  });

  it('names in `expected` what may come next, in the grammar\'s words', () => {
    const v = rfc2396.validate('http://a b/', 'URI-reference');
    if (v.ok) throw new Error('accepted');
    // after "http://a": more of the label, a ".", ":" port, a path, "?", "#", or the end
    expect(v.error.expected.join(' ')).toMatch(/"\/"/);
    expect(v.error.expected.join(' ')).toMatch(/"#"/);
  });
});

// ------------------------------------------------------------------------ property tests

/** A fast-check arbitrary of strings drawn from an oracle expression (repetitions capped). */
function drawn(e: O, depth = 0): fc.Arbitrary<string> {
  switch (e.k) {
    case 'str':
      return fc.constant(e.s);
    case 'seq':
      return fc.tuple(...e.xs.map((x) => drawn(x, depth))).map((xs) => xs.join(''));
    case 'alt':
      return fc.oneof(...e.xs.map((x) => drawn(x, depth)));
    case 'ref':
      return drawn(RFC2396[e.name], depth + 1);
    case 'rep': {
      const max = Math.min(e.max, e.min + (depth > 4 ? 1 : 3));
      return fc.array(drawn(e.x, depth), { minLength: e.min, maxLength: max }).map((xs) => xs.join(''));
    }
  }
}

describe('rfc2396: property tests', () => {
  it.each(RULES_2396)('strings drawn from %s are accepted', (rule) => {
    fc.assert(
      fc.property(drawn(RFC2396[rule]), (s) => {
        expect(rfc2396.isValid(s, rule as Rfc2396Rule)).toBe(true);
      }),
      { seed: 2396, numRuns: 150 },
    );
  });

  const alphabet = fc.constantFrom(...'aZ09-._~!*%:/?#[]@;=+$,&'.split(''));
  const noisy = fc.oneof(
    fc.string({ unit: alphabet, maxLength: 24 }),
    // a drawn URI-reference with one character changed: near misses
    fc.tuple(drawn(RFC2396['URI-reference']), fc.nat(), alphabet).map(([s, i, c]) =>
      s.length === 0 ? c : s.slice(0, i % s.length) + c + s.slice((i % s.length) + 1),
    ),
  );

  it.each(RULES_2396)('random strings as %s: the oracle\'s verdict and error index', (rule) => {
    fc.assert(
      fc.property(noisy, (s) => {
        const o = verdict(rule, s);
        const v = rfc2396.validate(s, rule as Rfc2396Rule);
        expect(v.ok).toBe(o.ok);
        if (!v.ok && !o.ok) expect(v.error.index).toBe(o.index);
      }),
      { seed: 1998, numRuns: 200 },
    );
  });

  it('short random URI-references: the engine tree is the first-match tree', () => {
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 10 }), (s) => {
        const o = firstMatch('URI-reference', s);
        if (o === null) expect(rfc2396.isValid(s, 'URI-reference')).toBe(false);
        else expect(engineTree(s, 'URI-reference')).toEqual(o);
      }),
      { seed: 2732, numRuns: 1000 },
    );
  });
});
