/**
 * Syntax errors compose their message when it is first read, and `validate` hands its errors
 * back without call-site frames (src/engine/errors.ts). What a reader sees must not depend on
 * when, or in which order, the fields are read.
 */
import * as util from 'util';
import { validate, parse, UriSyntaxError, GrammarSyntaxError, compileAbnf } from '../../src/index';
import { formatMessage, withoutFrames } from '../../src/engine/errors';
import { attachHint } from '../../src/uri/hints';

const bad = 'http://exa mple.com/a';

describe('the message, composed on first read', () => {
  it('is the formatted message, whichever field is read first', () => {
    const a = validate(bad, 'URI');
    const b = validate(bad, 'URI');
    if (a.ok || b.ok) throw new Error('expected errors');
    const viaStack = String(a.error.stack);
    const viaMessage = b.error.message;
    expect(viaStack).toBe(`UriSyntaxError: ${viaMessage}`);
    expect(a.error.message).toBe(viaMessage);
    expect(viaMessage.startsWith(formatMessage(bad, 'URI', 10, b.error.expected).split('\n')[0])).toBe(true);
    expect(viaMessage).toContain('hint: ');
    expect(String(b.error)).toBe(`UriSyntaxError: ${viaMessage}`);
    expect(util.inspect(b.error)).toContain(viaMessage.split('\n')[0]);
  });

  it('reads from an error frozen before its message was read', () => {
    const r = validate(bad, 'URI');
    if (r.ok) throw new Error('expected an error');
    const message = Object.freeze(r.error).message;
    expect(message).toContain('not a valid URI');
    expect(r.error.message).toBe(message);
  });

  it('can be set, as any Error message', () => {
    const r = validate(bad, 'URI');
    if (r.ok) throw new Error('expected an error');
    r.error.message = 'mine';
    expect(r.error.message).toBe('mine');
  });

  it('takes a hint attached after it was read, in the message and the stack', () => {
    const e = new UriSyntaxError('a b', 'URI', 1, ['":"']);
    const before = e.message;
    expect(String(e.stack)).toContain(before.split('\n')[0]);
    attachHint(e, { kind: 'space', text: 'a test hint', index: 0 });
    expect(e.message).toContain('hint: a test hint');
    expect(e.message).not.toBe(before);
    expect(String(e.stack)).toContain('hint: a test hint');
    expect([e.hint, e.hintKind, e.hintIndex]).toEqual(['a test hint', 'space', 0]);
  });

  it('with a headline, keeps the headline', () => {
    const e = new GrammarSyntaxError('xy', 'r', 1, [], 'my headline');
    expect(e.message.split('\n')[0]).toBe('my headline');
    expect(e.name).toBe('GrammarSyntaxError');
  });
});

describe('frames', () => {
  it("validate's error has no call-site frames; parse's thrown error has", () => {
    const r = validate(bad, 'URI');
    if (r.ok) throw new Error('expected an error');
    expect(String(r.error.stack)).not.toMatch(/\n\s+at /);
    let thrown: unknown;
    try {
      parse(bad, 'URI');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(UriSyntaxError);
    expect(String((thrown as Error).stack)).toMatch(/\n\s+at /);
  });

  it('leaves Error.stackTraceLimit as it was, also when the maker throws', () => {
    const saved = Error.stackTraceLimit;
    try {
      Error.stackTraceLimit = 7;
      validate(bad, 'URI');
      expect(Error.stackTraceLimit).toBe(7);
      expect(() => withoutFrames(() => { throw new Error('x'); })).toThrow('x');
      expect(Error.stackTraceLimit).toBe(7);
    } finally {
      Error.stackTraceLimit = saved;
    }
  });

  it('works in a realm whose Error.stackTraceLimit cannot be written (frames captured then)', () => {
    const saved = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
    try {
      Object.defineProperty(Error, 'stackTraceLimit', { value: 10, writable: false, configurable: true });
      const r = validate(bad, 'URI');
      expect(r.ok).toBe(false);
      expect(Error.stackTraceLimit).toBe(10);
    } finally {
      if (saved) Object.defineProperty(Error, 'stackTraceLimit', saved);
    }
  });

  it('a grammar loaded from text reports the same way', () => {
    const g = compileAbnf('greeting = "hi" SP name\nname = 1*ALPHA\n');
    const r = g.validate('hi 42', 'greeting');
    if (r.ok) throw new Error('expected an error');
    expect(r.error).toBeInstanceOf(GrammarSyntaxError);
    expect(r.error.index).toBe(3);
    expect(r.error.message).toContain('  hi 42\n     ^');
    expect(String(r.error.stack)).not.toMatch(/\n\s+at /);
  });
});
