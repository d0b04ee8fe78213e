import { appointmentsApi } from '@shared/api/appointments';
import type { BookAppointmentInput } from '@shared/appointments';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const appointmentKeys = {
  all: ['appointments'] as const,
  mine: ['appointments', 'mine'] as const,
  slots: (readerId: string) => ['appointments', 'slots', readerId] as const,
};

/** The signed-in user's appointments, as client and as reader, soonest first. */
export const myAppointmentsQuery = queryOptions({
  queryKey: appointmentKeys.mine,
  queryFn: ({ signal }) => callApi(appointmentsApi.list, {}, { signal }),
});

export const slotsQuery = (readerId: string) =>
  queryOptions({
    queryKey: appointmentKeys.slots(readerId),
    queryFn: ({ signal }) => callApi(appointmentsApi.slots, { params: { id: readerId } }, { signal }),
  });

export const bookAppointment = (input: BookAppointmentInput) => callApi(appointmentsApi.book, { body: input });

export type AppointmentAction = 'accept' | 'decline' | 'cancel' | 'join';

export const appointmentAction = (id: string, action: AppointmentAction) =>
  callApi(appointmentsApi[action], { params: { id } });
