// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import type { WrittenReading } from '@shared/written-readings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testReader } from '../../../../tests/unit/test-reader';
import { AskQuestionSection } from './ask-question-section';
import { MessagesTab } from './messages-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const client: Profile = {
  id: 'c1',
  email: 'ana@test',
  fullName: 'Ana Client',
  avatarUrl: null,
  role: 'client',
  walletBalanceCents: 1000,
  creditCents: 0,
  createdAt: '2026-01-01T00:00:00Z',
};
const QUESTION = 'Will my sister and I speak again before the winter ends?';
const ANSWER =
  'The cards show a letter crossing water: she is closer to reaching out than you think, and you will speak.';

/** Answers each `METHOD path` from the table (a function gets the request body); records every request. */
function serve(table: Record<string, unknown | ((body: unknown) => Response)>) {
  const calls: { method: string; path: string; body: unknown; key?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      const key = (init.headers as Record<string, string> | undefined)?.['idempotency-key'];
      calls.push({ method, path, body, ...(key && { key }) });
      const answer = table[`${method} ${path}`];
      if (answer === undefined) return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
      return typeof answer === 'function' ? (answer as (body: unknown) => Response)(body) : json(answer);
    }),
  );
  return calls;
}

function renderWith(node: React.ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const thread = (overrides: Partial<WrittenReading> = {}): WrittenReading => ({
  id: 'w1',
  clientId: 'c1',
  clientName: 'Ana Client',
  readerId: 'r1',
  readerName: 'Selene Moon',
  readerUsername: 'selene',
  question: QUESTION,
  answer: null,
  priceCents: 1500,
  answerHours: 24,
  status: 'pending',
  createdAt: '2026-11-21T12:00:00.000Z',
  dueAt: '2026-11-22T12:00:00.000Z',
  answeredAt: null,
  refundedAt: null,
  rating: null,
  review: null,
  ratableUntil: null,
  ...overrides,
});
/** A thread as the server answers the one who wrote it: with whether contact details were taken out. */
const sent = (overrides: Partial<WrittenReading> = {}) => ({ ...thread(overrides), masked: false });

describe("the profile's 'Ask a question by message'", () => {
  it('is absent while the reader does not take written questions', async () => {
    serve({ 'GET /api/auth/profile': client });
    renderWith(<AskQuestionSection reader={testReader('online')} />);
    expect(screen.queryByText('Ask a question by message')).toBeNull();
  });

  it('shows the price, the answer time and the on-time rate, checks the question beside the field, and sends it', async () => {
    const calls = serve({
      'GET /api/auth/profile': client,
      'GET /api/readers/r1/written-readings/on-time': { dueCount: 4, answeredOnTimeCount: 3, onTimePercent: 75 },
      'POST /api/written-readings': () => json(sent(), 201),
    });
    renderWith(
      <AskQuestionSection
        reader={testReader('offline', { writtenReadingPriceCents: 1500, writtenReadingAnswerHours: 48 })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Ask a question by message' })).toBeTruthy();
    expect(screen.getByTestId('written-price').textContent).toBe('$15.00');
    expect(screen.getByText(/answered within 48 hours/)).toBeTruthy();
    expect((await screen.findByTestId('on-time-rate')).textContent).toBe('Answered on time: 75% (3 of 4 questions).');

    const field = await screen.findByLabelText('Your question for Selene');
    fireEvent.change(field, { target: { value: 'Too short?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for $15.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your question must be 20 to 2,000 characters');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(field, { target: { value: QUESTION } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for $15.00' }));
    expect((await screen.findByRole('status')).textContent).toContain('Your question was sent.');
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/written-readings',
      body: { readerId: 'r1', question: QUESTION },
      key: expect.any(String),
    });
  });

  it("puts the server's refusal (a wallet that cannot hold the price) beside the field", async () => {
    const calls = serve({
      'GET /api/auth/profile': client,
      'GET /api/readers/r1/written-readings/on-time': { dueCount: 0, answeredOnTimeCount: 0, onTimePercent: null },
      'POST /api/written-readings': () =>
        json(
          { error: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance. Please add funds to your wallet.' } },
          402,
        ),
    });
    renderWith(<AskQuestionSection reader={testReader('online', { writtenReadingPriceCents: 1500 })} />);
    expect((await screen.findByTestId('on-time-rate')).textContent).toBe('No questions answered yet.');
    fireEvent.change(await screen.findByLabelText('Your question for Selene'), { target: { value: QUESTION } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for $15.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Insufficient balance. Please add funds to your wallet.',
    );
    expect(screen.queryByRole('status')).toBeNull();
    // Sent again unchanged, it is the same ask (one key); another text is another ask.
    fireEvent.click(screen.getByRole('button', { name: 'Ask for $15.00' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Your question for Selene'), {
      target: { value: `${QUESTION} Or in the spring?` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for $15.00' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(3));
    const [first, second, third] = calls.filter((call) => call.method === 'POST').map((call) => call.key);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });

  it('asks a visitor to sign in first', async () => {
    serve({
      'GET /api/auth/profile': null,
      'GET /api/readers/r1/written-readings/on-time': { dueCount: 0, answeredOnTimeCount: 0, onTimePercent: null },
    });
    renderWith(<AskQuestionSection reader={testReader('online', { writtenReadingPriceCents: 500 })} />);
    expect((await screen.findByRole('link', { name: 'Sign in to ask' })).getAttribute('href')).toBe(
      '/login?redirect=%2F',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('the Messages tab', () => {
  it("lists the reader's threads; an open one is answered there, with the answer's rule beside the field, and an answered one cannot be edited", async () => {
    const answered = thread({
      id: 'w2',
      status: 'answered',
      answer: ANSWER,
      answeredAt: '2026-11-21T15:00:00.000Z',
      question: 'Is the new house right for us?',
    });
    const calls = serve({
      'GET /api/written-readings': { writtenReadings: [thread(), answered] },
      'POST /api/written-readings/w1/answer': (body: unknown) =>
        json(
          sent({
            status: 'answered',
            answer: (body as { answer: string }).answer,
            answeredAt: '2026-11-21T13:00:00.000Z',
          }),
        ),
    });
    renderWith(<MessagesTab viewerId="r1" side="reader" />);
    const threads = await screen.findAllByTestId('written-thread');
    expect(threads).toHaveLength(2);
    expect(within(threads[0]!).getByTestId('written-question').textContent).toBe(QUESTION);
    expect(within(threads[0]!).getByText('From Ana Client')).toBeTruthy();
    expect(within(threads[0]!).getByText('Waiting for an answer')).toBeTruthy();
    // The answered thread shows its answer and no form: nothing is editable after answering.
    expect(within(threads[1]!).getByTestId('written-answer').textContent).toBe(ANSWER);
    expect(within(threads[1]!).queryByRole('textbox')).toBeNull();

    const field = within(threads[0]!).getByLabelText('Your answer');
    fireEvent.change(field, { target: { value: 'Yes, soon.' } });
    fireEvent.click(within(threads[0]!).getByRole('button', { name: 'Send answer' }));
    expect((await within(threads[0]!).findByRole('alert')).textContent).toBe(
      'The answer must be 50 to 5,000 characters',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(field, { target: { value: ANSWER } });
    fireEvent.click(within(threads[0]!).getByRole('button', { name: 'Send answer' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toEqual({
        method: 'POST',
        path: '/api/written-readings/w1/answer',
        body: { answer: ANSWER },
      }),
    );
  });

  it('shows a 409 (answered elsewhere, or past the time) beside the answer field', async () => {
    serve({
      'GET /api/written-readings': { writtenReadings: [thread()] },
      'POST /api/written-readings/w1/answer': () =>
        json({ error: { code: 'CONFLICT', message: 'This question has already been answered' } }, 409),
    });
    renderWith(<MessagesTab viewerId="r1" side="reader" />);
    fireEvent.change(await screen.findByLabelText('Your answer'), { target: { value: ANSWER } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This question has already been answered');
  });

  it('shows the client their questions, a refund, and rates an answer within its window', async () => {
    const calls = serve({
      'GET /api/written-readings': {
        writtenReadings: [
          thread({
            id: 'w3',
            status: 'answered',
            answer: ANSWER,
            answeredAt: '2026-11-21T15:00:00.000Z',
            ratableUntil: '2026-11-28T15:00:00.000Z',
          }),
          thread({ id: 'w4', status: 'refunded', refundedAt: '2026-11-22T12:00:00.000Z' }),
        ],
      },
      'POST /api/written-readings/w3/rate': (body: unknown) =>
        json(sent({ id: 'w3', status: 'answered', answer: ANSWER, rating: (body as { rating: number }).rating })),
    });
    renderWith(<MessagesTab viewerId="c1" side="client" />);
    const [answered, refunded] = await screen.findAllByTestId('written-thread');
    expect(within(answered!).getByRole('link', { name: 'Selene Moon' }).getAttribute('href')).toBe('/readers/selene');
    expect(within(answered!).getByText('Selene Moon answered')).toBeTruthy();
    expect(within(refunded!).getByText('Refunded')).toBeTruthy();
    expect(refunded!.textContent).toContain('Not answered in time: $15.00 refunded to your wallet');
    expect(within(refunded!).queryByRole('form')).toBeNull();

    fireEvent.click(within(answered!).getByRole('button', { name: 'Send rating' }));
    expect((await within(answered!).findByRole('alert')).textContent).toBe('Choose 1 to 5 stars');
    fireEvent.click(within(answered!).getByRole('button', { name: '4 stars' }));
    fireEvent.click(within(answered!).getByRole('button', { name: 'Send rating' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toEqual({
        method: 'POST',
        path: '/api/written-readings/w3/rate',
        body: { rating: 4 },
      }),
    );
  });

  it('says there is nothing yet', async () => {
    serve({ 'GET /api/written-readings': { writtenReadings: [] } });
    renderWith(<MessagesTab viewerId="c1" side="client" />);
    expect((await screen.findByTestId('messages-empty')).textContent).toContain('No questions yet.');
  });
});
