import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appointmentListSchema,
  appointmentParamsSchema,
  appointmentSchema,
  appointmentSlotsSchema,
  bookAppointmentSchema,
  readerSlotsParamsSchema,
} from '@shared/appointments';
import type { Auth } from '../../auth/auth';
import { currentUser, requireUser } from '../auth';
import { bookAppointment } from './book';
import type { AppointmentDeps } from './deps';
import { joinAppointment } from './join';
import { appointmentSlots, listAppointments } from './list';
import { acceptAppointment, cancelAppointment, declineAppointment } from './respond';

/** Booked readings (docs/decisions/048). */
export async function appointmentRoutes(app: FastifyInstance, deps: AppointmentDeps & { auth: Auth }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(deps.auth);

  // Public: anyone choosing a reader may see when they can be booked.
  api.get(
    '/api/readers/:id/appointment-slots',
    { schema: { params: readerSlotsParamsSchema, response: { 200: appointmentSlotsSchema } } },
    async (request) => appointmentSlots(deps.db, request.params.id, deps.clock.now()),
  );

  api.post(
    '/api/appointments',
    { onRequest: signedIn, schema: { body: bookAppointmentSchema, response: { 201: appointmentSchema } } },
    async (request, reply) => reply.status(201).send(await bookAppointment(deps, currentUser(request), request.body)),
  );

  api.get(
    '/api/appointments',
    { onRequest: signedIn, schema: { response: { 200: appointmentListSchema } } },
    async (request) => listAppointments(deps.db, currentUser(request).id),
  );

  const action = (path: string, run: typeof acceptAppointment) =>
    api.post(
      path,
      { onRequest: signedIn, schema: { params: appointmentParamsSchema, response: { 200: appointmentSchema } } },
      async (request) => run(deps, currentUser(request), request.params.id),
    );
  action('/api/appointments/:id/accept', acceptAppointment);
  action('/api/appointments/:id/decline', declineAppointment);
  action('/api/appointments/:id/cancel', cancelAppointment);
  action('/api/appointments/:id/join', joinAppointment);
}
