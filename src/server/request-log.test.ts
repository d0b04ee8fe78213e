import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { OneLineRequestLog } from './request-log';

/** An app logging at `level` into memory, as buildApp sets Fastify up. */
async function loggedApp(level: string) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger: FastifyBaseLogger = createLogger(level, { destination });
  const app: FastifyInstance = Fastify({ loggerInstance: logger, logController: new OneLineRequestLog() });
  app.get('/api/readers', async () => ({ readers: [] }));
  app.get('/api/health/live', async () => ({ status: 'ok' }));
  await app.ready();
  return { app, lines };
}

describe('the request log (request-log.ts)', () => {
  it('writes one line a request with its method, path, status and time, and no cookie', async () => {
    const { app, lines } = await loggedApp('info');
    await app.inject({ url: '/api/readers?limit=1', headers: { cookie: 'better-auth.session_token=secret' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/readers?limit=1' },
      res: { statusCode: 200 },
    });
    expect(lines[0]!.responseTime).toEqual(expect.any(Number));
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('writes health probes only at debug', async () => {
    const info = await loggedApp('info');
    await info.app.inject({ url: '/api/health/live' });
    expect(info.lines).toEqual([]);
    const debug = await loggedApp('debug');
    await debug.app.inject({ url: '/api/health/live' });
    expect(debug.lines).toMatchObject([{ level: 20, msg: 'request completed', req: { url: '/api/health/live' } }]);
  });
});
