import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createPromotionSchema,
  promotionListSchema,
  previewPromotionSchema,
  promotionParamsSchema,
  promotionPreviewSchema,
  promotionSchema,
  redeemPromotionResultSchema,
  redeemPromotionSchema,
  referralSummarySchema,
  updatePromotionSchema,
  welcomeOfferSchema,
  claimReferralResultSchema,
  claimReferralSchema,
} from '@shared/promotions';
import type { Auth } from '../../auth/auth';
import { currentUser, requireUser } from '../auth';
import { createPromotion } from './create-promotion';
import { claimReferral, type ReferralDeps, referralSummary } from './referrals';
import { listPromotions, setPromotionPaused } from './list-promotions';
import { announcePromotion } from './send-offers';
import { previewPromotion, redeemPromotion, welcomeOffer } from './redeem-promotion';

/** Promotion codes (docs/decisions/066): the operator's Admin → Promotions, and a client redeeming one. */
export async function promotionRoutes(app: FastifyInstance, deps: ReferralDeps & { auth: Auth }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireUser(deps.auth, 'admin');

  api.post(
    '/api/admin/promotions',
    { onRequest: adminOnly, schema: { body: createPromotionSchema, response: { 201: promotionSchema } } },
    async (request, reply) => reply.status(201).send(await createPromotion(deps, currentUser(request), request.body)),
  );

  api.get(
    '/api/admin/promotions',
    { onRequest: adminOnly, schema: { response: { 200: promotionListSchema } } },
    async () => listPromotions(deps),
  );

  api.post(
    '/api/admin/promotions/:id/announce',
    { onRequest: adminOnly, schema: { params: promotionParamsSchema, response: { 200: promotionSchema } } },
    async (request) => announcePromotion(deps, request.params.id),
  );

  api.patch(
    '/api/admin/promotions/:id',
    {
      onRequest: adminOnly,
      schema: { params: promotionParamsSchema, body: updatePromotionSchema, response: { 200: promotionSchema } },
    },
    async (request) => setPromotionPaused(deps, request.params.id, request.body.paused),
  );

  const clientOnly = requireUser(deps.auth, 'client');
  api.get(
    '/api/promotions/welcome',
    { onRequest: clientOnly, schema: { response: { 200: welcomeOfferSchema } } },
    async (request) => welcomeOffer(deps, currentUser(request)),
  );

  api.post(
    '/api/promotions/preview',
    { onRequest: clientOnly, schema: { body: previewPromotionSchema, response: { 200: promotionPreviewSchema } } },
    async (request) => previewPromotion(deps, currentUser(request), request.body),
  );

  api.get(
    '/api/referrals/me',
    { onRequest: clientOnly, schema: { response: { 200: referralSummarySchema } } },
    async (request) => referralSummary(deps, currentUser(request)),
  );
  api.post(
    '/api/referrals/claim',
    { onRequest: clientOnly, schema: { body: claimReferralSchema, response: { 200: claimReferralResultSchema } } },
    async (request) => claimReferral(deps, currentUser(request), request.body.code),
  );

  api.post(
    '/api/promotions/redeem',
    { onRequest: clientOnly, schema: { body: redeemPromotionSchema, response: { 200: redeemPromotionResultSchema } } },
    async (request) => redeemPromotion(deps, currentUser(request), request.body.code),
  );
}
