// @vitest-environment jsdom
import type { Product } from '@shared/shop';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { ShopPage } from './shop-page';

const product = (overrides: Partial<Product>): Product => ({
  id: 'p1',
  name: 'Amethyst Cluster',
  description: 'Calm and clear intuition.',
  priceCents: 3499,
  category: 'Crystals',
  imageUrl: null,
  isDigital: false,
  stock: 3,
  rating: 4.9,
  reviewCount: 48,
  isFeatured: true,
  seller: null,
  isHidden: false,
  ...overrides,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The products API answering `answer` for each query string it is asked. */
function fakeProducts(answer: (query: URLSearchParams) => Response) {
  const queries: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      queries.push(url.search);
      return answer(url.searchParams);
    }),
  );
  return queries;
}

function renderShop(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(profileQueryKey, null);
  const router = createMemoryRouter([{ path: '/shop', element: <ShopPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ShopPage', () => {
  it('asks the API for the filter in the URL and writes each new choice back to the URL', async () => {
    const queries = fakeProducts(() =>
      json(200, {
        products: [
          product({ stock: 0 }),
          product({
            id: 'p2',
            name: 'Moon Course',
            category: 'Courses',
            isDigital: true,
            stock: null,
            seller: { id: 'r1', name: 'Aurora Starweaver', username: 'aurora' },
          }),
        ],
      }),
    );
    const router = renderShop('/shop?category=Crystals&sort=rating');
    const [amethyst] = await screen.findAllByTestId('product-card');
    if (!amethyst) throw new Error('no product card');
    expect(queries[0]).toBe('?category=Crystals&sort=rating');
    expect(within(amethyst).getByText('Out of stock')).toBeTruthy();
    expect((within(amethyst).getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(amethyst).getByText('Soul Tribe')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aurora Starweaver' }).getAttribute('href')).toBe('/readers/aurora');

    fireEvent.click(screen.getByRole('button', { name: 'Courses' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=Courses&sort=rating'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price_desc' } });
    await waitFor(() => expect(router.state.location.search).toBe('?category=Courses&sort=price_desc'));
    await waitFor(() => expect(queries).toContain('?category=Courses&sort=price_desc'));
  });

  it('turns the filter panel’s dollars into cents and says when the range is reversed', async () => {
    fakeProducts(() => json(200, { products: [product({})] }));
    const router = renderShop('/shop');
    await screen.findAllByTestId('product-card');
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const panel = screen.getByRole('form', { name: 'Filter products' });
    fireEvent.change(within(panel).getByLabelText('Min price ($)'), { target: { value: '20' } });
    fireEvent.change(within(panel).getByLabelText('Max price ($)'), { target: { value: '5' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    expect(await within(panel).findByText('Max must be at least the min')).toBeTruthy();
    expect(router.state.location.search).toBe('');

    fireEvent.change(within(panel).getByLabelText('Max price ($)'), { target: { value: '50.5' } });
    fireEvent.click(within(panel).getByLabelText('Physical only'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?minCents=2000&maxCents=5050&digital=false'));
  });

  it('offers to clear the filters when nothing matches, and a Retry when loading fails', async () => {
    let fails = true;
    fakeProducts((query) => {
      if (fails) return json(500, { error: { code: 'INTERNAL', message: 'Database unavailable' } });
      return json(200, { products: query.has('search') ? [] : [product({})] });
    });
    const router = renderShop('/shop?search=unicorn&sort=price_asc');
    expect(await screen.findByText(/We could not load the shop\. Database unavailable/)).toBeTruthy();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No products found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price_asc'));
    expect(await screen.findByText('Amethyst Cluster')).toBeTruthy();
  });
});
