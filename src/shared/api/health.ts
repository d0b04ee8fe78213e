import { livenessSchema, readinessSchema } from '../health';
import { defineEndpoint } from './endpoint';

/**
 * The probes of load balancers and orchestrators, open to anyone. Readiness answers its own 503,
 * naming the part that is down or saying the node is draining, not the error shape of other routes.
 */
export const healthApi = {
  live: defineEndpoint({
    method: 'GET',
    path: '/api/health/live',
    access: 'public',
    summary: 'Whether the process answers at all, with no database or Redis check',
    tag: 'health',
    responses: { 200: livenessSchema },
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
    summary: 'Whether the node can take requests: its database and Redis answer and it is not draining',
    tag: 'health',
    responses: { 200: readinessSchema, 503: readinessSchema },
  }),
  legacyReady: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'The readiness check under its older name, which older set-ups and the e2e runner poll',
    tag: 'health',
    responses: { 200: readinessSchema, 503: readinessSchema },
  }),
};
