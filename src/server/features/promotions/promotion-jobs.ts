import { startPassLoop } from '../../worker-loop';
import { type ReferralDeps, rewardReferrals } from './referrals';
import { type OfferDeps, sendOffers } from './send-offers';

/**
 * Every `everyMs`, rewards the referrals due and sends the offers an admin announced. Neither is
 * urgent (a referral waits 14 days, an offer lasts its code's window), so a minute is soon enough;
 * passes never overlap, and any node may run them (each unit is claimed under its row).
 */
export function startPromotionJobs(
  deps: ReferralDeps & OfferDeps & { log: { error(obj: unknown, msg: string): void } },
  everyMs: number,
) {
  return startPassLoop(
    async () => {
      await rewardReferrals(deps);
      await sendOffers(deps);
    },
    deps.log,
    'a promotions pass (referral rewards, offers) failed',
    everyMs,
  );
}
