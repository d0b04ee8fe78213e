// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from '@/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { useSignOut } from './use-sign-out';

const profile: Profile = {
  id: 'u1',
  email: 'luna@example.com',
  fullName: 'Luna',
  avatarUrl: null,
  role: 'client',
  walletBalanceCents: 5000,
  creditCents: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function SignOutButton() {
  const { signOut } = useSignOut();
  return (
    <button type="button" onClick={() => void signOut()}>
      Sign out
    </button>
  );
}

function setup() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(profileQueryKey, profile);
  queryClient.setQueryData(['sessions', 'history'], ['a session of Luna']);
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/dashboard', element: <SignOutButton /> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useSignOut', () => {
  it('goes home, forgets the user and says so', async () => {
    const fetchMock = vi.fn(async () => new Response('{"success":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient, router } = setup();
    await act(async () => screen.getByRole('button', { name: 'Sign out' }).click());

    // The sign-out's module loads on first use.
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Logged out successfully'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/sign-out',
      expect.objectContaining({ method: 'POST', body: '{}' }),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(queryClient.getQueryData(profileQueryKey)).toBeNull();
    expect(queryClient.getQueryData(['sessions', 'history'])).toBeUndefined();
    expect(toast.success).toHaveBeenCalledWith('Logged out successfully');
  });

  it("sends this browser's push endpoint with the sign-out, then ends its subscription (issue 43)", async () => {
    const fetchMock = vi.fn(async () => new Response('{"success":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const unsubscribe = vi.fn(async () => true);
    const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/phone-1', unsubscribe };
    const registration = { pushManager: { getSubscription: async () => subscription } };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => registration },
    });
    try {
      setup();
      await act(async () => screen.getByRole('button', { name: 'Sign out' }).click());
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Logged out successfully'));
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/sign-out',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ endpoint: subscription.endpoint }) }),
    );
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('keeps the user signed in and says so when the server refuses', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"error":{"code":"INTERNAL","message":"down"}}', { status: 500 }));
    const { queryClient, router } = setup();
    await act(async () => screen.getByRole('button', { name: 'Sign out' }).click());

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to log out'));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(queryClient.getQueryData(profileQueryKey)).toEqual(profile);
    expect(toast.error).toHaveBeenCalledWith('Failed to log out');
  });
});
