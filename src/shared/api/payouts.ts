import { payoutAccountLinkSchema, payoutAccountSchema } from '../payments';
import {
  payoutDecisionSchema,
  payoutIdParamsSchema,
  payoutListQuerySchema,
  payoutListSchema,
  payoutResultSchema,
  requestPayoutSchema,
} from '../wallet';
import { defineEndpoint } from './endpoint';

/** Readers moving earned money out, to the payout account they connected; an admin decides each payout. */
export const payoutsApi = {
  request: defineEndpoint({
    method: 'POST',
    path: '/api/payouts',
    access: ['reader'],
    summary: 'Asks for a payout of the reader’s available earnings (all of them when no amount is given)',
    tag: 'payouts',
    body: requestPayoutSchema,
    responses: { 201: payoutResultSchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/payouts',
    access: ['reader', 'admin'],
    summary: 'Payouts, newest first: a reader’s own, or for an admin every reader’s, optionally in one status',
    tag: 'payouts',
    query: payoutListQuerySchema,
    responses: { 200: payoutListSchema },
  }),
  connectAccount: defineEndpoint({
    method: 'POST',
    path: '/api/payouts/account',
    access: ['reader'],
    summary: 'A link to set up or finish the reader’s payout account with the provider',
    tag: 'payouts',
    responses: { 201: payoutAccountLinkSchema },
  }),
  account: defineEndpoint({
    method: 'GET',
    path: '/api/payouts/account',
    access: ['reader'],
    summary: 'Whether the reader’s payout account can receive payouts, and what it still needs',
    tag: 'payouts',
    responses: { 200: payoutAccountSchema },
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/api/admin/payouts/:id/decision',
    access: ['admin'],
    summary: 'Marks a pending payout paid or rejects it',
    tag: 'payouts',
    params: payoutIdParamsSchema,
    body: payoutDecisionSchema,
    responses: { 200: payoutResultSchema },
  }),
};
