/**
 * Test-only oracle: an independent reading of RFC 2396 Appendix A.
 *
 * The grammar is transcribed here BY HAND from the RFC's Appendix A (not read from
 * grammar/rfc2396.bnf, and sharing no code with src/engine), in a six-word vocabulary.
 * Two readers run it:
 *
 * - `verdict(rule, input)`: a Thompson NFA simulated over state sets. It gives the exact
 *   verdict of the context-free (here regular) language and the error index: the first
 *   offset at which the input stops being a prefix of any string of the rule (its length
 *   when it is only cut short). Every sub-expression of Appendix A has a non-empty
 *   language, so every NFA state can still reach the end, and "the state set is empty"
 *   means exactly "no string of the rule starts with what was read".
 * - `firstMatch(rule, input)`: a plain backtracking parser in continuation-passing style,
 *   alternatives in the order written, repetitions greedy (most iterations first), `[x]`
 *   before nothing, an iteration beyond the minimum that consumes nothing rejected (as in
 *   JavaScript's RegExp). The first parse it finds is the first-match tree. Exponential
 *   in the worst case: use it on short inputs only.
 *
 * Quoted strings compare exactly: Appendix A lists both cases wherever case matters
 * (lowalpha/upalpha, hex), and its only longer literal is "//".
 */

export type O =
  | { k: 'str'; s: string }
  | { k: 'seq'; xs: O[] }
  | { k: 'alt'; xs: O[] }
  | { k: 'rep'; x: O; min: number; max: number }
  | { k: 'ref'; name: string };

const s = (text: string): O => ({ k: 'str', s: text });
const q = (...xs: O[]): O => ({ k: 'seq', xs });
const or = (...xs: O[]): O => ({ k: 'alt', xs });
const star = (x: O, min = 0): O => ({ k: 'rep', x, min, max: Infinity });
const opt = (x: O): O => ({ k: 'rep', x, min: 0, max: 1 });
const r = (name: string): O => ({ k: 'ref', name });
/** `"a" | "b" | ...` written out one literal a character, as the RFC does. */
const each = (chars: string): O => or(...chars.split('').map(s));

