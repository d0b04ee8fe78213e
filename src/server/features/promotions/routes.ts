import type { FastifyInstance } from 'fastify';
import { promotionsApi } from '@shared/api/promotions';
import type { Auth } from '../../auth/auth';
import { route } from '../../endpoint-route';
import { currentUser } from '../auth';
import { createPromotion } from './create-promotion';
import { claimReferral, type ReferralDeps, referralSummary } from './referrals';
import { listPromotions, setPromotionPaused } from './list-promotions';
import { announcePromotion } from './send-offers';
import { previewPromotion, redeemPromotion, welcomeOffer } from './redeem-promotion';

/** Promotion codes (docs/decisions/066): the operator's Admin → Promotions, and a client redeeming one. */
export async function promotionRoutes(app: FastifyInstance, deps: ReferralDeps & { auth: Auth }) {
  const api = { app, auth: deps.auth };

  route(api, promotionsApi.create, async (request, reply) =>
    reply.status(201).send(await createPromotion(deps, currentUser(request), request.body)),
  );
  route(api, promotionsApi.list, async () => listPromotions(deps));
  route(api, promotionsApi.announce, async (request) => announcePromotion(deps, request.params.id));
  route(api, promotionsApi.setPaused, async (request) =>
    setPromotionPaused(deps, request.params.id, request.body.paused),
  );

  route(api, promotionsApi.welcome, async (request) => welcomeOffer(deps, currentUser(request)));
  route(api, promotionsApi.preview, async (request) => previewPromotion(deps, currentUser(request), request.body));
  route(api, promotionsApi.referrals, async (request) => referralSummary(deps, currentUser(request)));
  route(api, promotionsApi.claimReferral, async (request) =>
    claimReferral(deps, currentUser(request), request.body.code),
  );
  route(api, promotionsApi.redeem, async (request) => redeemPromotion(deps, currentUser(request), request.body.code));
}
