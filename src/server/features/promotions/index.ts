/** What other features and the app use of promotions: a code checked with a deposit, and its bonus granted when the deposit is credited. */
export { depositPromotions } from './deposit-promotions';
export { promotionRoutes } from './routes';
export { startPromotionJobs } from './promotion-jobs';
