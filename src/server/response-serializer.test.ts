import { describe, expect, it } from 'vitest';
import { z } from '@shared/zod-config';
import { responseSerializer } from './response-serializer';

const serializerFor = (schema: z.ZodType) =>
  responseSerializer({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });

describe('the response serializer', () => {
  const schema = z.object({ id: z.string(), at: z.string() });

  it('checks the JSON a client reads: a Date passes as its ISO string', () => {
    const at = new Date('2026-11-27T03:00:00.000Z');
    expect(serializerFor(schema)({ id: 'a', at })).toBe('{"id":"a","at":"2026-11-27T03:00:00.000Z"}');
  });

  it('drops what the contract does not name', () => {
    expect(serializerFor(schema)({ id: 'a', at: 'now', passwordHash: 'secret' })).toBe('{"id":"a","at":"now"}');
  });

  it('refuses an answer that drifted from its schema', () => {
    expect(() => serializerFor(schema)({ id: 1, at: 'now' })).toThrow(/serialization|schema|match/i);
  });
});
