import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { writeSignal } from './write-signal';

/** A feature's routes in a plugin of their own, registered after the signal, as buildApp does. */
async function feature(app: FastifyInstance) {
  app.get('/api/products', async () => ({ products: [] }));
  app.post('/api/products/:id/show', async () => ({ ok: true }));
  app.post('/api/products/:id/hide', async (_request, reply) =>
    reply.status(400).send({ error: { code: 'BAD', message: 'no' } }),
  );
}

describe('the write signal (write-signal.ts)', () => {
  it("hears a feature plugin's successful writes, not its reads or refused writes", async () => {
    const app = Fastify();
    const signal = writeSignal(app);
    await app.register(feature);
    let writes = 0;
    signal.onWrite(() => writes++);
    await app.inject({ url: '/api/products' });
    await app.inject({ method: 'POST', url: '/api/products/1/hide' });
    expect(writes).toBe(0);
    await app.inject({ method: 'POST', url: '/api/products/1/show' });
    expect(writes).toBe(1);
  });
});
