// @vitest-environment jsdom
import type { Wallet } from '@shared/wallet';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { CreditLine } from './credit-line';
import { formatExpiryDay } from './promo-view';
import { RedeemPromoForm } from './redeem-promo-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const EXPIRES_AT = '2027-01-30T12:00:00.000Z';

const wallet = (creditCents: number, nextCreditExpiry: Wallet['nextCreditExpiry']): Wallet => ({
  balanceCents: 1200,
  creditCents,
  nextCreditExpiry,
  onHoldCents: 0,
  holds: [],
  earnings: { availableCents: 0, heldCents: 0 },
  transactions: [],
  nextCursor: null,
  frozenReason: null,
});

/** GET /api/wallet and POST /api/promotions/redeem over an in-memory credit; `answerRedeem` replaces a redemption's answer. */
function fakeServer(options: { creditCents?: number; answerRedeem?: (code: string) => Response; path?: string } = {}) {
  let creditCents = options.creditCents ?? 0;
  const redeemed: unknown[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/wallet')
      return json(200, wallet(creditCents, creditCents ? { amountCents: creditCents, expiresAt: EXPIRES_AT } : null));
    if (url.pathname === '/api/promotions/redeem' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { code: string };
      redeemed.push(body);
      if (options.answerRedeem) return options.answerRedeem(body.code);
      // Slow enough for a second click to land while the first is under way.
      await new Promise((resolve) => setTimeout(resolve, 50));
      creditCents += 500;
      return json(200, { creditCents: 500, expiresAt: EXPIRES_AT });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[options.path ?? '/dashboard/wallet']}>
        <CreditLine />
        <RedeemPromoForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { redeemed, fetch };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const form = () => screen.getByRole('form', { name: 'Redeem a promo code' });
const typeCode = (code: string) =>
  fireEvent.change(within(form()).getByLabelText('Have a promo code?'), { target: { value: code } });

describe('the wallet’s promotional credit and promo code', () => {
  it('redeems a code once on a double click, says so, and shows the new credit apart from the balance', async () => {
    const { redeemed } = fakeServer();
    await waitFor(() => expect(screen.queryByTestId('wallet-credit')).toBeNull());
    typeCode('welcome5');
    const button = within(form()).getByRole('button', { name: 'Redeem' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('$5.00 of promotional credit added', {
        description: `Use it by ${formatExpiryDay(EXPIRES_AT)}.`,
      }),
    );
    expect(redeemed).toEqual([{ code: 'WELCOME5' }]);
    const credit = await screen.findByTestId('wallet-credit');
    expect(credit.textContent).toContain(`Promotional credit$5.00 · expires ${formatExpiryDay(EXPIRES_AT)}`);
    expect((within(form()).getByLabelText('Have a promo code?') as HTMLInputElement).value).toBe('');
  });

  it('fills in the code an offer’s link carries, and only a well-formed one', async () => {
    const { redeemed } = fakeServer({ path: '/dashboard/wallet?code=spring5' });
    const field = within(form()).getByLabelText('Have a promo code?') as HTMLInputElement;
    expect(field.value).toBe('SPRING5');
    expect(redeemed).toEqual([]);
    cleanup();
    fakeServer({ path: '/dashboard/wallet?code=%3Cscript%3E' });
    expect((within(form()).getByLabelText('Have a promo code?') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s reason beside the field when the code is refused', async () => {
    const { redeemed } = fakeServer({
      answerRedeem: () =>
        json(409, { error: { code: 'PROMOTION_UNAVAILABLE', message: 'You have already used this code' } }),
    });
    typeCode('WELCOME5');
    fireEvent.click(within(form()).getByRole('button', { name: 'Redeem' }));
    expect((await within(form()).findByRole('alert')).textContent).toBe('You have already used this code');
    expect(within(form()).getByLabelText('Have a promo code?').getAttribute('aria-invalid')).toBe('true');
    expect(redeemed).toHaveLength(1);
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows a 400’s field message beside the field', async () => {
    fakeServer({
      answerRedeem: () =>
        json(400, {
          error: {
            code: 'BAD_REQUEST',
            message: 'Invalid request',
            fields: { code: 'A code is 3 to 32 letters and digits' },
          },
        }),
    });
    typeCode('abc');
    fireEvent.click(within(form()).getByRole('button', { name: 'Redeem' }));
    expect((await within(form()).findByRole('alert')).textContent).toBe('A code is 3 to 32 letters and digits');
  });

  it('refuses a malformed code beside the field without asking the server', async () => {
    const { redeemed } = fakeServer();
    typeCode('no!');
    fireEvent.click(within(form()).getByRole('button', { name: 'Redeem' }));
    expect((await within(form()).findByRole('alert')).textContent).toBe('A code is 3 to 32 letters and digits');
    expect(redeemed).toEqual([]);
  });

  it('says which part of the credit expires first when not all of it does', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, wallet(700, { amountCents: 200, expiresAt: EXPIRES_AT }))),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CreditLine />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('wallet-credit')).textContent).toContain(
      `Promotional credit$7.00 · $2.00 expires ${formatExpiryDay(EXPIRES_AT)}`,
    );
  });
});
