// @vitest-environment jsdom
import type { ReaderReviews } from '@shared/reviews';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testReader as reader } from '../../../../tests/unit/test-reader';
import { ReadingOptions } from './reading-options';
import { ReviewsSection } from './reviews-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWithProviders(node: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ReadingOptions', () => {
  it('links each kind of reading to its request page while the reader is free', () => {
    renderWithProviders(<ReadingOptions reader={reader('online')} usualHours={null} />);
    expect(screen.getByRole('link', { name: 'Start Chat Reading with Selene Moon' }).getAttribute('href')).toBe(
      '/session/r1?type=chat',
    );
    expect(screen.getByRole('link', { name: 'Video with Selene Moon' }).getAttribute('href')).toBe(
      '/session/r1?type=video',
    );
    expect(screen.queryByTestId('unavailable-reason')).toBeNull();
  });

  it('turns the buttons off with the reason while the reader is in a session or offline', () => {
    renderWithProviders(<ReadingOptions reader={reader('busy')} usualHours={null} />);
    const chat = screen.getByRole('button', { name: 'Start Chat Reading' });
    expect((chat as HTMLButtonElement).disabled).toBe(true);
    expect(chat.getAttribute('aria-describedby')).toBe(screen.getByTestId('unavailable-reason').id);
    expect(screen.getByTestId('unavailable-reason').textContent).toBe(
      'Selene is in a session right now. Check back in a few minutes.',
    );
    cleanup();

    renderWithProviders(
      <ReadingOptions reader={reader('offline')} usualHours="Usually available Mon–Fri 9:00 AM–5:00 PM" />,
    );
    expect(screen.getAllByRole('button').every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getByTestId('unavailable-reason').textContent).toBe(
      'Selene is offline right now. Usually available Mon–Fri 9:00 AM–5:00 PM (your time).',
    );
  });
});

describe('ReadingOptions of the demo reader', () => {
  it('says its replies are automated and offers chat only: no audio or video button or rate', () => {
    renderWithProviders(
      <ReadingOptions
        reader={{ ...reader('online'), repliesAutomated: true, sessionTypes: ['chat'] }}
        usualHours={null}
      />,
    );
    const note = screen.getByTestId('automated-reader-note');
    expect(note.textContent).toContain('Demo reader: replies are automated');
    expect(screen.getByRole('link', { name: 'Start Chat Reading with Selene Moon' }).getAttribute('href')).toBe(
      '/session/r1?type=chat',
    );
    expect(screen.queryByRole('button', { name: 'Audio' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Video' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Audio|Video/ })).toBeNull();
    const rates = screen.getByRole('definition').closest('dl')!;
    expect([...rates.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Chat']);
  });
});

describe('ReviewsSection', () => {
  const page = (number: number, count: number): ReaderReviews => ({
    reviews: Array.from({ length: count }, (_, index) => ({
      id: `s${number}-${index}`,
      rating: 5,
      text: `Review ${number}.${index}`,
      authorName: 'Anonymous',
      ratedAt: '2026-03-04T10:00:00Z',
      sessionType: 'audio',
    })),
    total: 12,
    page: number,
    pageSize: 10,
    distribution: [
      { stars: 5, count: 12 },
      { stars: 4, count: 0 },
      { stars: 3, count: 0 },
      { stars: 2, count: 0 },
      { stars: 1, count: 0 },
    ],
    average: 5,
  });

  it('shows ten reviews, then the rest on Load more reviews, and no button after the last page', async () => {
    const fetchMock = vi.fn(async (input: string) => {
      const number = Number(new URL(input, 'http://x').searchParams.get('page'));
      return new Response(JSON.stringify(page(number, number === 1 ? 10 : 2)), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ReviewsSection readerId="r1" />);
    expect(await screen.findAllByTestId('review')).toHaveLength(10);
    expect(screen.getByTestId('reviews-average').textContent).toBe('5.0');
    expect(
      within(screen.getByRole('list', { name: 'Rating distribution' })).getByRole('listitem', {
        name: '5 stars: 12 reviews',
      }),
    ).toBeTruthy();
    expect(screen.getAllByTestId('review')[0]!.textContent).toContain('March 4, 2026');
    expect(screen.getAllByTestId('review')[0]!.textContent).toContain('Anonymous · Audio reading');

    fireEvent.click(screen.getByRole('button', { name: 'Load more reviews' }));
    await screen.findByText('Review 2.1');
    expect(screen.getAllByTestId('review')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).toBeNull();
    // Besides the pages, each review's Report action asks who is signed in (/api/auth/profile).
    const reviewCalls = fetchMock.mock.calls.map(([url]) => url).filter((url) => String(url).includes('/reviews'));
    expect(reviewCalls).toEqual(['/api/readers/r1/reviews?page=1', '/api/readers/r1/reviews?page=2']);
  });

  it("says 'No reviews yet' when there are none", async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ ...page(1, 0), total: 0, average: null }), { status: 200 }),
    );
    renderWithProviders(<ReviewsSection readerId="r1" />);
    expect(await screen.findByText('No reviews yet')).toBeTruthy();
  });
});
