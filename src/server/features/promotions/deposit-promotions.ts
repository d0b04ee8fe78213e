import type { DepositPromotions } from '../wallet';
import { grantDepositPromotion, promotionForDeposit } from './redeem-promotion';

/** A code given with a deposit (checkout, a saved card): checked before any payment, its bonus granted in the credit's transaction. */
export const depositPromotions: DepositPromotions = {
  forDeposit: promotionForDeposit,
  grantOnCredit: grantDepositPromotion,
};
