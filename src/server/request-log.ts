import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line a request, when it is answered, with what Fastify wrote in two (one on arrival, one
 * on the answer): the two lines, each serialised and redacted, were a quarter of the CPU of the
 * cheapest request (decision 064). Health probes go at debug: a load balancer asks every second of
 * every day. Fastify's other lines (errors, unknown routes) stay as they are.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (request.url.startsWith('/api/health/')) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
