/**
 * src/engine/automata/linearRegexp.ts: the proof that backtracking over a verdict RegExp is linear.
 *
 * Time is never measured (machines here are shared): a backtracking matcher written here,
 * following ECMAScript's semantics for the syntax src/engine/automata/regexp.ts writes (greedy quantifiers, the
 * empty-iteration check, atomic lookaheads), counts its steps. For every pattern the proof
 * accepts, the count stays within a linear bound on adversarial inputs; for the classic
 * exponential and quadratic patterns, which it refuses, the same count breaks that bound, so the
 * check can fail.
 */
import fc from 'fast-check';
import { linearTime, provedRegexp, MAX_INLINED_DEPTH } from '../../../src/engine/automata/linearRegexp';
import { regexpSource } from '../../../src/engine/automata/regexp';
import { readGrammar } from '../../../src/engine/text/abnf';
import { Automaton } from '../../../src/engine/automata/automaton';
import { Driver } from '../../../src/engine/grammar/driver';
import { compileAbnf } from '../../../src/index';
import type { Rules } from '../../../src/engine/expr';
import * as fs from 'fs';
import * as path from 'path';

// ---- a step-counting backtracking matcher (test oracle) -------------------------------------

type Node =
  | { k: 'class'; chars: Set<string> }
  | { k: 'seq'; items: Node[] }
  | { k: 'alt'; items: Node[] }
  | { k: 'rep'; item: Node; min: number; max: number }
  | { k: 'look'; body: Node };

/** Reads the same subset (written separately from the module, to check it, not to share its reading). */
function parse(source: string): Node {
  let i = 0;
  const alt = (): Node => {
    const items = [seq()];
    while (source[i] === '|') { i++; items.push(seq()); }
    return items.length === 1 ? items[0] : { k: 'alt', items };
  };
  const seq = (): Node => {
    const items: Node[] = [];
    while (i < source.length && source[i] !== '|' && source[i] !== ')') items.push(postfix(atom()));
    return { k: 'seq', items };
  };
  const ch = (): string => (source[i] === '\\' ? source[(i += 2) - 1] : source[i++]);
  const atom = (): Node => {
    if (source.startsWith('(?:', i) || source.startsWith('(?=', i)) {
      const look = source[i + 2] === '=';
      i += 3;
      const body = alt();
      i++; // ')'
      return look ? { k: 'look', body } : body;
    }
    if (source[i] === '[') {
      i++;
      const chars = new Set<string>();
      while (source[i] !== ']') {
        const a = ch();
        let b = a;
        if (source[i] === '-' && source[i + 1] !== ']') { i++; b = ch(); }
        for (let c = a.charCodeAt(0); c <= b.charCodeAt(0); c++) chars.add(String.fromCharCode(c));
      }
      i++;
      return { k: 'class', chars };
    }
    return { k: 'class', chars: new Set([ch()]) };
  };
  const postfix = (item: Node): Node => {
    for (;;) {
      const c = source[i];
      if (c === '*') { i++; item = { k: 'rep', item, min: 0, max: Infinity }; }
      else if (c === '+') { i++; item = { k: 'rep', item, min: 1, max: Infinity }; }
      else if (c === '?') { i++; item = { k: 'rep', item, min: 0, max: 1 }; }
      else if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i))!;
        i += m[0].length;
        const min = Number(m[1]);
        item = { k: 'rep', item, min, max: m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]) };
      } else return item;
    }
  };
  return alt();
}

