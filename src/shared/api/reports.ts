import {
  createdReportSchema,
  createReportSchema,
  decideReportSchema,
  openReportListSchema,
  reportDecisionResultSchema,
  reportParamsSchema,
} from '../reports';
import { defineEndpoint } from './endpoint';

/** Reports (docs/decisions/027): anyone signed in reports content or a person; admins work the queue. */
export const reportsApi = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/reports',
    access: 'signed-in',
    summary: 'Reports a post, reply, review, stream message or person to the moderators',
    tag: 'reports',
    body: createReportSchema,
    responses: { 201: createdReportSchema },
  }),
  open: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reports',
    access: ['admin'],
    summary: 'The open reports, oldest first',
    tag: 'reports',
    responses: { 200: openReportListSchema },
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/api/admin/reports/:id/decision',
    access: ['admin'],
    summary: 'Closes a report by hiding what it names or dismissing it',
    tag: 'reports',
    params: reportParamsSchema,
    body: decideReportSchema,
    responses: { 200: reportDecisionResultSchema },
  }),
};
