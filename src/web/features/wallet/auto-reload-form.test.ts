import { AUTO_RELOAD_CARD_MESSAGE } from '@shared/payments';
import { describe, expect, it } from 'vitest';
import {
  autoReloadFormSchema,
  autoReloadFormValues,
  formFieldOf,
  RELOAD_AMOUNT_INPUT_MESSAGE,
  THRESHOLD_INPUT_MESSAGE,
} from './auto-reload-form';
import { cardLabel } from './card-label';

const card = { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 3, expYear: 2031 };

describe('auto-reload form', () => {
  it('shows the saved settings as dollars and the chosen card', () => {
    expect(
      autoReloadFormValues({ enabled: true, thresholdCents: 500, amountCents: 2000, card, failure: null }),
    ).toEqual({ enabled: true, threshold: '5.00', amount: '20.00', cardId: 'pm_1' });
    expect(
      autoReloadFormValues({ enabled: false, thresholdCents: 0, amountCents: 100, card: null, failure: null }).cardId,
    ).toBe('');
  });

  it('sends cents, and no card only when off', () => {
    expect(autoReloadFormSchema.parse({ enabled: true, threshold: '7.5', amount: ' 25 ', cardId: 'pm_1' })).toEqual({
      enabled: true,
      thresholdCents: 750,
      amountCents: 2500,
      cardId: 'pm_1',
    });
    expect(autoReloadFormSchema.parse({ enabled: false, threshold: '0', amount: '1', cardId: '' })).toEqual({
      enabled: false,
      thresholdCents: 0,
      amountCents: 100,
      cardId: null,
    });
    const noCard = autoReloadFormSchema.safeParse({ enabled: true, threshold: '5', amount: '20', cardId: '' });
    expect(noCard.error?.issues).toEqual([
      expect.objectContaining({ path: ['cardId'], message: AUTO_RELOAD_CARD_MESSAGE }),
    ]);
  });

  it('refuses amounts out of bounds beside their field', () => {
    for (const threshold of ['-1', '500.01', 'five']) {
      expect(
        autoReloadFormSchema.safeParse({ enabled: false, threshold, amount: '20', cardId: '' }).error?.issues[0],
      ).toMatchObject({ path: ['threshold'], message: THRESHOLD_INPUT_MESSAGE });
    }
    for (const amount of ['0.99', '1000.01', '']) {
      expect(
        autoReloadFormSchema.safeParse({ enabled: false, threshold: '5', amount, cardId: '' }).error?.issues[0],
      ).toMatchObject({ path: ['amount'], message: RELOAD_AMOUNT_INPUT_MESSAGE });
    }
    expect(formFieldOf('thresholdCents')).toBe('threshold');
    expect(formFieldOf('nope')).toBeUndefined();
  });

  it('names a card by brand, last four and expiry', () => {
    expect(cardLabel(card)).toBe('Visa ending 4242 (expires 03/31)');
  });
});
