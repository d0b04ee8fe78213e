// @vitest-environment jsdom

import type { AccountStatus } from '@shared/account';
import type { Profile } from '@shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountKeys } from '@/features/account';
import { profileQueryKey } from '@/lib/auth';
import { DashboardPage } from './dashboard-page';

const base: Profile = {
  id: 'u1',
  email: 'luna@example.com',
  fullName: 'Luna',
  avatarUrl: null,
  role: 'client',
  walletBalanceCents: 0,
  creditCents: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const settled: AccountStatus = { emailVerified: true, twoFactorEnabled: false, twoFactorRequired: false };

function renderDashboard(profile: Profile | null, status: AccountStatus = settled) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(profileQueryKey, profile);
  queryClient.setQueryData(accountKeys.status, status);
  const router = createMemoryRouter([{ path: '/dashboard/*', element: <DashboardPage /> }], {
    initialEntries: ['/dashboard'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

// The role dashboards ask for their own data, which never comes: only the choice between them is under test.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it.each([
    ['client', 'My Dashboard'],
    ['reader', 'Reader Dashboard'],
    ['admin', 'Admin Dashboard'],
  ])('shows the %s dashboard', async (role, heading) => {
    renderDashboard({ ...base, role });
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('reminds an unverified person to verify their email, and a reader that a payout waits for it', async () => {
    renderDashboard({ ...base, role: 'reader' }, { ...settled, emailVerified: false });
    expect((await screen.findByTestId('verify-email-banner')).textContent).toContain('Your first payout waits for it.');
    expect(screen.getByRole('button', { name: 'Send again' })).toBeTruthy();
  });

  it('asks an admin to set up two-factor sign-in before the admin dashboard, while it is required', async () => {
    renderDashboard({ ...base, role: 'admin' }, { ...settled, twoFactorRequired: true });
    expect(await screen.findByText('Set up two-factor sign-in')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Confirm your password' })).toBeTruthy();
  });

  it('explains an unknown role and offers to sign in again', async () => {
    renderDashboard({ ...base, role: 'wizard' });
    expect(await screen.findByText('Invalid user role')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('asks a signed-out visitor to sign in', async () => {
    renderDashboard(null);
    expect(await screen.findByText('Please sign in to access your dashboard')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});
