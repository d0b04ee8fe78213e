// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { claimStoredReferral } from './claim-referral';
import { InviteCard } from './invite-card';
import { walletQueryKeys } from './query-keys';
import { keepReferralCode, storedReferralCode } from './referral-storage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const summary = (creditCents: number) => ({
  code: 'ABCD2345',
  path: '/signup?ref=ABCD2345',
  creditCents,
  referred: 2,
  rewarded: 1,
});

function fakeServer(answers: Record<string, () => Response | Promise<Response>>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const answer = answers[new URL(input, 'http://localhost').pathname];
      return answer ? answer() : json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
}

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <InviteCard />
    </QueryClientProvider>,
  );
  return queryClient;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('InviteCard', () => {
  it('shows the client’s link with the site’s origin, and how it has done', async () => {
    fakeServer({ '/api/referrals/me': () => json(200, summary(500)) });
    renderCard();
    expect(((await screen.findByTestId('invite-link')) as HTMLInputElement).value).toBe(
      `${window.location.origin}/signup?ref=ABCD2345`,
    );
    expect(screen.getByTestId('invite-counts').textContent).toBe('2 friends came by your link · 1 rewarded');
    expect(screen.getByText(/you both get \$5\.00 of promotional credit/)).toBeTruthy();
  });

  it('is not shown while referral credit is off', async () => {
    fakeServer({ '/api/referrals/me': () => json(200, summary(0)) });
    const queryClient = renderCard();
    // The answer has arrived: the card stays hidden with it.
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(walletQueryKeys.referrals)).toMatchObject({ creditCents: 0 }),
    );
    expect(screen.queryByText('Invite a friend')).toBeNull();
  });
});

describe('claimStoredReferral', () => {
  it('claims the code kept from the sign-up link once, says whose invitation it was, and forgets it', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => '');
    keepReferralCode('abcd2345');
    expect(storedReferralCode()).toBe('ABCD2345');
    fakeServer({
      '/api/referrals/claim': () => json(200, { referrerName: 'Ada Lovelace' }),
      '/api/referrals/me': () => json(200, summary(500)),
    });
    await claimStoredReferral('ABCD2345');
    expect(storedReferralCode()).toBeNull();
    expect(success).toHaveBeenCalledWith(
      "You came by Ada Lovelace's invitation",
      expect.objectContaining({ description: expect.stringContaining('$5.00') }),
    );
  });

  it('forgets a code the server refuses and says why, but keeps it through a network failure', async () => {
    const failure = vi.spyOn(toast, 'error').mockImplementation(() => '');
    keepReferralCode('ABCD2345');
    fakeServer({ '/api/referrals/claim': () => Promise.reject(new TypeError('Failed to fetch')) });
    await claimStoredReferral('ABCD2345');
    expect(storedReferralCode()).toBe('ABCD2345');
    fakeServer({
      '/api/referrals/claim': () =>
        json(409, { error: { code: 'CONFLICT', message: 'You cannot use your own referral link' } }),
    });
    await claimStoredReferral('ABCD2345');
    expect(storedReferralCode()).toBeNull();
    expect(failure).toHaveBeenCalledWith('This invitation cannot be used', {
      description: 'You cannot use your own referral link',
    });
  });
});
