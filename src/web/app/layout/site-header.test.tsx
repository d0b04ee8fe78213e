// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
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
  createdAt: '2025-01-01T00:00:00.000Z',
};

function renderHeader(url: string, signedIn: Profile | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(profileQueryKey, signedIn);
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

  it('shows the wallet in dollars and the avatar letter to a signed-in user', () => {
    renderHeader('/', profile);
    expect(screen.getByTestId('wallet-chip').textContent).toBe('$1,234.56');
    expect(screen.getByText('L')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });
});
