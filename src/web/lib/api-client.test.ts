import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@shared/api/endpoint';
import { callApi, endpointUrl } from './api-client';

const thing = defineEndpoint({
  method: 'PUT',
  path: '/api/things/:id/parts/:part',
  access: 'signed-in',
  summary: 'Saves a part of a thing',
  tag: 'things',
  params: z.object({ id: z.string(), part: z.string() }),
  query: z.object({ dryRun: z.boolean().optional(), page: z.number().optional() }),
  body: z.object({ size: z.number() }),
  headers: z.object({ 'idempotency-key': z.string() }),
  responses: { 200: z.object({ size: z.number() }) },
});

const list = defineEndpoint({
  method: 'GET',
  path: '/api/things',
  access: 'public',
  summary: 'Every thing',
  tag: 'things',
  responses: { 200: z.object({ count: z.number() }) },
});

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('endpointUrl', () => {
  it('fills the path parameters, encoded, and adds the query without its absent values', () => {
    const url = endpointUrl(thing, {
      params: { id: 'a/b c', part: 'é' },
      query: { dryRun: true, skipped: undefined, none: null, page: 2 },
    });
    expect(url).toBe('/api/things/a%2Fb%20c/parts/%C3%A9?dryRun=true&page=2');
    expect(endpointUrl(list, {})).toBe('/api/things');
  });

  it('refuses a call without one of its path parameters', () => {
    expect(() => endpointUrl(thing, { params: { id: 'a' } })).toThrow(/:part/);
  });
});

describe('callApi', () => {
  it('sends the method, JSON body and declared headers, and answers the parsed success', async () => {
    const fetchMock = answer(200, { size: 3, extra: 'dropped' });
    const saved = await callApi(thing, {
      params: { id: 't1', part: 'p1' },
      body: { size: 3 },
      headers: { 'idempotency-key': 'k1' },
    });
    expect(saved).toEqual({ size: 3 });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things/t1/parts/p1',
      expect.objectContaining({
        method: 'PUT',
        body: '{"size":3}',
        headers: expect.objectContaining({ 'idempotency-key': 'k1', 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('refuses an answer that breaks the contract, where the endpoint has its schemas', async () => {
    answer(200, { count: 'three' });
    await expect(callApi(list)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('takes the answer as declared where the production build stripped the schemas', async () => {
    answer(200, { count: 'three' });
    const { responses: _stripped, ...withoutSchemas } = list;
    await expect(callApi({ ...withoutSchemas, responses: {} })).resolves.toEqual({ count: 'three' });
  });

  it('throws the server’s error as an ApiError', async () => {
    answer(404, { error: { code: 'NOT_FOUND', message: 'No such thing' } });
    await expect(callApi(list)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No such thing' });
  });
});
