import {
  adminReaderApplicationListSchema,
  adminReaderApplicationSchema,
  applicationStatusQuerySchema,
  applicationStatusSchema,
  readerApplicationIdParamsSchema,
  readerApplicationSchema,
  rejectApplicationSchema,
  submittedApplicationSchema,
} from '../reader-applications';
import { defineEndpoint } from './endpoint';

/** Readers who apply (decision 045): the public form and status link, and the admin's queue. */
export const readerApplicationsApi = {
  submit: defineEndpoint({
    method: 'POST',
    path: '/api/reader-applications',
    access: 'public',
    summary: 'Sends an application to read on the site; the status link goes to the applicant by mail',
    tag: 'reader-applications',
    body: readerApplicationSchema,
    responses: { 201: submittedApplicationSchema },
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/reader-applications/status',
    access: 'public',
    summary: 'Where an application stands, by the token of the applicant’s mailed link',
    tag: 'reader-applications',
    query: applicationStatusQuerySchema,
    responses: { 200: applicationStatusSchema },
  }),
  open: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reader-applications',
    access: ['admin'],
    summary: 'The applications waiting for a decision, oldest first',
    tag: 'reader-applications',
    responses: { 200: adminReaderApplicationListSchema },
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/admin/reader-applications/:id/approve',
    access: ['admin'],
    summary: 'Approves an application: creates the reader and mails them a link to choose a password',
    tag: 'reader-applications',
    params: readerApplicationIdParamsSchema,
    responses: { 200: adminReaderApplicationSchema },
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/admin/reader-applications/:id/reject',
    access: ['admin'],
    summary: 'Declines an application with a reason the applicant reads in the mail and on the status page',
    tag: 'reader-applications',
    params: readerApplicationIdParamsSchema,
    body: rejectApplicationSchema,
    responses: { 200: adminReaderApplicationSchema },
  }),
};
