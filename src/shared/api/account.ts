import {
  accountExportSchema,
  accountSessionListSchema,
  accountStatusSchema,
  deleteAccountSchema,
  sessionIdParamsSchema,
} from '../account';
import { noContentSchema } from '../errors';
import { defineEndpoint } from './endpoint';

/** The person's own account: its standing, where it is signed in, its data, and deleting it. */
export const accountApi = {
  status: defineEndpoint({
    method: 'GET',
    path: '/api/account/status',
    access: 'signed-in',
    summary: 'Whether the caller’s email is verified and two-factor sign-in is on or required',
    tag: 'account',
    responses: { 200: accountStatusSchema },
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/api/account/sessions',
    access: 'signed-in',
    summary: 'Where the caller is signed in: each browser or device, this one marked',
    tag: 'account',
    responses: { 200: accountSessionListSchema },
  }),
  signOutSession: defineEndpoint({
    method: 'POST',
    path: '/api/account/sessions/:id/sign-out',
    access: 'signed-in',
    summary: 'Signs the caller out on one of their browsers or devices',
    tag: 'account',
    params: sessionIdParamsSchema,
    responses: { 204: noContentSchema },
  }),
  signOutEverywhere: defineEndpoint({
    method: 'POST',
    path: '/api/account/sessions/sign-out-everywhere',
    access: 'signed-in',
    summary: 'Signs the caller out everywhere, this browser included',
    tag: 'account',
    responses: { 204: noContentSchema },
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/account/export',
    access: 'signed-in',
    summary: 'Everything the caller’s account holds, as a JSON file to download',
    tag: 'account',
    responses: { 200: { content: { 'application/json': { schema: accountExportSchema } } } },
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/api/account/delete',
    access: 'signed-in',
    summary: 'Deletes the caller’s account, confirmed with the password; money records stay, anonymized',
    tag: 'account',
    body: deleteAccountSchema,
    responses: { 204: noContentSchema },
  }),
};