/** RFC 2396 Appendix A, rule by rule, in the RFC's order. */
export const RFC2396: Record<string, O> = {
  // URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
  'URI-reference': q(opt(or(r('absoluteURI'), r('relativeURI'))), opt(q(s('#'), r('fragment')))),
  // absoluteURI   = scheme ":" ( hier_part | opaque_part )
  absoluteURI: q(r('scheme'), s(':'), or(r('hier_part'), r('opaque_part'))),
  // relativeURI   = ( net_path | abs_path | rel_path ) [ "?" query ]
  relativeURI: q(or(r('net_path'), r('abs_path'), r('rel_path')), opt(q(s('?'), r('query')))),
  // hier_part     = ( net_path | abs_path ) [ "?" query ]
  hier_part: q(or(r('net_path'), r('abs_path')), opt(q(s('?'), r('query')))),
  // opaque_part   = uric_no_slash *uric
  opaque_part: q(r('uric_no_slash'), star(r('uric'))),
  // uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","
  uric_no_slash: or(r('unreserved'), r('escaped'), each(';?:@&=+$,')),
  // net_path      = "//" authority [ abs_path ]
  net_path: q(s('//'), r('authority'), opt(r('abs_path'))),
  // abs_path      = "/"  path_segments
  abs_path: q(s('/'), r('path_segments')),
  // rel_path      = rel_segment [ abs_path ]
  rel_path: q(r('rel_segment'), opt(r('abs_path'))),
  // rel_segment   = 1*( unreserved | escaped | ";" | "@" | "&" | "=" | "+" | "$" | "," )
  rel_segment: star(or(r('unreserved'), r('escaped'), each(';@&=+$,')), 1),
  // scheme        = alpha *( alpha | digit | "+" | "-" | "." )
  scheme: q(r('alpha'), star(or(r('alpha'), r('digit'), each('+-.')))),
  // authority     = server | reg_name
  authority: or(r('server'), r('reg_name')),
  // reg_name      = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )
  reg_name: star(or(r('unreserved'), r('escaped'), each('$,;:@&=+')), 1),
  // server        = [ [ userinfo "@" ] hostport ]
  server: opt(q(opt(q(r('userinfo'), s('@'))), r('hostport'))),
  // userinfo      = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )
  userinfo: star(or(r('unreserved'), r('escaped'), each(';:&=+$,'))),
  // hostport      = host [ ":" port ]
  hostport: q(r('host'), opt(q(s(':'), r('port')))),
  // host          = hostname | IPv4address
  host: or(r('hostname'), r('IPv4address')),
  // hostname      = *( domainlabel "." ) toplabel [ "." ]
  hostname: q(star(q(r('domainlabel'), s('.'))), r('toplabel'), opt(s('.'))),
  // domainlabel   = alphanum | alphanum *( alphanum | "-" ) alphanum
  domainlabel: or(r('alphanum'), q(r('alphanum'), star(or(r('alphanum'), s('-'))), r('alphanum'))),
  // toplabel      = alpha | alpha *( alphanum | "-" ) alphanum
  toplabel: or(r('alpha'), q(r('alpha'), star(or(r('alphanum'), s('-'))), r('alphanum'))),
  // IPv4address   = 1*digit "." 1*digit "." 1*digit "." 1*digit
  IPv4address: q(star(r('digit'), 1), s('.'), star(r('digit'), 1), s('.'), star(r('digit'), 1), s('.'), star(r('digit'), 1)),
  // port          = *digit
  port: star(r('digit')),
  // path          = [ abs_path | opaque_part ]
  path: opt(or(r('abs_path'), r('opaque_part'))),
  // path_segments = segment *( "/" segment )
  path_segments: q(r('segment'), star(q(s('/'), r('segment')))),
  // segment       = *pchar *( ";" param )
  segment: q(star(r('pchar')), star(q(s(';'), r('param')))),
  // param         = *pchar
  param: star(r('pchar')),
  // pchar         = unreserved | escaped | ":" | "@" | "&" | "=" | "+" | "$" | ","
  pchar: or(r('unreserved'), r('escaped'), each(':@&=+$,')),
  // query         = *uric
  query: star(r('uric')),
  // fragment      = *uric
  fragment: star(r('uric')),
  // uric          = reserved | unreserved | escaped
  uric: or(r('reserved'), r('unreserved'), r('escaped')),
  // reserved      = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","
  reserved: each(';/?:@&=+$,'),
  // unreserved    = alphanum | mark
  unreserved: or(r('alphanum'), r('mark')),
  // mark          = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"
  mark: each("-_.!~*'()"),
  // escaped       = "%" hex hex
  escaped: q(s('%'), r('hex'), r('hex')),
  // hex           = digit | "A" | "B" | "C" | "D" | "E" | "F" | "a" | "b" | "c" | "d" | "e" | "f"
  hex: or(r('digit'), each('ABCDEFabcdef')),
  // alphanum      = alpha | digit
  alphanum: or(r('alpha'), r('digit')),
  // alpha         = lowalpha | upalpha
  alpha: or(r('lowalpha'), r('upalpha')),
  lowalpha: each('abcdefghijklmnopqrstuvwxyz'),
  upalpha: each('ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
  digit: each('0123456789'),
};

export const RULES_2396 = Object.keys(RFC2396);

// ---------------------------------------------------------------- NFA: verdict and error index

/** A state: character edges (a set of one-character strings) and epsilon edges. */
interface State {
  chars?: Set<string>;
  next?: number;
  eps: number[];
}

/** The set of characters of an expression whose strings are all one character long, else null. */
function oneCharSet(e: O, g: Record<string, O>): Set<string> | null {
  switch (e.k) {
    case 'str':
      return e.s.length === 1 ? new Set([e.s]) : null;
    case 'alt': {
      const out = new Set<string>();
      for (const x of e.xs) {
        const set = oneCharSet(x, g);
        if (!set) return null;
        set.forEach((c) => out.add(c));
      }
      return out;
    }
    case 'ref':
      return oneCharSet(g[e.name], g);
    default:
      return null;
  }
}

class Nfa {
  readonly states: State[] = [];
  constructor(private readonly g: Record<string, O>) {}

  private add(): number {
    this.states.push({ eps: [] });
    return this.states.length - 1;
  }

  /** Thompson construction: a fragment from `from` to a new end state, returned. */
  build(e: O, from: number): number {
    const set = oneCharSet(e, this.g);
    if (set) {
      const to = this.add();
      this.states[from].chars = set;
      this.states[from].next = to;
      // A state with a character edge has no other edge: give it a fresh entry.
      return to;
    }
    switch (e.k) {
      case 'str': {
        let at = from;
        for (const c of e.s) at = this.build(s(c), this.split(at));
        return at;
      }
      case 'seq': {
        let at = from;
        for (const x of e.xs) at = this.build(x, this.split(at));
        return at;
      }
      case 'alt': {
        const end = this.add();
        for (const x of e.xs) {
          const start = this.add();
          this.states[from].eps.push(start);
          this.states[this.build(x, start)].eps.push(end);
        }
        return end;
      }
      case 'ref':
        return this.build(this.g[e.name], from);
      case 'rep': {
        let at = from;
        for (let i = 0; i < e.min; i++) at = this.build(e.x, this.split(at));
        const end = this.add();
        if (e.max === Infinity) {
          const loop = this.add();
          this.states[at].eps.push(loop);
          this.states[loop].eps.push(end);
          const start = this.add();
          this.states[loop].eps.push(start);
          this.states[this.build(e.x, start)].eps.push(loop);
        } else {
          for (let i = e.min; i < e.max; i++) {
            this.states[at].eps.push(end);
            at = this.build(e.x, this.split(at));
          }
          this.states[at].eps.push(end);
        }
        return end;
      }
    }
  }

  /** A fresh state reached from `at` by an epsilon edge (keeps character states single-edged). */
  private split(at: number): number {
    const next = this.add();
    this.states[at].eps.push(next);
    return next;
  }

  closure(set: Iterable<number>): Set<number> {
    const out = new Set<number>();
    const stack = [...set];
    while (stack.length) {
      const st = stack.pop()!;
      if (out.has(st)) continue;
      out.add(st);
      for (const n of this.states[st].eps) stack.push(n);
    }
    return out;
  }
}

const machines = new Map<string, { nfa: Nfa; start: number; accept: number }>();

function machine(rule: string) {
  let m = machines.get(rule);
  if (!m) {
    if (!(rule in RFC2396)) throw new Error(`no RFC 2396 rule ${rule}`);
    const nfa = new Nfa(RFC2396);
    const start = nfa.states.length;
    nfa.states.push({ eps: [] });
    const accept = nfa.build(RFC2396[rule], start);
    m = { nfa, start, accept };
    machines.set(rule, m);
  }
  return m;
}

/** The exact verdict, and for a rejected input the error index (see the header). */
export function verdict(rule: string, input: string): { ok: true } | { ok: false; index: number } {
  const { nfa, start, accept } = machine(rule);
  let current = nfa.closure([start]);
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    const next: number[] = [];
    for (const st of current) {
      const state = nfa.states[st];
      if (state.chars && state.chars.has(c)) next.push(state.next!);
    }
    if (next.length === 0) return { ok: false, index: i };
    current = nfa.closure(next);
  }
  return current.has(accept) ? { ok: true } : { ok: false, index: input.length };
}

