/**
 * `npm run bench`: the project's functions and their peers, side by side in one process, on
 * the same inputs (the first 20,000 lines of test/vectors/real-urls.txt, and a scaling
 * series). Medians of several rounds after a warm-up, round-robin, with no collection forced
 * (bench/harness.ts says why; the "Against Node's URL" table measures its pairs with a forced
 * collection too, to show what that would move). Prints the tables and writes them, with the
 * machine and the targets, to BENCHMARKS.md.
 *
 * Speed lives here only: no test asserts a timing.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as api from '../src/index';
import { keptSections } from './markdown';
import { CLOCK, median, pass, roundRobin } from './harness';
import { measureAgainstUrl, urlSection } from './againstUrl';
import { realUrls, SHAPES, SCALING_SIZES, STACK_SIZE } from './inputs';
import {
  APPENDIX_B, ajvUriPeer, fastUriPeer, hapiPeer, loadApg, nodeUrlPeer, uriJsPeer,
} from './peers';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const CORPUS_LINES = Number(process.env.BENCH_LINES ?? 20_000);
const APG_SUBSET = 1_000;
/** Characters processed per round in the scaling series (the input repeated to about this much). */
const SCALING_BYTES_PER_ROUND = 2 * 1024 * 1024;
const REF = '../a/./b?c#d';
const LOAD_AT_START = os.loadavg();

type Fn = (s: string) => unknown;
const gc: () => void = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
/** A long IRI for the scaling series: non-ASCII path segments (RFC 3987 ucschar). */
const longIri = (n: number): string => {
  const prefix = 'http://例え.jp/';
  const body = 'パス/セグメント/'.repeat(Math.ceil(n / 9));
  return prefix + body.slice(0, n - prefix.length);
};
/**
 * The long IRI's skeptic's twin: a long ASCII path with one ucschar as its last character. RFC
 * 3986's RegExp reads all of it before it refuses it (src/iri/check.ts, WALK_FROM).
 */
const lateIri = (n: number): string => {
  const s = 'http://example.com/' + 'segment/'.repeat(Math.ceil(n / 8));
  return s.slice(0, n - 2) + 'パス';
};
/**
 * A long IRI above the Basic Multilingual Plane: CJK Extension B (planes 1 to 14 are ucschar),
 * each character a surrogate pair; n UTF-16 code units, as every size here counts.
 */
const astralIri = (n: number): string => {
  const prefix = 'http://例え.jp/';
  const s = prefix + '\u{2000b}\u{2123d}/\u{20b9f}/'.repeat(Math.ceil(n / 6)).slice(0, n - prefix.length);
  return /[\ud800-\udbff]$/.test(s) ? s.slice(0, -1) + 'a' : s;
};
/** The shapes of `rfc3987.isValid`'s scaling series; the first also at 10 MB. */
const IRI_SHAPES: Array<[shape: string, make: (n: number) => string]> = [['long IRI', longIri], ['ASCII, a ucschar last', lateIri], ['IRI above the BMP', astralIri]];
const lib = api as unknown as Record<string, unknown>;

/** The project's function, or `undefined` (with a note) when it is not exported yet. */
function projectFn(name: string, make: (f: (...a: unknown[]) => unknown) => Fn): Fn | undefined {
  const f = lib[name];
  if (typeof f !== 'function') {
    console.log(`note: ${name} is not exported by src/index.ts yet; skipped`);
    return undefined;
  }
  return make(f as (...a: unknown[]) => unknown);
}

interface Row { group: string; name: string; project: boolean; ns: number; inputs: number; note?: string }
const rows: Row[] = [];

type Entry = [name: string, fn: Fn | undefined, project: boolean, note?: string];

/**
 * The entries of one table, on the same inputs, measured round-robin: each makes a warm-up
 * pass, then round r times every entry once (no collection forced). A burst of load on this
 * shared machine then slows every entry of a round, not only one, and the ratios hold.
 */
