import { OFFER_CODE_PARAMS, promotionCodeSchema } from '@shared/promotions';
import { useSearchParams } from 'react-router';

/**
 * The code an offer's link carries (a mail or a push: `offerLink`), if it is one: `redeem` fills
 * the wallet's code field, `topUp` opens Add Funds with it. The client still chooses to use it.
 */
export function useOfferedCode(use: keyof typeof OFFER_CODE_PARAMS): string {
  const [searchParams] = useSearchParams();
  const parsed = promotionCodeSchema.safeParse(searchParams.get(OFFER_CODE_PARAMS[use]) ?? '');
  return parsed.success ? parsed.data : '';
}
