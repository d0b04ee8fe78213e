// @vitest-environment jsdom
import type { Reader } from '@shared/readers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testReader } from '../../../../../tests/unit/test-reader';
import { WrittenReadingsCard } from './written-readings-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve(answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

function renderCard(reader: Reader) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WrittenReadingsCard reader={reader} />
    </QueryClientProvider>,
  );
}

describe('Settings: written readings', () => {
  it('opts in with a price in dollars and an answer time, sent in cents', async () => {
    const sent = serve((body) => json(testReader('online', body as Partial<Reader>)));
    renderCard(testReader('online'));
    const save = screen.getByRole('button', { name: 'Save Written Readings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Take written questions' }));
    fireEvent.change(screen.getByLabelText('Price per question ($)'), { target: { value: '12.50' } });
    fireEvent.change(screen.getByLabelText('Answer within'), { target: { value: '48' } });
    fireEvent.click(save);
    await waitFor(() => expect(sent).toEqual([{ writtenReadingPriceCents: 1250, writtenReadingAnswerHours: 48 }]));
  });

  it('refuses a price outside $5–$100 beside the field and sends nothing', async () => {
    const sent = serve(() => json({}));
    renderCard(testReader('online'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Take written questions' }));
    fireEvent.change(screen.getByLabelText('Price per question ($)'), { target: { value: '4.99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Written Readings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The price of a question is $5.00 to $100.00');
    expect(screen.getByLabelText('Price per question ($)').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('opts out with a null price, keeping the answer time', async () => {
    const sent = serve((body) => json(testReader('online', body as Partial<Reader>)));
    renderCard(testReader('online', { writtenReadingPriceCents: 2000, writtenReadingAnswerHours: 48 }));
    expect((screen.getByLabelText('Price per question ($)') as HTMLInputElement).value).toBe('20.00');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Take written questions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Written Readings' }));
    await waitFor(() => expect(sent).toEqual([{ writtenReadingPriceCents: null, writtenReadingAnswerHours: 48 }]));
  });
});