function benchGroup(group: string, inputs: readonly string[], entries: Entry[], rounds = ROUNDS): void {
  const live = entries.filter((e): e is [string, Fn, boolean, string?] => e[1] !== undefined);
  const times = roundRobin(inputs, live.map(([, fn]) => fn), rounds);
  live.forEach(([name, , project, note], k) => {
    const ns = times[k].median;
    rows.push({ group, name, project, ns, inputs: inputs.length, note });
    console.log(`${group.padEnd(12)} ${name.padEnd(40)} ${fmt(ns).padStart(10)} ns/input ${fmtOps(ns).padStart(12)} ops/s`);
  });
}

const fmt = (ns: number): string => (ns >= 100 ? ns.toFixed(0) : ns >= 10 ? ns.toFixed(1) : ns.toFixed(2));
const fmtOps = (ns: number): string => Math.round(1e9 / ns).toLocaleString('en-US');
const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

function find(group: string, name: string): Row | undefined {
  return rows.find((r) => r.group === group && r.name === name);
}

/** ns a character of `fn` on one input of STACK_SIZE: a warm-up pass, then the median of 5. */
function tenMb(fn: Fn, s: string): number {
  const big = [s];
  pass(fn, big);
  const times: number[] = [];
  for (let r = 0; r < 5; r++) times.push(pass(fn, big));
  return median(times) / s.length;
}

/**
 * Issue 37: a long IRI (RFC 3987, `rfc3987.isValid(s, 'IRI')`) at the scaling sizes, and an
 * ASCII one with a ucschar last (IRI_SHAPES), pushed to `scaling`; the long IRI also at 10 MB (a
 * few passes of one input): its ns per character there, returned.
 */
function longIriScaling(iri: { isValid(s: string, r: string): boolean }, scaling: { fn: string; shape: string; size: number; nsPerByte: number }[]): number {
  const fn: Fn = (s) => iri.isValid(s, 'IRI');
  const series = IRI_SHAPES.flatMap(([shape, make]) => SCALING_SIZES.map((size) => {
    const reps = Math.max(1, Math.round(SCALING_BYTES_PER_ROUND / size));
    return { shape, size, inputs: new Array<string>(reps).fill(make(size)), times: [] as number[] };
  }));
  for (const x of series) for (let w = 0; w < 2; w++) pass(fn, x.inputs);
  for (let r = 0; r < Math.max(ROUNDS, 9); r++) for (const x of series) x.times.push(pass(fn, x.inputs));
  const lines = new Map<string, string[]>();
  for (const { shape, size, inputs, times } of series) {
    const ns = median(times) / inputs.length / size;
    scaling.push({ fn: 'rfc3987.isValid', shape, size, nsPerByte: ns });
    if (!lines.has(shape)) lines.set(shape, []);
    lines.get(shape)!.push(`${sizeName(size)} ${ns.toFixed(2)}`);
  }
  const ns10 = tenMb(fn, longIri(STACK_SIZE));
  scaling.push({ fn: 'rfc3987.isValid', shape: 'long IRI', size: STACK_SIZE, nsPerByte: ns10 });
  lines.get('long IRI')!.push(`${sizeName(STACK_SIZE)} ${ns10.toFixed(2)}`);
  for (const [shape, line] of lines) console.log(`  ${'rfc3987.isValid'.padEnd(10)} ${shape.padEnd(11)} ${line.join('  ')}`);
  return ns10;
}