// ---------------------------------------------------------------- backtracking: first-match tree

export interface OracleNode {
  rule: string;
  start: number;
  end: number;
  children: OracleNode[];
}

type K = (at: number, nodes: OracleNode[]) => OracleNode[] | null;

function bt(e: O, input: string, at: number, k: K): OracleNode[] | null {
  switch (e.k) {
    case 'str':
      return input.startsWith(e.s, at) ? k(at + e.s.length, []) : null;
    case 'seq': {
      const go = (i: number, pos: number, acc: OracleNode[]): OracleNode[] | null =>
        i === e.xs.length ? k(pos, acc) : bt(e.xs[i], input, pos, (p, ns) => go(i + 1, p, acc.concat(ns)));
      return go(0, at, []);
    }
    case 'alt':
      for (const x of e.xs) {
        const found = bt(x, input, at, k);
        if (found) return found;
      }
      return null;
    case 'ref':
      return bt(RFC2396[e.name], input, at, (end, children) =>
        k(end, [{ rule: e.name, start: at, end, children }]),
      );
    case 'rep': {
      const go = (count: number, pos: number, acc: OracleNode[]): OracleNode[] | null => {
        if (count < e.max) {
          const more = bt(e.x, input, pos, (p, ns) =>
            p === pos && count >= e.min ? null : go(count + 1, p, acc.concat(ns)),
          );
          if (more) return more;
        }
        return count >= e.min ? k(pos, acc) : null;
      };
      return go(0, at, []);
    }
  }
}

/** The first-match tree of the whole input, or null when the rule does not match it. */
export function firstMatch(rule: string, input: string): OracleNode | null {
  if (!(rule in RFC2396)) throw new Error(`no RFC 2396 rule ${rule}`);
  const found = bt(RFC2396[rule], input, 0, (end, children) => (end === input.length ? children : null));
  return found ? { rule, start: 0, end: input.length, children: found } : null;
}
