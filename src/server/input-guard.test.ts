import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { assertSafeInput, MAX_INPUT_DEPTH, NUL_MESSAGE, TOO_DEEP_MESSAGE } from './input-guard';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const codeOf = (run: () => unknown) => {
  try {
    run();
    return 'ok';
  } catch (error) {
    return error instanceof AppError ? `${error.code}: ${error.message}` : String(error);
  }
};

describe('assertSafeInput', () => {
  it('passes ordinary JSON through unchanged', () => {
    const value = { sessionId: 'abc', signal: { type: 'offer', data: { sdp: 'v=0', list: [1, null, true] } } };
    expect(assertSafeInput(value)).toBe(value);
    for (const scalar of [null, undefined, 0, '', 'text', false]) expect(assertSafeInput(scalar)).toBe(scalar);
  });

  it('refuses a NUL in any string or key, at any depth', () => {
    for (const value of ['\u0000', { a: 'x\u0000y' }, { 'k\u0000': 1 }, [[['\u0000']]], { a: [{ b: '\u0000' }] }]) {
      expect(codeOf(() => assertSafeInput(value))).toBe(`BAD_REQUEST: ${NUL_MESSAGE}`);
    }
  });

  it('allows nesting up to the limit and refuses one level more', () => {
    expect(codeOf(() => assertSafeInput(nested(MAX_INPUT_DEPTH)))).toBe('ok');
    expect(codeOf(() => assertSafeInput(nested(MAX_INPUT_DEPTH + 1)))).toBe(`BAD_REQUEST: ${TOO_DEEP_MESSAGE}`);
  });

  it('checks 100,000 levels without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(codeOf(() => assertSafeInput(deep))).toBe(`BAD_REQUEST: ${TOO_DEEP_MESSAGE}`);
  });
});
