import type { FastifyInstance } from 'fastify';
import { appointmentsApi } from '@shared/api/appointments';
import type { Auth } from '../../auth/auth';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
import { bookAppointment } from './book';
import type { AppointmentDeps } from './deps';
import { joinAppointment } from './join';
import { appointmentSlots, listAppointments } from './list';
import { acceptAppointment, cancelAppointment, declineAppointment } from './respond';

/** Booked readings (docs/decisions/048). */
export async function appointmentRoutes(app: FastifyInstance, deps: AppointmentDeps & { auth: Auth }) {
  const api = { app, auth: deps.auth };

  // Public: anyone choosing a reader may see when they can be booked.
  route(api, appointmentsApi.slots, async (request) => appointmentSlots(deps.db, request.params.id, deps.clock.now()));

  route(api, appointmentsApi.book, async (request, reply) =>
    reply.status(201).send(await bookAppointment(deps, currentUser(request), request.body)),
  );

  route(api, appointmentsApi.list, async (request) => listAppointments(deps.db, currentUser(request).id));

  route(api, appointmentsApi.accept, async (request) =>
    acceptAppointment(deps, currentUser(request), request.params.id),
  );
  route(api, appointmentsApi.decline, async (request) =>
    declineAppointment(deps, currentUser(request), request.params.id),
  );
  route(api, appointmentsApi.cancel, async (request) =>
    cancelAppointment(deps, currentUser(request), request.params.id),
  );
  route(api, appointmentsApi.join, async (request) => joinAppointment(deps, currentUser(request), request.params.id));
}
