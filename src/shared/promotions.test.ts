import { describe, expect, it } from 'vitest';
import { offerLink } from './promotions';

describe('offerLink', () => {
  it('sends a fixed credit to the wallet’s code field, and a top-up bonus (with or without a credit) to Add Funds', () => {
    expect(offerLink({ code: 'WELCOME5', bonusPercent: 0 })).toBe('/dashboard/wallet?code=WELCOME5');
    expect(offerLink({ code: 'TOPUP50', bonusPercent: 50 })).toBe('/dashboard/wallet?topup=TOPUP50');
  });
});
