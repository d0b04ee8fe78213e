import { appointmentListSchema, appointmentSchema, appointmentSlotsSchema, type BookAppointmentInput } from '@shared/appointments';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';

export const appointmentKeys = {
  all: ['appointments'] as const,
  mine: ['appointments', 'mine'] as const,
  slots: (readerId: string) => ['appointments', 'slots', readerId] as const,
};

/** The signed-in user's appointments, as client and as reader, soonest first. */
export const myAppointmentsQuery = queryOptions({
  queryKey: appointmentKeys.mine,
  queryFn: ({ signal }) => apiRequestParsed('/api/appointments', appointmentListSchema, { signal }),
});

export const slotsQuery = (readerId: string) =>
  queryOptions({
    queryKey: appointmentKeys.slots(readerId),
    queryFn: ({ signal }) => apiRequestParsed(`/api/readers/${encodeURIComponent(readerId)}/appointment-slots`, appointmentSlotsSchema, { signal }),
  });

export const bookAppointment = (input: BookAppointmentInput) => apiRequestParsed('/api/appointments', appointmentSchema, { method: 'POST', body: input });

export type AppointmentAction = 'accept' | 'decline' | 'cancel' | 'join';

export const appointmentAction = (id: string, action: AppointmentAction) =>
  apiRequestParsed(`/api/appointments/${encodeURIComponent(id)}/${action}`, appointmentSchema, { method: 'POST', body: {} });