async function main(): Promise<void> {
  const started = Date.now();
  const all = realUrls(CORPUS_LINES);
  const isValid = lib.isValid as (s: string, r?: string) => boolean;
  const valid = all.filter((s) => isValid(s, 'URI'));
  const apgInputs = all.slice(0, APG_SUBSET);
  console.log(`corpus: ${all.length} lines, ${valid.length} valid URIs; apg-lite subset: first ${apgInputs.length} lines\n`);

  // The project's functions under test.
  const pIsValid = projectFn('isValid', (f) => (s) => f(s, 'URI'));
  // RFC 3987 (IRIs): the same inputs as IRIs; ASCII input must cost what a URI costs.
  const iri = lib.rfc3987 as { isValid(s: string, r: string): boolean } | undefined;
  const pIsValidIri: Fn | undefined = iri ? (s) => iri.isValid(s, 'IRI') : undefined;
  const pParse = projectFn('parse', (f) => (s) => f(s));
  const pTree = projectFn('parseTree', (f) => (s) => f(s));
  const pResolve = projectFn('resolve', (f) => (s) => f(s, REF));
  const pNormalize = projectFn('normalize', (f) => (s) => f(s));
  const apg = await loadApg();

  // Validation: all 20,000 lines, valid or not.
  benchGroup('validate', all, [
    ['isValid(s, "URI")', pIsValid, true],
    ['rfc3987.isValid(s, "IRI")', pIsValidIri, true],
    ['Appendix B regexp exec (split only)', (s) => APPENDIX_B.exec(s), false],
    ['URL.canParse (Node)', (s) => URL.canParse(s), false],
    ['@hapi/address uriRegex().test', hapiPeer.valid, false],
    ['ajv-formats uri (full)', ajvUriPeer.valid, false],
  ]);
  benchGroup('validate-apg', apgInputs, [
    ['isValid(s, "URI")', pIsValid, true, `first ${APG_SUBSET} lines`],
    ['apg-lite uri-app parse', apg.valid, false, `first ${APG_SUBSET} lines (slow)`],
  ], 3);

  // Parsing: valid URIs only, so that every function does its whole job.
  benchGroup('parse', valid, [
    ['parse(s)', pParse, true],
    ['parseTree(s)', pTree, true],
    ['Appendix B regexp exec (split only)', (s) => APPENDIX_B.exec(s), false],
    ['uri-js parse', uriJsPeer.parseRaw, false],
    ['fast-uri parse', fastUriPeer.parseRaw, false],
    ['new URL (Node)', nodeUrlPeer.parse, false],
  ]);

  // One engine: grammar/rfc3986.abnf loaded with compileAbnf (with the built-in's character-level
  // rules as lexicalRules, so that both give the same trees) beside the built-in, which runs on
  // the same text (src/generated/rfc3986Rules.ts is generated from it) with build-time tables.
  const fromText = api.compileAbnf(fs.readFileSync(path.join(__dirname, '..', '..', 'grammar', 'rfc3986.abnf'), 'utf8'), {
    lexicalRules: ['h16', 'ls32', 'dec-octet', 'pchar', 'pct-encoded', 'unreserved', 'reserved', 'gen-delims', 'sub-delims'],
  });
  benchGroup('one engine: RFC 3986 from its text', valid, [
    ['isValid(s, "URI") (built-in)', pIsValid, true],
    ['compileAbnf(rfc3986.abnf).isValid(s, "URI")', (s) => fromText.isValid(s, 'URI'), true],
    ['parseTree(s, "URI") (built-in)', projectFn('parseTree', (f) => (s) => f(s, 'URI')), true],
    ['compileAbnf(rfc3986.abnf).parseTree(s, "URI")', (s) => fromText.parseTree(s, 'URI'), true],
    ['parseTree(s, "URI", lexical) (built-in)', projectFn('parseTree', (f) => (s) => f(s, 'URI', { lexical: true })), true],
    ['compileAbnf(rfc3986.abnf).parseTree(s, "URI", lexical)', (s) => fromText.parseTree(s, 'URI', { lexical: true }), true],
    ['uri-js parse', uriJsPeer.parseRaw, false],
  ]);

  // The other shipped grammars' trees on the inputs all three accept.
  const r2396 = api.rfc2396;
  const r3987 = api.rfc3987;
  const shared = valid.filter((s) => r2396.isValid(s, 'URI-reference') && r3987.isValid(s, 'IRI-reference'));
  benchGroup('one engine: other grammars', shared, [
    ['parseTree(s, "URI-reference") (RFC 3986)', projectFn('parseTree', (f) => (s) => f(s, 'URI-reference')), true],
    ['rfc3987.parseTree(s, "IRI-reference")', (s) => r3987.parseTree(s, 'IRI-reference'), true],
    ['rfc2396.parseTree(s, "URI-reference")', (s) => r2396.parseTree(s, 'URI-reference'), true],
  ]);

  // Resolution: each valid corpus URI as the base of '../a/./b?c#d'.
  benchGroup('resolve', valid, [
    [`resolve(s, '${REF}')`, pResolve, true],
    ['uri-js resolve', (s) => uriJsPeer.resolve(s, REF), false],
    ['fast-uri resolve', (s) => fastUriPeer.resolve(s, REF), false],
    ['new URL(ref, base) (Node)', (s) => new URL(REF, s).href, false],
  ]);

  // Normalization.
  benchGroup('normalize', valid, [
    ['normalize(s)', pNormalize, true],
    ['uri-js normalize', uriJsPeer.normalize, false],
    ['fast-uri normalize', fastUriPeer.normalize, false],
    ['new URL(s).href (Node)', (s) => new URL(s).href, false],
  ]);

  // Scaling: ns per character of the project's functions at each size.
  const projectFns: [string, Fn | undefined][] = [
    ['isValid', pIsValid], ['parse', pParse], ['parseTree', pTree], ['resolve', pResolve], ['normalize', pNormalize],
  ];
  const scaling: { fn: string; shape: string; size: number; nsPerByte: number }[] = [];
  console.log('\nscaling (ns per character):');
  for (const [name, fn] of projectFns) {
    if (!fn) continue;
    for (const shape of SHAPES) {
      const line: string[] = [];
      // The sizes round-robin, as in benchGroup: a burst of load slows every size of a round.
      const series = SCALING_SIZES.map((size) => {
        const reps = Math.max(1, Math.round(SCALING_BYTES_PER_ROUND / size));
        return { size, inputs: new Array<string>(reps).fill(shape.make(size)), times: [] as number[] };
      });
      for (const x of series) for (let w = 0; w < 2; w++) pass(fn, x.inputs);
      // More rounds than the corpus tables: one round here is only a few calls.
      for (let r = 0; r < Math.max(ROUNDS, 9); r++) {
        for (const x of series) x.times.push(pass(fn, x.inputs));
      }
      for (const { size, inputs, times } of series) {
        const ns = median(times) / inputs.length / size;
        scaling.push({ fn: name, shape: shape.name, size, nsPerByte: ns });
        line.push(`${sizeName(size)} ${ns.toFixed(2)}`);
      }
      // isValid also at 10 MB (issue 37: at most 1 ns a character from 1 KB to 10 MB).
      if (name === 'isValid') {
        const ns10 = tenMb(fn, shape.make(STACK_SIZE));
        scaling.push({ fn: name, shape: shape.name, size: STACK_SIZE, nsPerByte: ns10 });
        line.push(`${sizeName(STACK_SIZE)} ${ns10.toFixed(2)}`);
      }
      console.log(`  ${name.padEnd(10)} ${shape.name.padEnd(11)} ${line.join('  ')}`);
    }
  }

  // A long IRI (RFC 3987), the same way, and at 10 MB.
  const iri10 = iri ? longIriScaling(iri, scaling) : undefined;

  // 10 MB: completes, no RangeError (stack overflow).
  const stack: { fn: string; shape: string; outcome: string; ms: number }[] = [];
  console.log(`\n${sizeName(STACK_SIZE)} inputs:`);
  for (const [name, fn] of projectFns) {
    if (!fn) continue;
    for (const shape of SHAPES) {
      const s = shape.make(STACK_SIZE);
      gc();
      const t0 = Date.now();
      let outcome = 'ok';
      try {
        fn(s);
      } catch (e) {
        outcome = e instanceof RangeError ? `RangeError: ${e.message}` : `${(e as Error).name}: ${(e as Error).message.split('\n')[0]}`;
      }
      stack.push({ fn: name, shape: shape.name, outcome, ms: Date.now() - t0 });
      console.log(`  ${name.padEnd(10)} ${shape.name.padEnd(11)} ${outcome} (${Date.now() - t0} ms)`);
    }
  }

  // Against Node's URL: the jobs both do (bench/againstUrl.ts, also `npm run bench:url`).
  console.log("\nagainst Node's URL:");
  const urlRows = measureAgainstUrl();

  const seconds = (Date.now() - started) / 1000;
  console.log(`\ntotal ${seconds.toFixed(0)} s`);
  const md = report(all.length, valid.length, apgInputs.length, scaling, stack, seconds, iri10).replace('## Scaling: ns per character', () => urlSection(urlRows) + '\n## Scaling: ns per character');
  const benchmarksMd = path.resolve(__dirname, '..', '..', 'BENCHMARKS.md');
  fs.writeFileSync(benchmarksMd, md.trimEnd() + '\n' + keptSections(benchmarksMd)); // bench:bundle's and bench:startup's sections stay
  console.log('\n' + md.slice(md.indexOf('## Targets')));
}

