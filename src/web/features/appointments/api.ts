import type { Appointment, AppointmentList, AppointmentSlots, BookAppointmentInput } from '@shared/appointments';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestTyped } from '@/lib/api';

export const appointmentKeys = {
  all: ['appointments'] as const,
  mine: ['appointments', 'mine'] as const,
  slots: (readerId: string) => ['appointments', 'slots', readerId] as const,
};

/** The signed-in user's appointments, as client and as reader, soonest first. */
export const myAppointmentsQuery = queryOptions({
  queryKey: appointmentKeys.mine,
  queryFn: ({ signal }) => apiRequestTyped<AppointmentList>('/api/appointments', { signal }),
});

export const slotsQuery = (readerId: string) =>
  queryOptions({
    queryKey: appointmentKeys.slots(readerId),
    queryFn: ({ signal }) =>
      apiRequestTyped<AppointmentSlots>(`/api/readers/${encodeURIComponent(readerId)}/appointment-slots`, { signal }),
  });

export const bookAppointment = (input: BookAppointmentInput) =>
  apiRequestTyped<Appointment>('/api/appointments', { method: 'POST', body: input });

export type AppointmentAction = 'accept' | 'decline' | 'cancel' | 'join';

export const appointmentAction = (id: string, action: AppointmentAction) =>
  apiRequestTyped<Appointment>(`/api/appointments/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: {} });
