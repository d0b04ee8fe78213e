import { z } from './zod-config';

/** GET /api/health/live: the process answers. */
export const livenessSchema = z.object({ status: z.literal('ok') });

/** GET /api/health/ready and /api/health: 200 when the database answers, 503 when it does not. */
export const readinessSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['ok', 'unreachable']) });
