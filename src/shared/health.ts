import { z } from './zod-config';

/** GET /api/health/live: the process answers. */
export const livenessSchema = z.object({ status: z.literal('ok') });

/**
 * GET /api/health/ready and /api/health: 200 when every part the node needs answers (the database,
 * and Redis when REDIS_URL is set), 503 naming the part that does not, or saying the node is
 * draining (stopping on SIGTERM: a load balancer sends it nothing new).
 */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'error']),
  draining: z.literal(true).optional(),
  database: z.enum(['ok', 'unreachable']),
  redis: z.enum(['ok', 'unreachable']).optional(),
});
