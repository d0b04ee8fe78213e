import {
  appointmentListSchema,
  appointmentParamsSchema,
  appointmentSchema,
  appointmentSlotsSchema,
  bookAppointmentSchema,
  readerSlotsParamsSchema,
} from '../appointments';
import { defineEndpoint } from './endpoint';

/**
 * Booked readings (docs/decisions/048). An answer, a cancellation or a join takes no body: the
 * appointment and the signed-in side say it all.
 */
export const appointmentsApi = {
  slots: defineEndpoint({
    method: 'GET',
    path: '/api/readers/:id/appointment-slots',
    access: 'public',
    summary: 'The times a reader can be booked over the coming days',
    tag: 'appointments',
    params: readerSlotsParamsSchema,
    responses: { 200: appointmentSlotsSchema },
  }),
  book: defineEndpoint({
    method: 'POST',
    path: '/api/appointments',
    access: 'signed-in',
    summary: 'Asks a reader for a reading at a free time; the reader accepts or declines it',
    tag: 'appointments',
    body: bookAppointmentSchema,
    responses: { 201: appointmentSchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/appointments',
    access: 'signed-in',
    summary: 'The caller’s appointments, as client and as reader, soonest first',
    tag: 'appointments',
    responses: { 200: appointmentListSchema },
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/appointments/:id/accept',
    access: 'signed-in',
    summary: 'The reader accepts an appointment asked of them',
    tag: 'appointments',
    params: appointmentParamsSchema,
    responses: { 200: appointmentSchema },
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: '/api/appointments/:id/decline',
    access: 'signed-in',
    summary: 'The reader declines an appointment asked of them',
    tag: 'appointments',
    params: appointmentParamsSchema,
    responses: { 200: appointmentSchema },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/appointments/:id/cancel',
    access: 'signed-in',
    summary: 'Either side cancels an open appointment; a client late to cancel pays the reader half the price',
    tag: 'appointments',
    params: appointmentParamsSchema,
    responses: { 200: appointmentSchema },
  }),
  join: defineEndpoint({
    method: 'POST',
    path: '/api/appointments/:id/join',
    access: 'signed-in',
    summary: 'Either side joins the reading of an accepted appointment when its time comes',
    tag: 'appointments',
    params: appointmentParamsSchema,
    responses: { 200: appointmentSchema },
  }),
};
