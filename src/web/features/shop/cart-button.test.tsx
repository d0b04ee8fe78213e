// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { CartButton } from './cart-button';
import { CART_STORAGE_KEY } from './cart-signal';
import { dispatchCart } from './cart-store';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const profile: Profile = { id: 'u1', email: 'sol@example.com', fullName: 'Sol Rivera', avatarUrl: null, role: 'client', walletBalanceCents: 5000, createdAt: '2025-01-01T00:00:00.000Z' };
const course = { id: 'course-1', name: 'Tarot Foundations', category: 'Courses', priceCents: 8900, isDigital: true, stock: null, imageUrl: null } as const;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// The first render reads storage, which the first test fills with something that is not a cart.
localStorage.setItem(CART_STORAGE_KEY, '{"oops": [');

function renderCart(signedIn: Profile | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(profileQueryKey, signedIn);
  const router = createMemoryRouter(
    [
      { path: '/shop', element: <CartButton /> },
      { path: '/shop/orders', element: <p>Orders page</p> },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/shop'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => dispatchCart({ type: 'clear' }));
});

describe('CartButton', () => {
  it('shows an empty cart for a corrupt stored value, and counts what is added', () => {
    renderCart(null);
    expect(screen.getByRole('button', { name: 'Cart, empty' })).toBeTruthy();
    act(() => {
      dispatchCart({ type: 'add', product: course });
      dispatchCart({ type: 'add', product: course });
    });
    expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toHaveLength(1);
  });

  it('sends a visitor to sign in, keeping the cart', async () => {
    act(() => dispatchCart({ type: 'add', product: course }));
    const { router } = renderCart(null);
    fireEvent.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In to Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fshop');
  });

  it('says Insufficient balance with Add Funds, keeps the cart, and retries the same cart with the same key', async () => {
    const keys: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init?: RequestInit) => {
        keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
        return json(402, { error: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance. Please add funds to your wallet.' } });
      }),
    );
    act(() => dispatchCart({ type: 'add', product: course }));
    renderCart(profile);
    fireEvent.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    const checkout = screen.getByRole('button', { name: 'Checkout' });
    fireEvent.click(checkout);
    fireEvent.click(checkout);
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Funds' }).getAttribute('href')).toBe('/dashboard/wallet');
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(screen.getByTestId('cart-count').textContent).toBe('1');
  });

  it('pays, clears the cart, shows the new balance and opens the orders', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(201, { id: 'order-1', totalCents: 8900, balanceCents: 3100 });
      }),
    );
    act(() => dispatchCart({ type: 'add', product: course }));
    const { queryClient, router } = renderCart({ ...profile, walletBalanceCents: 12_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop/orders'));
    expect(bodies).toEqual([{ items: [{ productId: 'course-1', quantity: 1 }] }]);
    expect(queryClient.getQueryData<Profile>(profileQueryKey)?.walletBalanceCents).toBe(3100);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe('[]');
  });
});
