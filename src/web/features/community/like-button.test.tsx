// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { testCommunityPost } from '../../../../tests/unit/test-community-post';
import { LikeButton } from './like-button';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const post = testCommunityPost();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Like button', () => {
  it('takes a double click as one like, even when the first click’s answer came back before the second click', async () => {
    const likes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        likes.push(url.pathname);
        return json(200, { liked: true, likeCount: 1 });
      }),
    );
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    // Signed in: the button likes instead of asking to sign in.
    const sol: Profile = {
      id: 'u2',
      email: 'sol@example.com',
      fullName: 'Sol',
      avatarUrl: null,
      role: 'client',
      walletBalanceCents: 0,
      creditCents: 0,
      createdAt: new Date().toISOString(),
    };
    queryClient.setQueryData(profileQueryKey, sol);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <LikeButton post={post} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: /^Like/ });
    fireEvent.click(button, { detail: 1 });
    await waitFor(() => expect(likes).toEqual(['/api/community/posts/p1/like']));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    // The same gesture's second click, after the first one's answer: no second toggle.
    fireEvent.click(button, { detail: 2 });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    // A separate click later is a toggle of its own, and the only one since the first.
    fireEvent.click(button, { detail: 1 });
    await waitFor(() => expect(likes.length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(likes).toHaveLength(2);
  });
});
