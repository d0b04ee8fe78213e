// @vitest-environment jsdom
import { COMMUNITY_CATEGORIES } from '@shared/community';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testCommunityPost } from '../../../../tests/unit/test-community-post';
import { CommunityPage } from './community-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const post = testCommunityPost({ tags: ['cleansing'], replyCount: 2, viewCount: 40, likeCount: 1, isPinned: true });

/** A stand-in for the forum's API; `answerPosts` answers each list request. */
function fakeApi(answerPosts: (url: URL) => Response) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/auth/profile') return json(200, null);
    if (url.pathname === '/api/community/categories') {
      return json(200, {
        categories: COMMUNITY_CATEGORIES.map(({ name }) => ({ name, postCount: name === 'Crystal Healing' ? 1 : 0 })),
      });
    }
    if (url.pathname === '/api/community/posts') return answerPosts(url);
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(path = '/community') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/community', element: <CommunityPage /> }], { initialEntries: [path] });
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

describe('CommunityPage', () => {
  it('lists discussions with their markers and counts, and the category buttons with live counts', async () => {
    fakeApi(() => json(200, { posts: [post], total: 1 }));
    renderPage();
    const card = await screen.findByRole('article', { name: 'Cleansing your crystals' });
    expect(within(card).getByText('Pinned')).toBeTruthy();
    expect(within(card).getByText('Today')).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: 'Join Discussion: Cleansing your crystals' }).getAttribute('href'),
    ).toBe('/community/p1');
    const categories = screen.getByRole('group', { name: 'Categories' });
    expect(await within(categories).findByRole('button', { name: 'Crystal Healing (1)' })).toBeTruthy();
    expect(within(categories).getByRole('button', { name: 'All Categories (1)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('asks the server for the category and search in the URL, and says when nothing matches', async () => {
    const fetchMock = fakeApi(() => json(200, { posts: [], total: 0 }));
    renderPage('/community?category=Astrology&search=venus');
    expect(await screen.findByText('No discussions found')).toBeTruthy();
    expect(screen.getByText('Be the first to start a conversation in this category!')).toBeTruthy();
    const listCall = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.startsWith('/api/community/posts'));
    expect(new URL(listCall ?? '', 'http://localhost').searchParams.toString()).toBe('search=venus&category=Astrology');
    expect((screen.getByRole('searchbox', { name: 'Search discussions' }) as HTMLInputElement).value).toBe('venus');
  });

  it('shows a failed load with Retry, which loads again', async () => {
    let isDown = true;
    fakeApi(() =>
      isDown
        ? json(500, { error: { code: 'INTERNAL', message: 'Database unavailable' } })
        : json(200, { posts: [post], total: 1 }),
    );
    renderPage();
    expect(await screen.findByText(/We could not load the discussions\./)).toBeTruthy();
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Cleansing your crystals' })).toBeTruthy();
  });
});
