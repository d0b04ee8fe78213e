/**
 * One app process of `bench:sessions -- --nodes 2`: the whole server (API, Socket.IO with the
 * Redis adapter, billing scheduler) on the shared PostgreSQL, as a second production node would
 * run. The orchestrator asks it for its memory and CPU.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { type FromAppNode, processStats, type ToAppNode } from './protocol';

const reply = (message: FromAppNode) => process.send?.(message);
const env = process.env as Record<string, string>;
const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL as string, poolSize: 20 });
const config = loadConfig({
  ...env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_IP_MAX: '1000000',
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000000',
  API_RATE_LIMIT_USER_MAX: '1000000',
  API_RATE_LIMIT_IP_MAX: '1000000',
});
const { app } = await buildApp({ config, database, web: 'none', runMessageRetention: false });
await app.listen({ port: 0, host: '127.0.0.1' });
process.on('message', async (message: ToAppNode) => {
  if (message.type === 'stats') reply({ type: 'stats', ...processStats() });
  else {
    await app.close();
    await database.close();
    reply({ type: 'closed' });
  }
});
reply({ type: 'listening', port: (app.server.address() as AddressInfo).port });
