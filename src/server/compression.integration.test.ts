import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReader } from '../../tests/integration/factories';
import { testApp, TEST_ORIGIN } from '../../tests/integration/test-app';

// Answers travel compressed to clients that accept it, and only those.
const app = await testApp();
let base: string;
beforeAll(async () => {
  base = await app.listen();
  // A directory page well over 1 KB.
  for (let i = 0; i < 4; i++) await createReader(app);
});

/** The bytes as they crossed the wire (fetch would inflate them itself). */
function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET', body?: Buffer) {
  const { hostname, port } = new URL(base);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const sent = request({ hostname, port, path, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      });
      sent.on('error', reject);
      sent.end(body);
    },
  );
}

describe('API answers', () => {
  it('sends JSON of 1 KB and more as brotli or gzip, as the client accepts, and plain to one that accepts neither', async () => {
    const plain = await rawGet('/api/readers');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const expected = JSON.parse(plain.body.toString('utf8'));

    const brotli = await rawGet('/api/readers', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString('utf8'))).toEqual(expected);

    const gzip = await rawGet('/api/readers', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(expected);

    const identity = await rawGet('/api/readers', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain.body)).toBe(true);
  });

  it('leaves an answer under 1 KB plain: compressing it would cost more than it saves', async () => {
    const live = await rawGet('/api/health/live', { 'accept-encoding': 'br, gzip' });
    expect(live.status).toBe(200);
    expect(live.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(live.body.toString('utf8'))).toEqual({ status: 'ok' });
  });

  it('never inflates a request body: a gzip-encoded body is read as the bytes sent, and refused as bad JSON', async () => {
    const reader = await createReader(app);
    const before = await rawGet('/api/readers/me', { cookie: reader.cookie });
    const body = gzipSync(JSON.stringify({ bio: 'Inflated by the server' }));
    const response = await rawGet(
      '/api/readers/me',
      {
        cookie: reader.cookie,
        origin: TEST_ORIGIN,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': String(body.length),
      },
      'PATCH',
      body,
    );
    expect(response.status).toBe(400);
    const after = await rawGet('/api/readers/me', { cookie: reader.cookie });
    expect(JSON.parse(after.body.toString('utf8')).bio).toBe(JSON.parse(before.body.toString('utf8')).bio);
  });
});
