/**
 * `walk` on every grammar of the registry (and on a grammar from compileAbnf): the enter and
 * leave events are the tree `parseTree` returns, in document order, structural and lexical;
 * an input that does not match throws the grammar's error before any event; a visitor that is
 * not an object of functions is a TypeError; rule names are case-insensitive.
 */
import { compileAbnf, grammarByName, GRAMMAR_NAMES, type Grammar } from '../../src/index';
import type { Node } from '../../src/engine/tree';

const SAMPLES: Record<string, [string, string[]]> = {
  rfc3986: ['URI-reference', ['http://user@[::1]:80/a/b?q#f', '//1.2.3.4/x', 'a/b']],
  rfc3987: ['IRI-reference', ['http://例え.jp/パス?q', '//a/b']],
  rfc2396: ['URI-reference', ['http://www.example.com/a;p/b?q#f', 'mailto:a@b']],
  rfc2732: ['URI-reference', ['http://[1080::8:800:200C:417A]/x', 'ftp://a/']],
  rfc6874: ['URI-reference', ['http://[fe80::1%25eth0]/', 'http://a/']],
  json: ['JSON-text', ['{"a":[1,2,{"b":null}]}', '[true]']],
  rfc5322: ['addr-spec', ['a.b@example.com', '"x y"@[1.2.3.4]']],
  abnf: ['rulelist', ['a = "x" / b\r\nb = 1*DIGIT\r\n']],
};

/** The events of a tree, as walk gives them. */
function events(n: Node, depth = 0, out: unknown[] = []): unknown[] {
  out.push(['enter', n.rule, n.start, n.end, depth]);
  for (const c of n.children) events(c as Node, depth + 1, out);
  out.push(['leave', n.rule, n.start, n.end, depth]);
  return out;
}

function walked(g: Grammar, input: string, rule: string, lexical: boolean): unknown[] {
  const out: unknown[] = [];
  g.walk(input, rule, {
    enter: (r, s, e, d) => { out.push(['enter', r, s, e, d]); },
    leave: (r, s, e, d) => { out.push(['leave', r, s, e, d]); },
  }, { lexical });
  return out;
}

describe.each(GRAMMAR_NAMES.map((n) => [n]))('%s.walk', (name) => {
  const g = grammarByName(name);
  const [rule, inputs] = SAMPLES[name];
  it('gives the events of parseTree\'s tree, structural and lexical', () => {
    for (const s of inputs) {
      for (const lexical of [false, true]) {
        expect({ s, lexical, ev: walked(g, s, rule, lexical) }).toEqual({ s, lexical, ev: events(g.parseTree(s, rule, { lexical }) as Node) });
      }
    }
  });
  it('throws the grammar\'s error before any event', () => {
    const seen: string[] = [];
    expect(() => g.walk('\u0000 not this', rule, { enter: (r) => { seen.push(r); } })).toThrow(expect.objectContaining({ name: expect.stringMatching(/SyntaxError$/) }));
    expect(seen).toEqual([]);
  });
  it('refuses a visitor that is not an object of functions', () => {
    expect(() => g.walk(inputs[0], rule, undefined as never)).toThrow(TypeError);
    expect(() => g.walk(inputs[0], rule, { enter: 42 } as never)).toThrow(TypeError);
  });
});

describe('walk on a grammar from compileAbnf', () => {
  const g = compileAbnf('top = part *( "." part )\npart = 1*DIGIT\n');
  it('skips children when enter returns false, and takes rule names in any case', () => {
    const out: string[] = [];
    g.walk('1.22', 'TOP', { enter: (r) => { out.push(r); return r !== 'top'; } });
    expect(out).toEqual(['top']);
    const all: string[] = [];
    g.walk('1.22', 'top', { leave: (r, s, e) => { all.push(`${r}[${s},${e})`); } });
    expect(all).toEqual(['part[0,1)', 'part[2,4)', 'top[0,4)']);
  });
});
