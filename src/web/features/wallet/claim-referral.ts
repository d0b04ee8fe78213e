import { promotionsApi } from '@shared/api/promotions';
import { ERROR_CODES } from '@shared/errors';
import { formatCents } from '@shared/money';
import { ApiError } from '@/lib/api';
import { callApi } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { forgetReferralCode } from './referral-storage';

/**
 * A client signed in with a referral code kept from their sign-up link claims it, once: the answer,
 * yes or no, is said in a toast and the code forgotten; a network failure keeps it for next time.
 */
export async function claimStoredReferral(code: string): Promise<void> {
  try {
    const { referrerName } = await callApi(promotionsApi.claimReferral, { body: { code } });
    forgetReferralCode();
    const { creditCents } = await callApi(promotionsApi.referrals);
    toast.success(`You came by ${referrerName}'s invitation`, {
      description:
        creditCents > 0
          ? `You both get ${formatCents(creditCents)} of promotional credit once your first card top-up has stood 14 days.`
          : undefined,
    });
  } catch (error) {
    // Not reached (offline) or not answered: kept, the next signed-in page tries again.
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return;
    forgetReferralCode();
    if (error.code === ERROR_CODES.conflict)
      toast.error('This invitation cannot be used', { description: error.message });
  }
}
