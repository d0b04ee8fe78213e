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
import { CART_OWNER_KEY } from './cart-sync';

const profile: Profile = {
  id: 'u1',
  email: 'sol@example.com',
  fullName: 'Sol Rivera',
  avatarUrl: null,
  role: 'client',
  walletBalanceCents: 5000,
  creditCents: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const course = {
  id: 'course-1',
  name: 'Tarot Foundations',
  category: 'Courses',
  priceCents: 8900,
  isDigital: true,
  stock: null,
  imageUrl: null,
} as const;
const deck = {
  id: 'deck-1',
  name: 'Oracle Deck',
  category: 'Tarot',
  priceCents: 3999,
  isDigital: false,
  stock: 5,
  imageUrl: null,
} as const;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const products: Record<string, typeof course | typeof deck> = { [course.id]: course, [deck.id]: deck };
const savedAddress = {
  name: 'Sol Rivera',
  street: '1 Sun Road',
  city: 'Austin',
  region: 'Texas',
  postalCode: '78701',
  country: 'United States',
};

/**
 * The API as the cart meets it: the account's cart (decision 043) answers with what was sent, the
 * saved address with `address`; orders go to `order`.
 */
function stubApi(order: (init?: RequestInit) => Response, address: typeof savedAddress | null = null) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url: input, body });
      if (input === '/api/shop/shipping-address') return json(200, { address });
      if (input.startsWith('/api/shop/cart')) {
        const items = (body?.items ?? []) as { productId: string; quantity: number }[];
        return json(200, {
          items: items.map(({ productId, quantity }) => {
            const { id: _id, ...product } = products[productId]!;
            return { productId, quantity, product };
          }),
        });
      }
      return order(init);
    }),
  );
  return calls;
}

// The first render reads storage, which the first test fills with something that is not a cart.
localStorage.setItem(CART_STORAGE_KEY, '{"oops": [');

function renderCart(signedIn: Profile | null) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
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
  // Each test's cart is a visitor's until its render signs someone in.
  localStorage.removeItem(CART_OWNER_KEY);
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
    stubApi((init) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
      return json(402, {
        error: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance. Please add funds to your wallet.' },
      });
    });
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
    stubApi((init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return json(201, { id: 'order-1', totalCents: 8900, balanceCents: 3100 });
    });
    act(() => dispatchCart({ type: 'add', product: course }));
    const { queryClient, router } = renderCart({ ...profile, walletBalanceCents: 12_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop/orders'));
    expect(bodies).toEqual([{ items: [{ productId: 'course-1', quantity: 1 }] }]);
    expect(queryClient.getQueryData<Profile>(profileQueryKey)?.walletBalanceCents).toBe(3100);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe('[]');
  });

  it('asks for the address of a physical item, field by field, and sends it with the order', async () => {
    const bodies: unknown[] = [];
    stubApi((init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return json(201, { id: 'order-2', totalCents: 3999, balanceCents: 1001 });
    });
    act(() => dispatchCart({ type: 'add', product: deck }));
    const { router } = renderCart(profile);
    fireEvent.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    expect(screen.getByRole('group', { name: 'Ship to' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Name is required',
      'Street is required',
      'City is required',
      'Region is required',
      'Postal code is required',
      'Country is required',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));
    expect(bodies).toEqual([]);
    for (const [label, value] of Object.entries({
      'Full name': 'Sol Rivera',
      'Street and number': '1 Sun Road',
      City: 'Austin',
      'State / region': 'Texas',
      'Postal code': '78701',
      Country: 'United States',
    })) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop/orders'));
    expect(bodies).toEqual([{ items: [{ productId: 'deck-1', quantity: 1 }], shippingAddress: savedAddress }]);
  });

  it('fills the address saved with the account', async () => {
    stubApi(() => json(500, {}), savedAddress);
    act(() => dispatchCart({ type: 'add', product: deck }));
    renderCart(profile);
    fireEvent.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Austin'));
    expect(screen.getByText('Your saved address. Change it here if this order goes elsewhere.')).toBeTruthy();
  });
});
