// @vitest-environment jsdom
import type { OrderShipment } from '@shared/shipping';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testShipment as base, testSale as sale } from '../../../../tests/unit/test-shipment';
import { OrderShipmentStatus } from './order-shipment';
import { SalesList } from './sales-list';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
function renderWith(node: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>);
}
function stubFetch(answer: (url: string, init?: RequestInit) => Response) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer(url, init);
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the buyer's shipment", () => {
  it('shows the tracking of a shipped order', () => {
    const shipped: OrderShipment = {
      ...base,
      status: 'shipped',
      carrier: 'USPS',
      trackingNumber: '9400 1118',
      shippedAt: '2026-11-22T12:00:00.000Z',
      sellerName: 'Isla Fairweather',
      productIds: ['p1'],
    };
    renderWith(<OrderShipmentStatus shipment={shipped} itemNames={['Crystal Set']} />);
    expect(screen.getByTestId('shipment-status').textContent).toBe('Shipped');
    expect(screen.getByTestId('shipment-tracking').textContent).toBe(
      'Shipped Nov 22, 2026 with USPS · Tracking number 9400 1118',
    );
    expect(screen.queryByRole('button', { name: 'Cancel and refund' })).toBeNull();
  });

  it('offers the cancel only once it is overdue, and cancels', async () => {
    const calls = stubFetch(() =>
      json(200, {
        shipment: { ...base, status: 'cancelled', refundedCents: 4499, sellerName: null, productIds: [] },
        refundedCents: 4499,
        balanceCents: 9000,
      }),
    );
    renderWith(
      <OrderShipmentStatus shipment={{ ...base, sellerName: null, productIds: ['p1'] }} itemNames={['Crystal Set']} />,
    );
    expect(screen.getByText('The seller ships by Nov 27, 2026.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel and refund' })).toBeNull();
    cleanup();
    renderWith(
      <OrderShipmentStatus
        shipment={{ ...base, isOverdue: true, sellerName: null, productIds: ['p1'] }}
        itemNames={['Crystal Set']}
      />,
    );
    expect(screen.getByText('Not shipped by Nov 27, 2026. You may cancel for a full refund of $44.99.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/shop/shipments/sh-1/cancel' && call.method === 'POST')).toBe(true),
    );
  });
});

describe("the seller's orders to ship", () => {
  it('lists the address and marks an order shipped with its carrier and tracking number, messages beside the fields', async () => {
    const calls = stubFetch((url) => {
      if (url === '/api/shop/shipments') return json(200, { shipments: [{ ...sale, isOverdue: true }] });
      return json(400, {
        error: {
          code: 'BAD_REQUEST',
          message: 'Invalid input',
          fields: { trackingNumber: 'Tracking number may hold only letters, digits, spaces and dashes' },
        },
      });
    });
    renderWith(<SalesList />);
    expect((await screen.findByTestId('ship-to')).textContent).toContain('Asheville, North Carolina 28801');
    expect(screen.getByTestId('sale-overdue').textContent).toBe('Not shipped by Nov 27, 2026');
    fireEvent.change(screen.getByLabelText('Carrier (optional)'), { target: { value: 'USPS' } });
    fireEvent.change(screen.getByLabelText('Tracking number (optional)'), { target: { value: '94#00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByText('Tracking number may hold only letters, digits, spaces and dashes')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      url: '/api/shop/shipments/sh-1/ship',
      method: 'POST',
      body: { carrier: 'USPS', trackingNumber: '94#00' },
    });
  });
});