/** Does `^(?:source)$` match `input`, and how many steps does a backtracking matcher take? */
function backtrack(node: Node, input: string, limit: number): { match: boolean; steps: number } {
  let steps = 0;
  type K = (j: number) => boolean;
  const m = (x: Node, i: number, k: K): boolean => {
    if (++steps > limit) throw new RangeError('step limit');
    switch (x.k) {
      case 'class': return i < input.length && x.chars.has(input[i]) && k(i + 1);
      case 'seq': {
        const at = (n: number, j: number): boolean => (n === x.items.length ? k(j) : m(x.items[n], j, (e) => at(n + 1, e)));
        return at(0, i);
      }
      case 'alt': return x.items.some((item) => m(item, i, k));
      case 'look': return m(x.body, i, () => true) && k(i);
      case 'rep': {
        const { item, min, max } = x;
        const rep = (count: number, j: number): boolean => {
          if (count < max && m(item, j, (e) => (count >= min && e === j ? false : rep(count + 1, e)))) return true;
          return count >= min && k(j);
        };
        return rep(0, i);
      }
    }
  };
  const match = m(node, 0, (j) => j === input.length);
  return { match, steps };
}

/** Linear: at most this many steps a character per character of the pattern. */
const bound = (source: string, n: number): number => 4 * (n + 2) * source.length;

/** Inputs that make a backtracking matcher work: runs of one or two letters, with a bad end. */
function adversarial(alphabet: string, n: number): string[] {
  const out: string[] = [];
  for (const a of alphabet) {
    out.push(a.repeat(n), a.repeat(n) + '!', a.repeat(n - 1) + '!' + a);
    for (const b of alphabet) if (a !== b) out.push((a + b).repeat(n / 2) + '!', (a + a + b).repeat(n / 3) + '!', a.repeat(n) + b);
  }
  return out;
}

// ---- the known patterns ---------------------------------------------------------------------