const sizeName = (n: number): string => (n >= 1024 * 1024 ? `${n / 1024 / 1024} MB` : `${n / 1024} KB`);

function report(
  lines: number, validCount: number, apgCount: number,
  scaling: { fn: string; shape: string; size: number; nsPerByte: number }[],
  stack: { fn: string; shape: string; outcome: string; ms: number }[],
  seconds: number,
  iri10?: number,
): string {
  const cpu = (fs.readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.*)$/m) ?? [])[1] ?? os.cpus()[0]?.model ?? 'unknown';
  const out: string[] = [];
  out.push('# Benchmarks', '');
  out.push('Generated by `npm run bench` (bench/bench.ts); do not edit by hand. Speed is measured here only, never asserted in tests.', '');
  out.push(`- Machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB; ${os.type()} ${os.release()}`);
  out.push(`- Node ${process.version}; date ${new Date().toISOString().slice(0, 10)}; whole run ${seconds.toFixed(0)} s; load average at start ${LOAD_AT_START.map((x) => x.toFixed(2)).join(' ')}, at end ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} (other work on this shared 2-core machine makes single figures noisy: compare ratios, and re-run before believing a small difference)${LOAD_AT_START[0] > os.cpus().length ? `. **This run shared the machine**: the load average was above the ${os.cpus().length} cores, so absolute figures are inflated (about 1.5–2× on the CPU clock); the ratios, measured side by side, are the figures to read` : ''}`);
  out.push(`- Inputs: the first ${lines.toLocaleString('en-US')} lines of test/vectors/real-urls.txt (validation: all of them; parse, resolve, normalize: the ${validCount.toLocaleString('en-US')} that are valid \`URI\`s). apg-lite is slow and runs on the first ${apgCount.toLocaleString('en-US')} lines only, side by side with the project on the same lines.`);
  out.push(`- Method: one process; each function makes one warm-up pass over its inputs, then ${ROUNDS} timed passes (3 for apg-lite), taken round-robin with the other functions of its table so that a burst of load on the machine slows them all alike; the median pass is reported. No collection is forced between passes: each function runs as in a program, where the collector runs when the heap asks, and a pass pays for the garbage of the pass before it whoever made it. (Until issue 37 a \`gc()\` came before each pass; that slowed Node's \`URL\` by about 1.6× for the pass that followed and so flattered the project against it. "Against Node's URL" below measures its pairs both ways and prints both ratios.) Each peer is called as its users call it. The scaling series makes two warm-up passes and at least 9 timed passes a size, the sizes round-robin. A throw is counted as an answer (the call is wrapped in try/catch for every function alike). Clock: ${CLOCK === 'cpu' ? 'the process\'s CPU time (\`BENCH_CLOCK=cpu\`: every thread, the collector\'s helpers too; on a shared machine wall time also counts the time other processes held the cores)' : 'wall time'}.`);
  out.push(`- \`project ÷ peer\` is the project's time divided by the peer's: below 1 the project is faster.`);
  out.push('');
  const groups = [...new Set(rows.map((r) => r.group))];
  for (const g of groups) {
    const gr = rows.filter((r) => r.group === g);
    const projects = gr.filter((r) => r.project);
    out.push(`## ${g}`, '');
    out.push(`| function | ns / input | ops/s | ${projects.map((p) => `${p.name} ÷ this`).join(' | ')} |`);
    out.push(`|---|---:|---:|${projects.map(() => '---:').join('|')}|`);
    for (const r of gr) {
      out.push(`| ${r.project ? '**' + r.name + '**' : r.name}${r.note ? ` (${r.note})` : ''} | ${fmt(r.ns)} | ${fmtOps(r.ns)} | ${projects.map((p) => (p === r ? '' : ratio(p.ns, r.ns))).join(' | ')} |`);
    }
    out.push('');
  }
  out.push('## Scaling: ns per character', '');
  out.push('Each input is repeated to about 2 MB per pass; at 10 MB (`isValid` and the long IRI) one input, the median of 5 passes. Shapes: a long path (`segment/` repeated), a long query (`key=value&` repeated), a long run of `%41`; and for `rfc3987.isValid(s, \'IRI\')` a long IRI (`http://例え.jp/` then `パス/セグメント/` repeated) a long path of ASCII whose last character is a ucschar (`パ`: RFC 3986\'s RegExp would read all of it before refusing it, so from 1,024 characters the IRI check walks the tables at once, src/iri/check.ts), and a long IRI of CJK Extension B characters (`𠀋𡈽/𠮟/` repeated: each a surrogate pair, which the walk reads as one ucschar; sizes count UTF-16 code units, two a character there). Below 4,096 characters (LONG) a hot rule runs its RegExp; from there on the tables, which read a state\'s loops with a RegExp of their own (docs/ARCHITECTURE.md, "Long inputs").', '');
  // 10 MB for isValid and the long IRI only (a few passes of one input): "—" for the others.
  const sizes = [...SCALING_SIZES, STACK_SIZE];
  out.push(`| function | shape | ${sizes.map(sizeName).join(' | ')} | 1 MB ÷ 10 KB |`);
  out.push(`|---|---|${sizes.map(() => '---:').join('|')}|---:|`);
  const keys = [...new Set(scaling.map((s) => `${s.fn}\u0000${s.shape}`))];
  for (const k of keys) {
    const [fn, shape] = k.split('\u0000');
    const xs = scaling.filter((s) => s.fn === fn && s.shape === shape);
    const at = (n: number) => xs.find((s) => s.size === n)?.nsPerByte;
    out.push(`| ${fn} | ${shape} | ${sizes.map((n) => at(n)?.toFixed(2) ?? '—').join(' | ')} | ${ratio(at(1024 * 1024)!, at(10 * 1024)!)} |`);
  }
  out.push('');
  out.push(`## ${sizeName(STACK_SIZE)} inputs`, '');
  out.push('| function | shape | outcome | ms |', '|---|---|---|---:|');
  for (const s of stack) out.push(`| ${s.fn} | ${s.shape} | ${s.outcome} | ${s.ms} |`);
  out.push('');
  out.push(...targets(scaling, stack, iri10));
  return out.join('\n') + '\n';
}

