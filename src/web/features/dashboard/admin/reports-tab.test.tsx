// @vitest-environment jsdom
import type { OpenReport } from '@shared/reports';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { ReportsTab } from './reports-tab';
import { json, renderTab, resetAfterEach } from './tab-test-kit';

const HOUR = 3_600_000;

function report(overrides: Partial<OpenReport>): OpenReport {
  return {
    id: 'r1',
    targetType: 'post',
    targetId: 'p1',
    reason: 'Spam',
    reporterName: 'Luna Martinez',
    createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    content: { text: 'Buy cheap crystals', authorName: 'Sam Whitaker', link: '/community/p1' },
    ...overrides,
  };
}

/** The reports API over an in-memory queue: a decision closes every open report of the same content. */
function fakeServer(queue: OpenReport[], decide?: (id: string) => Response) {
  const decisions: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const decided = /^\/api\/admin\/reports\/([^/]+)\/decision$/.exec(input);
      if (decided && init?.method === 'POST') {
        const id = decided[1]!;
        const { decision } = JSON.parse(String(init.body)) as { decision: string };
        decisions.push(`${decision} ${id}`);
        if (decide) return decide(id);
        const target = queue.find((r) => r.id === id)!;
        const closed = queue.filter((r) => r.targetId === target.targetId);
        queue.splice(0, queue.length, ...queue.filter((r) => r.targetId !== target.targetId));
        return json(200, { status: decision === 'hide' ? 'hidden' : 'dismissed', decided: closed.length });
      }
      if (input === '/api/admin/reports') return json(200, { reports: queue });
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return { decisions };
}

resetAfterEach();

describe('ReportsTab', () => {
  it('lists each open report with its content, reason, reporter and age, and counts the overdue', async () => {
    fakeServer([
      report({}),
      report({
        id: 'r2',
        targetType: 'stream_message',
        targetId: 'm1',
        reason: 'Rude to the reader',
        createdAt: new Date(Date.now() - 30 * HOUR).toISOString(),
        content: null,
      }),
    ]);
    renderTab(<ReportsTab />);
    const [post, message] = await screen.findAllByTestId('admin-report');
    expect(post!.textContent).toContain('Forum post');
    expect(post!.textContent).toContain('Open 2 h');
    expect(post!.textContent).toContain('Reported by Luna Martinez');
    expect(post!.textContent).toContain('Buy cheap crystals');
    expect(post!.textContent).toContain('by Sam Whitaker');
    expect(
      within(post!)
        .getByRole('link', { name: /View in context/ })
        .getAttribute('href'),
    ).toBe('/community/p1');
    expect(message!.textContent).toContain('Live chat message');
    expect(message!.textContent).toContain('Overdue · open 30 h');
    expect(message!.textContent).toContain('The content is no longer there');
    // Nothing left to hide: only Dismiss closes it.
    expect((within(message!).getByRole('button', { name: 'Remove message' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/2 open reports/).textContent).toBe('2 open reports · 1 past 24 hours');
  });

  it('hides the content once on a double click, says how many reports closed, and drops them from the queue', async () => {
    const { decisions } = fakeServer([report({}), report({ id: 'r2', reason: 'Scam', reporterName: 'Sol Rivera' })]);
    renderTab(<ReportsTab />);
    const [first] = await screen.findAllByTestId('admin-report');
    const hide = within(first!).getByRole('button', { name: 'Hide post' });
    fireEvent.click(hide);
    fireEvent.click(hide);
    await screen.findByText('No open reports. Everything reported has been reviewed.');
    expect(decisions).toEqual(['hide r1']);
    expect(toast.success).toHaveBeenCalledWith('Content hidden', {
      description: '2 reports of this content were closed.',
    });
  });

  it('says so when another admin decided first, and refreshes the queue', async () => {
    const queue = [report({})];
    fakeServer(queue, () => {
      queue.length = 0;
      return json(409, { error: { code: 'CONFLICT', message: 'This report has already been decided' } });
    });
    renderTab(<ReportsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await screen.findByText('No open reports. Everything reported has been reviewed.');
    expect(toast.error).toHaveBeenCalledWith('This report has already been decided');
  });

  it('shows a report the product filed about a user as filed by Soul Tribe, with the masked originals, and "Mark as handled" closes it', async () => {
    const { decisions } = fakeServer([
      report({
        id: 'u1',
        targetType: 'user',
        targetId: 'client-1',
        reason: 'Shared contact details 3 times in a day',
        reporterName: 'Soul Tribe',
        content: {
          text: '3 messages with contact details in their last 7 days; the other side saw them masked.',
          authorName: 'Sam Whitaker',
          link: null,
          maskedOriginals: [
            {
              context: 'chat',
              original: 'text me on 555 867 5309',
              createdAt: new Date(Date.now() - HOUR).toISOString(),
            },
            {
              context: 'written_question',
              original: 'mail me at sam@example.com',
              createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
            },
          ],
          clientNotes: [
            {
              readerName: 'Luna Starweaver',
              clientName: 'Sam Whitaker',
              text: 'Asked for my number twice.',
              createdAt: new Date(Date.now() - HOUR).toISOString(),
            },
          ],
        },
      }),
    ]);
    renderTab(<ReportsTab />);
    const [row] = await screen.findAllByTestId('admin-report');
    expect(row!.textContent).toContain('Contact details');
    expect(row!.textContent).toContain('Filed automatically by Soul Tribe');
    expect(row!.textContent).toContain('by Sam Whitaker');
    const originals = within(row!).getByRole('list', { name: 'Messages as written, before masking' });
    expect(
      within(originals)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Reading chat · .*text me on 555 867 5309$/),
      expect.stringMatching(/^Written question · .*mail me at sam@example\.com$/),
    ]);
    const notes = within(row!).getByRole('list', { name: 'Readers’ private notes' });
    expect(within(notes).getByRole('listitem').textContent).toMatch(
      /^Luna Starweaver on Sam Whitaker · .*Asked for my number twice\.$/,
    );
    expect(within(row!).queryByRole('link', { name: /View in context/ })).toBeNull();
    fireEvent.click(within(row!).getByRole('button', { name: 'Mark as handled' }));
    await screen.findByText('No open reports. Everything reported has been reviewed.');
    expect(decisions).toEqual(['hide u1']);
    expect(toast.success).toHaveBeenCalledWith('Report closed as handled', { description: undefined });
  });

  it('offers Retry when the queue cannot load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: { code: 'INTERNAL', message: 'Down for a moment' } })),
    );
    renderTab(<ReportsTab />);
    expect((await screen.findByText(/We could not load the reports/)).textContent).toContain('Down for a moment');
    expect((screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
