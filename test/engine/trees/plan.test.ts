/**
 * Tree plans (src/engine/trees/plan.ts): a builder made from a plan gives exactly the trees of one made
 * from nothing, on the inputs the plan was made on and on others (which make it build past the
 * plan: its NFA is built again by replaying the plan's expansions). A malformed plan is a
 * TypeError naming what is wrong, never a wrong tree or an out-of-range read. Seeded.
 */
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { compileAbnf } from '../../../src/index';
import { PLAN_ROWS, RuleGrammar } from '../../../src/engine/grammar/grammar';
import { planBuilder, type TreePlan } from '../../../src/engine/trees/plan';
import { NodeBuilder } from '../../../src/engine/tree';
import { rfc2396FromText } from '../../../src/builtins/rfc2396';

const lines = fs.readFileSync(path.join(__dirname, '..', '..', 'vectors', 'real-urls.txt'), 'utf8').split('\n').filter(Boolean);
const rfc3986Text = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'grammar', 'rfc3986.abnf'), 'utf8');
const LEXICAL = ['h16', 'ls32', 'dec-octet', 'pchar', 'pct-encoded', 'unreserved', 'reserved', 'gen-delims', 'sub-delims'];

/** The same grammar with `plans` (through JSON, as they are shipped). */
function withPlans(g: RuleGrammar, plans: Record<string, unknown>): RuleGrammar {
  const src = g.source();
  return new RuleGrammar(src.exprs, src.names, {
    name: src.name, texts: src.texts, lexicalRules: src.lexicalRules, labelRules: src.labelRules,
    alternation: src.alternation, maxNesting: src.maxNesting, plans: JSON.parse(JSON.stringify(plans)) as Record<string, unknown>,
  });
}

// Real URIs the plan was not made on, the same with one character changed, and shapes no sample has.
const others = lines.slice(5000, 5400);
const mutated = fc.sample(fc.tuple(fc.constantFrom(...others), fc.nat(), fc.constantFrom(...'a:/?#[]@%.-_~!$&\'()*+,;=9Z')), { seed: 20261125, numRuns: 300 })
  .map(([s, i, c]) => s.slice(0, i % (s.length + 1)) + c + s.slice(i % (s.length + 1) + 1));
const relative = others.map((s) => s.replace(/^[a-z][a-z0-9+.-]*:/i, ''));
const shapes = ['http://[::1]/', 'http://[1:2:3:4:5:6:7:8]/', 'http://[::ffff:1.2.3.4]:8/', 'http://[v7.x]/', 'http://1.2.3.4/', 'http://999.1.1.1/', 'u@h', 'a:', '', '//', '?#'];

