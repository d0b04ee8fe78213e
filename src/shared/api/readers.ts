import { publicFiguresSchema } from '../public-figures';
import {
  readerEarningsSchema,
  readerSessionsPageSchema,
  readerSessionsQuerySchema,
  readerStatsSchema,
} from '../reader-dashboard';
import { readerScheduleSchema, updateScheduleSchema } from '../reader-schedule';
import {
  directoryQuerySchema,
  readerIdParamsSchema,
  readerListSchema,
  readerSchema,
  readerSpecialtiesSchema,
  readerUsernameParamsSchema,
} from '../readers';
import { updatedReaderSchema, updateMyReaderSchema } from '../sessions';
import { defineEndpoint } from './endpoint';

/**
 * The readers: the public directory and profiles, and the signed-in reader's own profile, figures
 * and schedule (never anyone else's).
 */
export const readersApi = {
  directory: defineEndpoint({
    method: 'GET',
    path: '/api/readers',
    access: 'public',
    summary: 'One page of the directory of readers, searched, filtered and sorted',
    tag: 'readers',
    query: directoryQuerySchema,
    responses: { 200: readerListSchema },
  }),
  publicFigures: defineEndpoint({
    method: 'GET',
    path: '/api/public-figures',
    access: 'public',
    summary: 'How many readings were given and how many readers read, as the public pages show them',
    tag: 'readers',
    responses: { 200: publicFiguresSchema },
  }),
  specialties: defineEndpoint({
    method: 'GET',
    path: '/api/readers/specialties',
    access: 'public',
    summary: 'Every specialty a listed reader offers, once each, alphabetically',
    tag: 'readers',
    responses: { 200: readerSpecialtiesSchema },
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/readers/me',
    access: ['reader'],
    summary: 'The reader’s own profile, as the directory lists it',
    tag: 'readers',
    responses: { 200: readerSchema },
  }),
  updateMe: defineEndpoint({
    method: 'PATCH',
    path: '/api/readers/me',
    access: ['reader'],
    summary: 'Changes the reader’s own profile, rates, online status and offers',
    tag: 'readers',
    body: updateMyReaderSchema,
    responses: { 200: updatedReaderSchema },
  }),
  stats: defineEndpoint({
    method: 'GET',
    path: '/api/readers/me/stats',
    access: ['reader'],
    summary: 'The reader’s dashboard figures (today, the last 7 days, all time) and the money available or held',
    tag: 'readers',
    responses: { 200: readerStatsSchema },
  }),
  earnings: defineEndpoint({
    method: 'GET',
    path: '/api/readers/me/earnings',
    access: ['reader'],
    summary: 'What the reader earned: by period, by source, and day by day over the last 30 days',
    tag: 'readers',
    responses: { 200: readerEarningsSchema },
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/api/readers/me/sessions',
    access: ['reader'],
    summary: 'One page of the reader’s readings that started, newest first',
    tag: 'readers',
    query: readerSessionsQuerySchema,
    responses: { 200: readerSessionsPageSchema },
  }),
  schedule: defineEndpoint({
    method: 'GET',
    path: '/api/readers/me/availability',
    access: ['reader'],
    summary: 'The reader’s saved weekly availability, in their time zone',
    tag: 'readers',
    responses: { 200: readerScheduleSchema },
  }),
  setSchedule: defineEndpoint({
    method: 'PUT',
    path: '/api/readers/me/availability',
    access: ['reader'],
    summary: 'Replaces the reader’s weekly availability with the whole set sent',
    tag: 'readers',
    body: updateScheduleSchema,
    responses: { 200: readerScheduleSchema },
  }),
  byUsername: defineEndpoint({
    method: 'GET',
    path: '/api/readers/by-username/:username',
    access: 'public',
    summary: 'A reader’s public profile by username',
    tag: 'readers',
    params: readerUsernameParamsSchema,
    responses: { 200: readerSchema },
  }),
  byId: defineEndpoint({
    method: 'GET',
    path: '/api/readers/:id',
    access: 'public',
    summary: 'A listed reader by id, with their current rates',
    tag: 'readers',
    params: readerIdParamsSchema,
    responses: { 200: readerSchema },
  }),
};
