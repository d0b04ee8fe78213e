// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { RequireAuth, RequireGuest } from './guards';

const profile: Profile = {
  id: 'u1',
  email: 'luna@example.com',
  fullName: 'Luna',
  avatarUrl: null,
  role: 'client',
  walletBalanceCents: 0,
  creditCents: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function Where({ label }: { label: string }) {
  const location = useLocation();
  return <p>{`${label} at ${location.pathname}${location.search}`}</p>;
}

function renderAt(url: string, signedIn: Profile | null | 'unknown') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  if (signedIn !== 'unknown') queryClient.setQueryData(profileQueryKey, signedIn);
  else queryClient.setQueryDefaults(profileQueryKey, { queryFn: () => new Promise(() => {}) });
  const router = createMemoryRouter(
    [
      { element: <RequireGuest />, children: [{ path: '/login', element: <Where label="login" /> }] },
      { element: <RequireAuth />, children: [{ path: '/dashboard/*', element: <Where label="dashboard" /> }] },
      { path: '/reading/:id', element: <Where label="reading" /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('RequireAuth', () => {
  it('sends a visitor to /login remembering the page asked for', async () => {
    renderAt('/dashboard/wallet?tab=1', null);
    expect(await screen.findByText('login at /login?redirect=%2Fdashboard%2Fwallet%3Ftab%3D1')).toBeTruthy();
  });

  it('shows the page to a signed-in user', async () => {
    renderAt('/dashboard', profile);
    expect(await screen.findByText('dashboard at /dashboard')).toBeTruthy();
  });

  it('shows a spinner while the auth state is unknown', async () => {
    renderAt('/dashboard', 'unknown');
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByText(/dashboard at/)).toBeNull();
  });
});

describe('RequireGuest', () => {
  it('sends a signed-in user to the dashboard', async () => {
    renderAt('/login', profile);
    expect(await screen.findByText('dashboard at /dashboard')).toBeTruthy();
  });

  it('honours a safe redirect and ignores an unsafe one', async () => {
    renderAt('/login?redirect=%2Fdashboard%2Fwallet', profile);
    expect(await screen.findByText('dashboard at /dashboard/wallet')).toBeTruthy();
    cleanup();
    renderAt('/login?redirect=https%3A%2F%2Fevil.example', profile);
    expect(await screen.findByText('dashboard at /dashboard')).toBeTruthy();
  });

  it('shows the sign-in page to a visitor', async () => {
    renderAt('/login', null);
    expect(await screen.findByText('login at /login')).toBeTruthy();
  });
});