describe('a builder from a plan', () => {
  const g = compileAbnf(rfc3986Text, { lexicalRules: LEXICAL });
  const samples = lines.slice(0, 200);
  const plans = { 'URI-reference': g.treePlan('URI-reference', false, samples), 'URI lexical': g.treePlan('URI', true, samples) };
  const planned = withPlans(g, plans);

  it('holds the tables of the sample inputs (steps filled, lookahead states kept)', () => {
    const p = plans['URI-reference'] as TreePlan;
    expect(p.tables.rows.length).toBeGreaterThan(10);
    expect(p.tables.steps.filter((e) => e !== 0).length).toBe(p.tables.steps.length - p.tables.steps.filter((e) => e === 0).length);
    expect(p.tables.choices.length).toBeGreaterThan(0);
    expect(p.expanded.length).toBeGreaterThan(0);
  });

  it.each([
    ['URI-reference', false],
    ['URI', true],
    // No plan for these: built from nothing, as before.
    ['URI', false],
    ['relative-ref', false],
  ] as const)('gives the trees of a builder made from nothing (%s, lexical %s)', (rule, lexical) => {
    let trees = 0;
    for (const s of [...samples.slice(0, 50), ...others, ...relative, ...mutated, ...shapes]) {
      const a = planned.validate(s, rule);
      expect(a.ok).toBe(g.isValid(s, rule));
      if (!a.ok) continue;
      trees++;
      expect(planned.parseTree(s, rule, { lexical })).toEqual(g.parseTree(s, rule, { lexical }));
    }
    expect(trees).toBeGreaterThan(300);
  });

  it('goes on past the plan from the same NFA: an IP literal first, then the samples again', () => {
    const fresh = withPlans(g, plans);
    const ip = 'http://[2001:db8:85a3::8a2e:370:7334]:8080/p?q#f';
    expect(fresh.parseTree(ip, 'URI-reference')).toEqual(g.parseTree(ip, 'URI-reference'));
    for (const s of samples.slice(0, 100)) if (g.isValid(s, 'URI-reference')) expect(fresh.parseTree(s, 'URI-reference')).toEqual(g.parseTree(s, 'URI-reference'));
  });

  it('holds rows of NFA states only where steps went through pending rows (RFC 2396 host names), and gives the same trees', () => {
    // Inside a host name label each step is decided by the next character, through a pending
    // row of the builder (FirstMatch.addChoice): the plan holds the choices, renumbered rows
    // without the pending ones, which the builder made from it makes again.
    const g2 = rfc2396FromText();
    const valid = (s: string) => g2.isValid(s, 'URI-reference');
    const hosts = lines.filter(valid).slice(0, 200);
    const plan = g2.treePlan('URI-reference', false, hosts) as TreePlan;
    expect(plan.tables.rows.every((s) => s >= 0 && s < plan.size)).toBe(true);
    expect(plan.tables.choices.length).toBeGreaterThan(5);
    const p = withPlans(g2, { 'URI-reference': plan });
    let trees = 0;
    for (const s of [...hosts.slice(0, 100), ...others.filter(valid), 'http://a-b.c-d.e./', 'http://a.b.c:8/']) {
      expect(p.parseTree(s, 'URI-reference')).toEqual(g2.parseTree(s, 'URI-reference'));
      trees++;
    }
    expect(trees).toBeGreaterThan(300);
  });

  it('is the same tree for trees of big bounds and lookahead past the budget', () => {
    const big = compileAbnf('x = *( y / z )\ny = 1*"a"\nz = 1*"a" "b"\n');
    const samplesBig = ['aab', 'aaa', 'ab'];
    const p = withPlans(big, { x: big.treePlan('x', false, samplesBig) });
    for (const s of ['a'.repeat(3000), 'a'.repeat(3000) + 'b', 'ab'.repeat(500), 'aab'.repeat(200) + 'a']) {
      expect(p.parseTree(s, 'x')).toEqual(big.parseTree(s, 'x'));
    }
  });

  it('with no sample the rule accepts, fills the table from its start, at most PLAN_ROWS rows', () => {
    const v6 = g.treePlan('IPv6address', false, ['not one']);
    // Every row reached from the start is filled: the plan holds each step of every address.
    expect(v6.tables.rows.length).toBeGreaterThan(100);
    // (0: a cell not computed; only the accept row's, which no step leaves, stay so.)
    const columns = v6.tables.steps.length / v6.tables.rows.length;
    expect(v6.tables.steps.filter((e) => e === 0).length).toBeLessThanOrEqual(columns);
    const p = withPlans(g, { IPv6address: v6 });
    for (const s of ['::', '1:2::3', '::ffff:1.2.3.4', '1:2:3:4:5:6:7:8', 'fe80::1:2']) expect(p.parseTree(s, 'IPv6address')).toEqual(g.parseTree(s, 'IPv6address'));
    // A rule made to unroll stops at the limit, and its trees are still right past it.
    const unroll = compileAbnf('x = 1*65535"a"\n');
    const big = unroll.treePlan('x', false, []);
    expect(big.tables.rows.length).toBeLessThanOrEqual(PLAN_ROWS + 1);
    const q = withPlans(unroll, { x: big });
    expect(q.parseTree('a'.repeat(3000), 'x')).toEqual(unroll.parseTree('a'.repeat(3000), 'x'));
  });

  it('refuses a recursive rule (its trees are not the builder\'s)', () => {
    const rec = compileAbnf('x = "(" [x] ")"\n');
    expect(() => rec.treePlan('x', false, ['()'])).toThrow(TypeError);
  });
});

