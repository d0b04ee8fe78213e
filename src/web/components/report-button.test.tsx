// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { REPORT_THANKS, ReportButton } from './report-button';

const me: Profile = {
  id: 'user-1',
  email: 'sol@example.com',
  fullName: 'Sol Rivera',
  avatarUrl: null,
  role: 'client',
  walletBalanceCents: 0,
  creditCents: 0,
  createdAt: new Date().toISOString(),
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderButton(profile: Profile | null, authorId: string | null = 'someone-else') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(profileQueryKey, profile);
  render(
    <QueryClientProvider client={queryClient}>
      <ReportButton targetType="reply" targetId="reply-9" authorId={authorId} label="Report reply by Luna" />
    </QueryClientProvider>,
  );
}

async function sendReport(reason: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Report reply by Luna' }));
  fireEvent.change(await screen.findByLabelText('What is wrong with it?'), { target: { value: reason } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Report' }));
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReportButton', () => {
  it('is not offered to visitors, nor on your own content', () => {
    renderButton(null);
    expect(screen.queryByRole('button', { name: 'Report reply by Luna' })).toBeNull();
    cleanup();
    renderButton(me, me.id);
    expect(screen.queryByRole('button', { name: 'Report reply by Luna' })).toBeNull();
  });

  it('checks the reason beside the field before sending anything', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderButton(me);
    await sendReport(' x ');
    expect(await screen.findByText('Tell us what is wrong (at least 3 characters)')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the target and reason, thanks the user and closes', async () => {
    const fetchMock = vi.fn(async () => json(201, { id: 'report-1' }));
    vi.stubGlobal('fetch', fetchMock);
    renderButton(me);
    await sendReport('Selling readings off the platform');
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith(REPORT_THANKS));
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      targetType: 'reply',
      targetId: 'reply-9',
      reason: 'Selling readings off the platform',
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says clearly when the user has already reported it (409)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { error: { code: 'CONFLICT', message: 'You have already reported this' } })),
    );
    renderButton(me);
    await sendReport('Spam again');
    expect(
      await screen.findByText('You have already reported this. Our team will review it within 24 hours.'),
    ).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
