import type { FastifyInstance } from 'fastify';

/**
 * One log line a request, when it is answered, with what Fastify wrote in two (one on arrival, one
 * on the answer): the two lines, each serialised and redacted, were a quarter of the CPU of the
 * cheapest request (issue 47). Health probes go at debug: a load balancer asks every second of
 * every day. Added before any route, so every route's answers are logged (write-signal.ts says why).
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (request.url.startsWith('/api/health/')) request.log.debug(line, 'request completed');
    else request.log.info(line, 'request completed');
  });
}
