// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import type { Earnings, Wallet } from '@shared/wallet';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { walletQueryKeys } from '@/features/wallet/query-keys';
import { profileQueryKey } from '@/lib/auth';
import { ThemeProvider } from '../theme';
import { SiteHeader } from './site-header';

const profile: Profile = {
  id: 'u1',
  email: 'luna@example.com',
  fullName: 'luna Martinez',
  avatarUrl: null,
  role: 'client',
  walletBalanceCents: 123456,
  creditCents: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function renderHeader(url: string, signedIn: Profile | null, earnings?: Earnings) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(profileQueryKey, signedIn);
  const wallet: Wallet = {
    balanceCents: signedIn?.walletBalanceCents ?? 0,
    creditCents: 0,
    nextCreditExpiry: null,
    onHoldCents: 0,
    holds: [],
    earnings: earnings ?? { availableCents: 0, heldCents: 0 },
    transactions: [],
    nextCursor: null,
  };
  if (earnings) queryClient.setQueryData(walletQueryKeys.summary, wallet);
  const router = createMemoryRouter([{ path: '*', element: <SiteHeader /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(cleanup);

describe('SiteHeader', () => {
  it('highlights the current route', () => {
    renderHeader('/shop', null);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Shop' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('opens the mobile menu with the toggle and closes it when a link is tapped', () => {
    const router = renderHeader('/', null);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const mobileNav = screen.getByRole('navigation', { name: 'Mobile' });
    fireEvent.click(within(mobileNav).getByRole('link', { name: 'Readers' }));
    expect(router.state.location.pathname).toBe('/readers');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('offers Sign In and Get Started to visitors', () => {
    renderHeader('/', null);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeTruthy();
  });

  it('shows the wallet in dollars and the avatar letter to a signed-in user', async () => {
    renderHeader('/', profile);
    expect((await screen.findByTestId('wallet-chip')).textContent).toBe('$1,234.56');
    expect(screen.getByText('L')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });

  // Decision 057: a reader's header said $0.00 (their wallet) while their dashboard said $293.95 to withdraw.
  const reader: Profile = { ...profile, role: 'reader', walletBalanceCents: 0 };
  const earnings: Earnings = { availableCents: 29395, heldCents: 598 };

  it('shows a reader what they can withdraw, labelled so, and not an empty wallet', async () => {
    renderHeader('/', reader, earnings);
    const chip = await screen.findByTestId('withdrawable-chip');
    expect(chip.textContent).toBe('To withdraw$293.95');
    expect(chip.getAttribute('aria-label')).toBe('Available to withdraw $293.95');
    expect(chip.getAttribute('href')).toBe('/dashboard/earnings');
    expect(screen.queryByTestId('wallet-chip')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' }).parentElement!;
    expect(await within(menu).findByText('Available to withdraw')).toBeTruthy();
    expect(within(menu).queryByText('Wallet balance')).toBeNull();
  });

  it('shows a reader who is also a client both figures, each labelled', async () => {
    renderHeader('/', { ...reader, walletBalanceCents: 1200 }, earnings);
    expect((await screen.findByTestId('withdrawable-chip')).textContent).toBe('To withdraw$293.95');
    expect(screen.getByTestId('wallet-chip').textContent).toBe('Wallet$12.00');
    expect(screen.getByTestId('wallet-chip').getAttribute('aria-label')).toBe('Wallet balance $12.00');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' }).parentElement!;
    expect(await within(menu).findByText('Available to withdraw')).toBeTruthy();
    expect(within(menu).getByText('Wallet balance')).toBeTruthy();
  });
});