describe('linearTime: the classic slow patterns are refused, and are slow', () => {
  // Exponential or polynomial under backtracking; each breaks the linear bound below.
  const slow: [string, string][] = [
    ['(?:a*)*b', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ['(?:a|a)*b', 'aaaaaaaaaaaaaaaaaaaaaaaaa'],
    ['(?:a|aa)*b', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ['(?:a+)+b', 'aaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ['a*a*a*b', 'a'.repeat(200)],
    ['(?:a?){20}a{20}', 'a'.repeat(20)],
    ['[ab]*(?:a|b)*c', 'ab'.repeat(100)],
  ];
  it.each(slow)('%s: refused; %s costs more than the linear bound', (source, input) => {
    expect(linearTime(source)).toBe(false);
    let steps: number;
    try {
      steps = backtrack(parse(source), input, 10 * bound(source, input.length)).steps;
    } catch (e) {
      expect(e).toBeInstanceOf(RangeError);
      steps = Infinity;
    }
    expect(steps).toBeGreaterThan(bound(source, input.length));
  });

  it('a lookahead that can be tried at every offset is refused (quadratic scans)', () => {
    expect(linearTime('(?:a(?=a*@))*[a@]*')).toBe(false);
    expect(linearTime('a*(?=a*@)[a@]*')).toBe(false);
    // Tried at one offset only (after the one "x"): accepted.
    expect(linearTime('x(?=[a]*@)[a]*@')).toBe(true);
  });

  it('an alternative that matches the empty string in two ways is refused', () => {
    expect(linearTime('(?:a?)?')).toBe(false);
    expect(linearTime('(?:a?|b?)c')).toBe(false);
  });

  it('syntax outside what ./regexp.ts writes is not proved', () => {
    for (const s of ['(a)', '[^a]', 'a.b', '\\d', 'a*?', '(?!a)', '(?<=a)b', 'é', '(?:a', '[a', 'a)', '(?=a)', '(?:(?=a)|b)c', '(?=a)b?']) {
      expect(linearTime(s)).toBe(false);
    }
  });

  it('patterns past the size bounds are not proved (and not analysed at length)', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    // 1,156 two-letter words under a star: over a million edges (MAX_EDGES).
    const words = [...letters.slice(0, 34)].flatMap((x) => [...letters.slice(0, 34)].map((y) => x + y));
    expect(linearTime(`(?:${words.join('|')})*`)).toBe(false);
    // More positions than MAX_POSITIONS once the count is unrolled.
    expect(linearTime('(?:[ab]c){3000}')).toBe(false);
    expect(linearTime('(?:[ab]c){30}')).toBe(true);
  });

  it('deterministic patterns are accepted', () => {
    for (const s of ['[ab]*a', '(?:ab|a)*c', 'a{1,4}', '(?:[0-9]{1,3}\\.){3}[0-9]{1,3}', '[a-z][a-z0-9+.-]*:', '(?:%[0-9A-F]{2}|[a-z])*', '(?:/[a-z]*)*']) {
      expect(linearTime(s)).toBe(true);
    }
  });
});

// ---- RFC 3986 and the other grammars -------------------------------------------------------

const text = (f: string) => fs.readFileSync(path.join(__dirname, '..', '..', '..', 'grammar', f), 'utf8');

describe('linearTime on the grammars from their text', () => {
  const rfc3986 = readGrammar(text('rfc3986.abnf')).rules;
  it('proves every RFC 3986 rule but path (an ordered choice whose alternatives overlap: not proved, left to the automaton)', () => {
    const refused = Object.keys(rfc3986).filter((r) => !linearTime(regexpSource(rfc3986, { t: 'ref', name: r }, true)));
    expect(refused).toEqual(['path']);
  });

  it('refuses a rule that reaches a non-ASCII character (the RegExp writes ASCII classes only)', () => {
    const g = readGrammar('x = 1*(ALPHA / %xA0-D7FF)\n').rules;
    expect(provedRegexp(g, 'x', (gr, r) => regexpSource(gr, { t: 'ref', name: r }, true))).toBeUndefined();
  });

  it('refuses rules too deep to write out, without writing them', () => {
    const chain = Array.from({ length: 350 }, (_, k) => `r${k} = "a" r${k + 1}`).join('\n') + '\nr350 = "b"\n';
    const g = readGrammar(chain).rules;
    const write = jest.fn((gr: Rules, r: string) => regexpSource(gr, { t: 'ref', name: r }, true));
    expect(MAX_INLINED_DEPTH).toBeLessThan(350);
    expect(provedRegexp(g, 'r0', write)).toBeUndefined();
    expect(write).not.toHaveBeenCalled();
    expect(provedRegexp(g, 'r300', write)?.test('a'.repeat(50) + 'b')).toBe(true);
  });

  it('RFC 3986 URI-reference: the backtracking count stays linear on long adversarial inputs', () => {
    const source = regexpSource(rfc3986, { t: 'ref', name: 'URI-reference' }, true);
    const node = parse(source);
    const inputs = ['http://' + 'a'.repeat(1000), 'http://' + 'a:'.repeat(500), '//' + 'a@'.repeat(300) + '!', '//[' + '1:'.repeat(300) + ']', 'a:' + '/..'.repeat(300) + '%', '//' + '1.'.repeat(400) + '@'];
    for (const input of inputs) {
      const { match } = backtrack(node, input, bound(source, input.length));
      expect(match).toBe(new RegExp(`^(?:${source})$`).test(input));
    }
  });
});

// ---- random grammars ------------------------------------------------------------------------

/** ABNF expressions over a, b, c (seeded). */
const exprText: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('"a"', '"b"', '"ab"', '%x61-62', '"c"', '("a" / "b")'),
    fc.tuple(tie('e'), tie('e')).map(([x, y]) => `(${x} ${y})`),
    fc.tuple(tie('e'), tie('e')).map(([x, y]) => `(${x} / ${y})`),
    fc.tuple(fc.constantFrom('*', '1*', '2', '1*3', '*2'), tie('e')).map(([q, x]) => `${q}(${x})`),
    tie('e').map((x) => `[${x}]`),
  ),
})).e;

