import { appointmentParamsSchema, appointmentStartsSoonSchema } from '../appointments';
import { mailboxQuerySchema, mailboxResponseSchema } from '../mail';
import { advanceReadingSchema, sessionIdParamsSchema, sessionSchema } from '../sessions';
import { defineEndpoint } from './endpoint';

/**
 * Tools of a development or test server, never of production: each is registered only under its
 * flag (config.ts), and the OpenAPI document leaves them out (not the API a client is built for).
 */
export const devApi = {
  mailbox: defineEndpoint({
    method: 'GET',
    path: '/api/dev/mailbox',
    access: 'public',
    summary: 'The mail this server has sent, newest first, to one address or to everyone',
    tag: 'dev',
    query: mailboxQuerySchema,
    responses: { 200: mailboxResponseSchema },
  }),
  advanceSession: defineEndpoint({
    method: 'POST',
    path: '/api/dev/sessions/:id/advance',
    access: 'signed-in',
    summary: 'Moves a participant’s reading on by whole billing minutes (DEV_READING_CLOCK)',
    tag: 'dev',
    params: sessionIdParamsSchema,
    body: advanceReadingSchema,
    responses: { 200: sessionSchema },
  }),
  startAppointmentSoon: defineEndpoint({
    method: 'POST',
    path: '/api/dev/appointments/:id/start-soon',
    access: 'public',
    summary: 'Moves an accepted appointment to start a minute from now (DEV_APPOINTMENT_SHORTCUT)',
    tag: 'dev',
    params: appointmentParamsSchema,
    responses: { 200: appointmentStartsSoonSchema },
  }),
};
