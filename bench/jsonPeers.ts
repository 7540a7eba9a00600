/**
 * JSON (RFC 8259) written for three JavaScript parser generators, the peers of `npm run bench`'s
 * "against parser generators" table (bench/recursivePeers.ts): peggy 5 (a grammar with value
 * actions, generated when asked), chevrotain 11 (a lexer and a CST parser) and ohm-js 17 (`match`).
 * Each is the plain way its documentation teaches; none is tuned against the others. They are dev
 * dependencies only: nothing of src/ imports this file. test/bench/jsonPeers.test.ts holds each to
 * JSONTestSuite (every y_ file accepted, every n_ file refused), so a ratio is never against a
 * broken peer.
 */
import type * as Chevrotain from 'chevrotain';
import type * as Ohm from 'ohm-js';
import type * as Peggy from 'peggy';

/** A peer: `parse` returns what the tool builds (values, a CST, a match), or throws on bad text. */
export interface JsonPeer {
  readonly name: string;
  readonly version: string;
  /** What a call does, for the table. */
  readonly call: string;
  /** The tool's result for a valid text; throws a SyntaxError for an invalid one. */
  parse(text: string): unknown;
}

/**
 * peggy: 8 rules, and actions that build the values as `JSON.parse` does (numbers by `parseFloat`,
 * strings unescaped, objects by assignment so that the last duplicate key wins).
 */
export const PEGGY_JSON = String.raw`
JSON_text = ws @value ws

value = object / array / string / number
  / "true" { return true; } / "false" { return false; } / "null" { return null; }

object = "{" ws members:(member|.., ws "," ws|) ws "}" {
  const o = {};
  for (const m of members) o[m[0]] = m[1];
  return o;
}

member = k:string ws ":" ws v:value { return [k, v]; }

array = "[" ws @(value|.., ws "," ws|) ws "]"

number = "-"? ("0" / [1-9] [0-9]*) ("." [0-9]+)? ([eE] [+-]? [0-9]+)? { return parseFloat(text()); }

string = '"' chars:(
    $[^\0-\x1F"\\]+
    / "\\" @(
      '"' / "\\" / "/"
      / "b" { return "\b"; } / "f" { return "\f"; } / "n" { return "\n"; } / "r" { return "\r"; } / "t" { return "\t"; }
      / "u" h:$([0-9a-fA-F]|4|) { return String.fromCharCode(parseInt(h, 16)); }
    )
  )* '"' { return chars.join(""); }

ws = [ \t\n\r]*
`;

/** peggy's parser of PEGGY_JSON, generated now (`peggy.generate`, as a user would at start-up). */
export function peggyJson(): JsonPeer {
  const peggy = require('peggy') as typeof Peggy;
  const parser = peggy.generate(PEGGY_JSON);
  return { name: 'peggy', version: peggy.VERSION, call: '`parse` (generated at start, value actions)', parse: (s) => parser.parse(s) };
}

/** chevrotain: a lexer (white space skipped) and a CST parser over its tokens. */
export function chevrotainJson(): JsonPeer {
  // chevrotain 11 is an ES module only; Node 20.19 and later `require` it.
  const { createToken, Lexer, CstParser, VERSION } = require('chevrotain') as typeof Chevrotain;
  const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\n\r]+/, group: Lexer.SKIPPED });
  const LCurly = createToken({ name: 'LCurly', pattern: '{' });
  const RCurly = createToken({ name: 'RCurly', pattern: '}' });
  const LSquare = createToken({ name: 'LSquare', pattern: '[' });
  const RSquare = createToken({ name: 'RSquare', pattern: ']' });
  const Comma = createToken({ name: 'Comma', pattern: ',' });
  const Colon = createToken({ name: 'Colon', pattern: ':' });
  const True = createToken({ name: 'True', pattern: 'true' });
  const False = createToken({ name: 'False', pattern: 'false' });
  const Null = createToken({ name: 'Null', pattern: 'null' });
  const StringLiteral = createToken({ name: 'StringLiteral', pattern: /"(?:[^\\"\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/ });
  const NumberLiteral = createToken({ name: 'NumberLiteral', pattern: /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/ });
  const tokens = [WhiteSpace, LCurly, RCurly, LSquare, RSquare, Comma, Colon, True, False, Null, StringLiteral, NumberLiteral];
  const lexer = new Lexer(tokens, { positionTracking: 'onlyOffset' });

  class JsonParser extends CstParser {
    constructor() {
      super(tokens);
      this.performSelfAnalysis();
    }
    json = this.RULE('json', () => this.SUBRULE(this.value));
    value = this.RULE('value', () => {
      this.OR([
        { ALT: () => this.SUBRULE(this.object) },
        { ALT: () => this.SUBRULE(this.array) },
        { ALT: () => this.CONSUME(StringLiteral) },
        { ALT: () => this.CONSUME(NumberLiteral) },
        { ALT: () => this.CONSUME(True) },
        { ALT: () => this.CONSUME(False) },
        { ALT: () => this.CONSUME(Null) },
      ]);
    });
    object = this.RULE('object', () => {
      this.CONSUME(LCurly);
      this.MANY_SEP({ SEP: Comma, DEF: () => this.SUBRULE(this.member) });
      this.CONSUME(RCurly);
    });
    member = this.RULE('member', () => {
      this.CONSUME(StringLiteral);
      this.CONSUME(Colon);
      this.SUBRULE(this.value);
    });
    array = this.RULE('array', () => {
      this.CONSUME(LSquare);
      this.MANY_SEP({ SEP: Comma, DEF: () => this.SUBRULE(this.value) });
      this.CONSUME(RSquare);
    });
  }
  const parser = new JsonParser();
  return {
    name: 'chevrotain',
    version: VERSION,
    call: 'lexer `tokenize`, then the CST parser',
    parse(s) {
      const lexed = lexer.tokenize(s);
      if (lexed.errors.length) throw new SyntaxError(`chevrotain lexer: ${lexed.errors[0].message}`);
      parser.input = lexed.tokens;
      const cst = parser.json();
      if (parser.errors.length) throw new SyntaxError(`chevrotain parser: ${parser.errors[0].message}`);
      return cst;
    },
  };
}

/** ohm-js: a grammar whose syntactic rules (capitalized) skip RFC 8259's white space. */
export const OHM_JSON = String.raw`
JSON {
  Text = Value
  Value = Object | Array | string | number | "true" | "false" | "null"
  Object = "{" ListOf<Member, ","> "}"
  Member = string ":" Value
  Array = "[" ListOf<Value, ","> "]"
  string = "\"" char* "\""
  char = ~("\"" | "\\" | "\x00".."\x1f") any  -- plain
       | "\\" escape                          -- escaped
  escape = "\"" | "\\" | "/" | "b" | "f" | "n" | "r" | "t"
         | "u" hexDigit hexDigit hexDigit hexDigit    -- unicode
  number = "-"? int frac? exp?
  int = "0"                                    -- zero
      | "1".."9" digit*                        -- nonzero
  frac = "." digit+
  exp = ("e" | "E") ("+" | "-")? digit+
  space := " " | "\t" | "\n" | "\r"
}
`;

/** ohm-js's `match` of OHM_JSON (a match result; no semantics run). */
export function ohmJson(): JsonPeer {
  const ohm = require('ohm-js') as typeof Ohm;
  const g = ohm.grammar(OHM_JSON);
  return {
    name: 'ohm-js',
    version: ohm.version,
    call: '`match`',
    parse(s) {
      const m = g.match(s);
      if (m.failed()) throw new SyntaxError(`ohm-js: ${m.shortMessage}`);
      return m;
    },
  };
}
