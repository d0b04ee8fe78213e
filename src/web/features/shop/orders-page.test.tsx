// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import type { SellerShipment } from '@shared/shipping';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { testSale } from '../../../../tests/unit/test-shipment';
import { OrdersPage } from './orders-page';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const profile = (role: Profile['role']): Profile => ({
  id: 'u1',
  email: 'admin@soultribe.app',
  fullName: 'Ada Admin',
  avatarUrl: null,
  role,
  walletBalanceCents: 0,
  creditCents: 0,
  createdAt: new Date().toISOString(),
});
const platformSale: SellerShipment = { ...testSale, sellerName: null };

function renderPage(role: Profile['role']) {
  const fetchMock = vi.fn(async (url: string) =>
    url === '/api/admin/shop/shipments' ? json({ shipments: [platformSale] }) : json({ orders: [] }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(profileQueryKey, profile(role));
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <OrdersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The platform's orders to ship were under the admin's Payouts tab while /shop/orders said 'No orders yet'.
describe('/shop/orders', () => {
  it("shows an admin Soul Tribe's own orders to ship, with Mark shipped, above their own purchases", async () => {
    renderPage('admin');
    const list = await screen.findByRole('list', { name: 'Shop orders' });
    expect(within(list).getByText('Ship to Rowan Vale')).toBeTruthy();
    expect(within(list).getByRole('button', { name: /Mark shipped/ })).toBeTruthy();
    expect(
      screen
        .getByRole('heading', { name: 'Shop orders to ship' })
        .compareDocumentPosition(screen.getByRole('heading', { name: 'Your own purchases' })),
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it("shows a client only their own orders, and never asks for the platform's", async () => {
    const fetchMock = renderPage('client');
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Shop orders to ship' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/admin/shop/shipments');
  });
});
