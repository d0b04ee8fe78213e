// @vitest-environment jsdom
import { bonusFor, type PromotionPreview } from '@shared/promotions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { AddFundsButton } from './add-funds-button';
import { AddFundsDialog } from './add-funds-dialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const BONUS10 = {
  code: 'BONUS10',
  creditCents: 0,
  bonusPercent: 10,
  maxBonusCents: 1000,
  minTopUpCents: 2000,
  creditDays: 30,
};

/**
 * The payments and promotions API of the sandbox: BONUS10 gives 10% of a top-up of $20 or more (up
 * to $10); any other code is refused; `answerDeposit` replaces how a deposit answers.
 */
function fakeServer(answerDeposit?: () => Response, welcome: PromotionPreview | null = null) {
  const previews: unknown[] = [];
  const deposits: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (url.pathname === '/api/payments/config') return json(200, { provider: 'sandbox', testMode: true });
      if (url.pathname === '/api/payments/cards') return json(200, { cards: [] });
      if (url.pathname === '/api/promotions/welcome') return json(200, { offer: welcome });
      if (url.pathname === '/api/promotions/preview') {
        previews.push(body);
        if (body.code !== 'BONUS10')
          return json(409, { error: { code: 'PROMOTION_UNAVAILABLE', message: 'This code has been used up' } });
        const amountCents = typeof body.amountCents === 'number' ? body.amountCents : null;
        if (amountCents !== null && bonusFor(BONUS10, amountCents) === 0) {
          return json(409, {
            error: { code: 'PROMOTION_UNAVAILABLE', message: 'This code gives a bonus on a top-up of at least $20.00' },
          });
        }
        const preview: PromotionPreview = {
          ...BONUS10,
          bonusCents: amountCents === null ? 0 : bonusFor(BONUS10, amountCents),
        };
        return json(200, preview);
      }
      if (url.pathname === '/api/payments/wallet-deposit') {
        deposits.push(body);
        if (answerDeposit) return answerDeposit();
        return json(200, { depositId: 'd1', amountCents: body.amountCents, balanceCents: 2500, status: 'succeeded' });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return { previews, deposits };
}

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AddFundsDialog open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

const dialogForm = () => screen.getByRole('form', { name: 'Add funds' });
const fill = (label: string, value: string) =>
  fireEvent.change(within(dialogForm()).getByLabelText(label), { target: { value } });
const promoField = () => within(dialogForm()).getByLabelText('Promo code (optional)');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the add-funds dialog’s promo code', () => {
  it('shows what the code gives on the amount before paying, and sends the code with the deposit', async () => {
    const { previews, deposits } = fakeServer();
    const onOpenChange = renderDialog();
    fill('Amount (USD)', '25');
    fill('Promo code (optional)', 'bonus10');
    const preview = await screen.findByTestId('promo-preview');
    expect(preview.textContent).toContain('+$2.50 promotional credit');
    expect(preview.textContent).toContain('$2.50 bonus (10% of $25.00)');
    expect(preview.textContent).toContain('expires 30 days after it is added');
    expect(previews.at(-1)).toEqual({ code: 'BONUS10', amountCents: 2500 });

    fireEvent.click(within(dialogForm()).getByRole('button', { name: 'Add Funds' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(deposits).toEqual([{ amountCents: 2500, paymentMethodId: 'pm_card_visa', promoCode: 'BONUS10' }]);
    expect(toast.success).toHaveBeenCalledWith('Successfully added $25.00 to your wallet');
  });

  it('opens from an offer’s link with its code filled in, and shows its terms', async () => {
    const { previews } = fakeServer();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AddFundsButton promoCode="BONUS10" />
      </QueryClientProvider>,
    );
    expect((promoField() as HTMLInputElement).value).toBe('BONUS10');
    expect((await screen.findByTestId('promo-preview')).textContent).toContain(
      '10% bonus on a top-up of $20.00 or more, up to $10.00',
    );
    expect(previews).toEqual([{ code: 'BONUS10' }]);
  });

  it('names the code’s terms before an amount, and says when the amount is below its minimum', async () => {
    const { previews } = fakeServer();
    renderDialog();
    fill('Promo code (optional)', 'BONUS10');
    expect((await screen.findByTestId('promo-preview')).textContent).toContain(
      '10% bonus on a top-up of $20.00 or more, up to $10.00',
    );
    expect(previews).toEqual([{ code: 'BONUS10' }]);
    fill('Amount (USD)', '10');
    await waitFor(() =>
      expect(document.getElementById('add-funds-promo-code-error')?.textContent).toBe(
        'This code gives a bonus on a top-up of at least $20.00',
      ),
    );
    expect(previews.at(-1)).toEqual({ code: 'BONUS10', amountCents: 1000 });
  });

  it('shows a refused code’s reason beside the field, before anything is paid', async () => {
    const { deposits } = fakeServer();
    renderDialog();
    fill('Amount (USD)', '25');
    fill('Promo code (optional)', 'GONE5');
    await waitFor(() => expect(promoField().getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('add-funds-promo-code-error')?.textContent).toBe('This code has been used up');
    expect(screen.queryByTestId('promo-preview')).toBeNull();
    expect(deposits).toEqual([]);
  });

  it('shows the deposit’s 409 beside the code and keeps the dialog open', async () => {
    const { deposits } = fakeServer(() =>
      json(409, { error: { code: 'PROMOTION_UNAVAILABLE', message: 'You have already used this code' } }),
    );
    const onOpenChange = renderDialog();
    fill('Amount (USD)', '25');
    fill('Promo code (optional)', 'BONUS10');
    fireEvent.click(within(dialogForm()).getByRole('button', { name: 'Add Funds' }));
    await waitFor(() =>
      expect(document.getElementById('add-funds-promo-code-error')?.textContent).toBe(
        'You have already used this code',
      ),
    );
    expect(deposits).toHaveLength(1);
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('sends no code when the field is left empty', async () => {
    const { previews, deposits } = fakeServer();
    renderDialog();
    fill('Amount (USD)', '25');
    fireEvent.click(within(dialogForm()).getByRole('button', { name: 'Add Funds' }));
    await waitFor(() => expect(deposits).toEqual([{ amountCents: 2500, paymentMethodId: 'pm_card_visa' }]));
    expect(previews).toEqual([]);
  });

  it('tells a new client of the welcome offer on this top-up while no code is typed (issue 48)', async () => {
    fakeServer(undefined, {
      code: 'WELCOME',
      creditCents: 0,
      bonusPercent: 100,
      maxBonusCents: 1000,
      minTopUpCents: 0,
      bonusCents: 0,
      creditDays: 30,
    });
    renderDialog();
    fill('Amount (USD)', '25');
    const offer = await screen.findByTestId('welcome-offer');
    await waitFor(() => expect(offer.textContent).toContain('Welcome offer: +$10.00 promotional credit'));
    expect(offer.textContent).toContain('On your first top-up, no code needed');
    fill('Promo code (optional)', 'BONUS10');
    await waitFor(() => expect(screen.queryByTestId('welcome-offer')).toBeNull());
  });
});