describe('a malformed plan', () => {
  const g = compileAbnf('x = 1*(y / "-")\ny = ALPHA / DIGIT\n', { lexicalRules: ['y'] });
  const good = g.treePlan('x', false, ['ab-1', 'a']) as TreePlan;
  const bad = (change: (p: Record<string, any>) => void): RuleGrammar => {
    const p = JSON.parse(JSON.stringify(good)) as Record<string, any>;
    change(p);
    return withPlans(g, { x: p });
  };

  it('a good one answers as the grammar does', () => {
    expect(withPlans(g, { x: good }).parseTree('ab-1', 'x')).toEqual(g.parseTree('ab-1', 'x'));
  });

  it.each([
    ['of another rule', (p: Record<string, any>) => { p.rule = 'y'; }, /not of this rule/],
    ['without tables', (p: Record<string, any>) => { delete p.tables; }, /tables/],
    ['a step to no row', (p: Record<string, any>) => { p.tables.steps[3] = 2 * 10_000 * 97; }, /entry to no row|out of range/],
    ['steps of the wrong width', (p: Record<string, any>) => { p.tables.steps.push(0); }, /rows × columns|do not fit/],
    ['a mark of no rule', (p: Record<string, any>) => { p.tables.marks[0][1][0] = 99; }, /tables\.marks/],
    ['a row past the NFA', (p: Record<string, any>) => { p.tables.rows[1] = p.size + 5; }, /tables\.rows/],
    ['classes of the wrong length', (p: Record<string, any>) => { p.classes.ascii.pop(); }, /classes\.ascii/],
    ['a name that is not a string', (p: Record<string, any>) => { p.names[0] = 7; }, /names/],
    ['a string for a number', (p: Record<string, any>) => { p.maxDepth = '1'; }, /maxDepth/],
  ])('%s is a TypeError at the first tree', (_what, change, message) => {
    const planned = bad(change);
    expect(() => planned.parseTree('ab', 'x')).toThrow(TypeError);
    expect(() => planned.parseTree('ab', 'x')).toThrow(message);
    // Verdicts do not read plans.
    expect(planned.isValid('ab', 'x')).toBe(true);
  });

  it.each([
    ['an ambiguous step with no choice', (p: Record<string, any>) => { p.tables.choices.pop(); }, /an ambiguous step with no choice/],
    ['a choice of a step that is not ambiguous', (p: Record<string, any>) => { p.tables.choices[0].cell = p.tables.steps.indexOf(0); }, /not an ambiguous step/],
    ['a choice twice', (p: Record<string, any>) => { p.tables.choices.push(p.tables.choices[0]); }, /one twice/],
  ])('%s is a TypeError at the first tree', (_what, change, message) => {
    const uri = compileAbnf(rfc3986Text, { lexicalRules: LEXICAL });
    const plan = uri.treePlan('URI', false, ['http://a.b/c', 'http://1.2.3.4/', 'http://[::1]/']) as TreePlan;
    expect(plan.tables.choices.length).toBeGreaterThan(1);
    const p = JSON.parse(JSON.stringify(plan)) as Record<string, any>;
    change(p);
    expect(() => withPlans(uri, { URI: p }).parseTree('http://a.b/c', 'URI')).toThrow(message);
  });

  it('a trusted plan (not checked) with an ambiguous step missing its choice stops with an internal error, not a wrong tree', () => {
    const h = compileAbnf('x = *( 1*"a" "b" / "a" ) "c"\n');
    const plan = JSON.parse(JSON.stringify(h.treePlan('x', false, ['aabac', 'ac', 'abc']))) as TreePlan & { tables: { choices: unknown[] } };
    expect(plan.tables.choices.length).toBeGreaterThan(0);
    const expr = h.source().exprs;
    for (let drop = 0; drop < plan.tables.choices.length; drop++) {
      const p = JSON.parse(JSON.stringify(plan)) as typeof plan;
      p.tables.choices.splice(drop, 1);
      const b = planBuilder(expr, 'x', new Set(['x']), p, (why) => new TypeError(why), false);
      const answers = ['ac', 'aaaac', 'abac', 'aabac'].map((s) => {
        try {
          return b.parse(s, 0, s.length, new NodeBuilder());
        } catch (e) {
          return (e as Error).message;
        }
      });
      // Each input either parses (the missing choice is not on its way) or meets the missing choice.
      for (const a of answers) expect([true, 'grammar engine internal error: a tree plan\'s ambiguous step has no choice']).toContain(a);
      expect(answers).toContain('grammar engine internal error: a tree plan\'s ambiguous step has no choice');
    }
  });

  it('expansions that are not this grammar\'s are a TypeError when the NFA is first needed', () => {
    const uri = compileAbnf(rfc3986Text, { lexicalRules: LEXICAL });
    const plan = uri.treePlan('URI', false, ['http://a.b/c']) as TreePlan;
    for (const change of [(p: Record<string, any>) => { p.expanded = []; }, (p: Record<string, any>) => { p.size += 1; }]) {
      const p = JSON.parse(JSON.stringify(plan)) as Record<string, any>;
      change(p);
      const planned = withPlans(uri, { URI: p });
      // What the tables hold answers; an IP literal needs the NFA, which is not the plan's.
      expect(planned.parseTree('http://a.b/c', 'URI')).toEqual(uri.parseTree('http://a.b/c', 'URI'));
      expect(() => planned.parseTree('http://[::1]/', 'URI')).toThrow(/not this grammar/);
    }
  });
});