function targets(
  scaling: { fn: string; shape: string; size: number; nsPerByte: number }[],
  stack: { fn: string; shape: string; outcome: string }[],
  iri10?: number,
): string[] {
  const out = ['## Targets', '', '| target | measured | met? |', '|---|---|---|'];
  const check = (label: string, g: string, p: string, peer: string, limit: number): void => {
    const a = find(g, p);
    const b = find(g, peer);
    if (!a || !b) {
      out.push(`| ${label} | not measured (${!a ? p : peer} missing) | — |`);
      return;
    }
    const r = a.ns / b.ns;
    out.push(`| ${label} | ${r.toFixed(2)}× (${fmt(a.ns)} vs ${fmt(b.ns)} ns) | ${r <= limit ? 'met' : 'missed'} |`);
  };
  check('isValid ≤ 0.6× Appendix B exec', 'validate', 'isValid(s, "URI")', 'Appendix B regexp exec (split only)', 0.6);
  check('rfc3987.isValid(s, "IRI") ≤ 1.5× isValid(s, "URI")', 'validate', 'rfc3987.isValid(s, "IRI")', 'isValid(s, "URI")', 1.5);
  check('parse ≤ 0.125× uri-js parse', 'parse', 'parse(s)', 'uri-js parse', 0.125);
  check('parse ≤ 0.2× fast-uri parse', 'parse', 'parse(s)', 'fast-uri parse', 0.2);
  check('parseTree ≤ 1.0× uri-js parse', 'parse', 'parseTree(s)', 'uri-js parse', 1.0);
  const engine = 'one engine: RFC 3986 from its text';
  check('from text: isValid ≤ 1.15× built-in', engine, 'compileAbnf(rfc3986.abnf).isValid(s, "URI")', 'isValid(s, "URI") (built-in)', 1.15);
  check('from text: parseTree ≤ 1.15× built-in', engine, 'compileAbnf(rfc3986.abnf).parseTree(s, "URI")', 'parseTree(s, "URI") (built-in)', 1.15);
  check('from text: lexical parseTree ≤ 1.15× built-in', engine, 'compileAbnf(rfc3986.abnf).parseTree(s, "URI", lexical)', 'parseTree(s, "URI", lexical) (built-in)', 1.15);
  check('from text: parseTree ≤ 0.35× uri-js parse', engine, 'compileAbnf(rfc3986.abnf).parseTree(s, "URI")', 'uri-js parse', 0.35);
  check('built-in parseTree ≤ 0.35× uri-js parse', engine, 'parseTree(s, "URI") (built-in)', 'uri-js parse', 0.35);
  check('RFC 3987 IRI trees ≤ 1.3× RFC 3986', 'one engine: other grammars', 'rfc3987.parseTree(s, "IRI-reference")', 'parseTree(s, "URI-reference") (RFC 3986)', 1.3);
  check('RFC 2396 trees ≤ 1.3× RFC 3986', 'one engine: other grammars', 'rfc2396.parseTree(s, "URI-reference")', 'parseTree(s, "URI-reference") (RFC 3986)', 1.3);
  check('resolve ≤ 0.2× uri-js resolve', 'resolve', `resolve(s, '${REF}')`, 'uri-js resolve', 0.2);
  check('normalize ≤ 0.2× uri-js normalize', 'normalize', 'normalize(s)', 'uri-js normalize', 0.2);
  const fns = [...new Set(scaling.map((s) => s.fn))];
  for (const fn of fns) {
    const worst = [...new Set(scaling.filter((s) => s.fn === fn).map((s) => s.shape))].map((shape) => {
      const at = (n: number) => scaling.find((s) => s.fn === fn && s.shape === shape && s.size === n)!.nsPerByte;
      return { shape, r: at(1024 * 1024) / at(10 * 1024) };
    }).sort((a, b) => b.r - a.r)[0];
    out.push(`| ${fn}: ns/char at 1 MB ≤ 1.5× at 10 KB (linear) | worst ${worst.r.toFixed(2)}× (${worst.shape}) | ${worst.r <= 1.5 ? 'met' : 'missed'} |`);
  }
  for (const fn of ['isValid', 'rfc3987.isValid']) {
    const xs = scaling.filter((s) => s.fn === fn);
    if (!xs.length) continue;
    const worst = xs.reduce((a, b) => (b.nsPerByte > a.nsPerByte ? b : a));
    out.push(`| ${fn}: ≤ 1 ns a character at every size, 1 KB to ${sizeName(Math.max(...xs.map((s) => s.size)))} | worst ${worst.nsPerByte.toFixed(2)} ns (${worst.shape}, ${sizeName(worst.size)}) | ${worst.nsPerByte <= 1 ? 'met' : 'missed'} |`);
  }
  if (iri10 !== undefined) out.push(`| rfc3987.isValid: ≤ 1 ns a character at ${sizeName(STACK_SIZE)} (long IRI) | ${iri10.toFixed(2)} ns | ${iri10 <= 1 ? 'met' : 'missed'} |`);
  for (const name of ['isValid', 'parse', 'parseTree', 'resolve', 'normalize']) {
    if (!fns.includes(name)) out.push(`| ${name}: linear, no stack overflow at 10 MB | not measured (not exported when run) | — |`);
  }
  const bad = stack.filter((s) => s.outcome.startsWith('RangeError'));
  out.push(`| no stack overflow at ${sizeName(STACK_SIZE)} | ${stack.length - bad.length}/${stack.length} calls completed without RangeError${bad.length ? ': ' + bad.map((b) => `${b.fn} on ${b.shape}`).join(', ') : ''} | ${bad.length ? 'missed' : 'met'} |`);
  out.push('');
  return out;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