describe('linearTime on random grammars (seeded)', () => {
  const grammars = fc.sample(fc.tuple(exprText, exprText), { seed: 20261127, numRuns: 400 });
  const proved: string[] = [];
  const refused: string[] = [];
  for (const [x, y] of grammars) {
    const rules = readGrammar(`x = ${x} "c" ${y}\n`).rules;
    const source = regexpSource(rules, { t: 'ref', name: 'x' }, true);
    (linearTime(source) ? proved : refused).push(source);
  }

  it('proves some and refuses some (the sample exercises both answers)', () => {
    expect(proved.length).toBeGreaterThan(50);
    expect(refused.length).toBeGreaterThan(50);
  });

  it('every proved pattern stays within the linear bound on adversarial inputs, and agrees with the automaton', () => {
    for (const source of proved) {
      const node = parse(source);
      const re = new RegExp(`^(?:${source})$`);
      for (const n of [12, 48, 96]) {
        for (const input of adversarial('abc', n)) {
          let result: { match: boolean; steps: number };
          try {
            result = backtrack(node, input, bound(source, input.length));
          } catch (e) {
            throw new Error(`${source} on ${JSON.stringify(input)}: more than ${bound(source, input.length)} steps (${String(e)})`);
          }
          expect(result.match).toBe(re.test(input));
        }
      }
    }
  });

  it('the RegExp of each grammar matches what its automaton accepts', () => {
    for (const [x, y] of grammars.slice(0, 150)) {
      const rules = readGrammar(`x = ${x} "c" ${y}\n`).rules;
      const automaton = new Automaton(rules, 'x');
      const re = new RegExp(`^(?:${regexpSource(rules, { t: 'ref', name: 'x' }, true)})$`);
      for (const input of [...adversarial('abc', 6), 'c', 'ac', 'abcab', 'cc', 'bcb', 'aacbb']) {
        expect(re.test(input)).toBe(automaton.test(input));
      }
    }
  });
});

// ---- the driver -----------------------------------------------------------------------------

describe('Driver with regexps: provedRegexp', () => {
  const run = (abnf: string, rule: string, inputs: string[]) => {
    const rules = readGrammar(abnf).rules;
    const driver = new Driver(rules, new Set(), undefined, { regexps: provedRegexp });
    driver.hotCharacters = 10;
    const spy = jest.spyOn(RegExp.prototype, 'test');
    try {
      const answers = inputs.map((s) => driver.test(s, rule));
      // The verdict RegExp: anchored, the rule's source inside (other RegExps test characters).
      const verdict = `^(?:${regexpSource(rules, { t: 'ref', name: rule }, true)})$`;
      const used = spy.mock.contexts.some((re) => (re as RegExp).source === verdict);
      return { answers, used };
    } finally {
      spy.mockRestore();
    }
  };
  const inputs = ['aaaaaaaaaaaab', 'aaaaaaaaaaaaa', 'ab', 'b', 'aab'];

  it('a hot rule whose RegExp is proved runs on it, with the same answers', () => {
    const { answers, used } = run('x = *"a" "b"\n', 'x', inputs);
    expect(answers).toEqual([true, false, true, true, true]);
    expect(used).toBe(true);
  });

  it('a hot rule whose RegExp is not proved keeps to the automaton, with the same answers', () => {
    const { answers, used } = run('x = *(*"a") "b"\n', 'x', inputs);
    expect(answers).toEqual([true, false, true, true, true]);
    expect(used).toBe(false);
  });

  it('compileAbnf grammars: the answers stay the same once hot (RFC 3986 from text, real URIs)', () => {
    const g = compileAbnf(text('rfc3986.abnf'));
    const lines = fs.readFileSync(path.join(__dirname, '..', '..', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean).slice(0, 3000);
    const cold = lines.slice(0, 200).map((s) => g.isValid(s, 'URI-reference'));
    for (const s of lines) g.isValid(s, 'URI-reference'); // past hotCharacters
    const hot = lines.slice(0, 200).map((s) => g.isValid(s, 'URI-reference'));
    expect(hot).toEqual(cold);
    const automaton = new Automaton(readGrammar(text('rfc3986.abnf')).rules, 'URI-reference');
    expect(lines.map((s) => g.isValid(s + '%', 'URI-reference'))).toEqual(lines.map((s) => automaton.test(s + '%')));
  });
});
