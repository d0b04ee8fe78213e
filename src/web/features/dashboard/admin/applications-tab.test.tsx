// @vitest-environment jsdom
import type { AdminReaderApplication } from '@shared/reader-applications';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { ApplicationsTab } from './applications-tab';
import { json, renderTab, resetAfterEach } from './tab-test-kit';

const HOUR = 3_600_000;

function application(overrides: Partial<AdminReaderApplication> = {}): AdminReaderApplication {
  return {
    id: 'a1',
    firstName: 'Celeste',
    lastName: 'Moon',
    email: 'celeste@example.com',
    specialties: ['Tarot', 'Dreams'],
    yearsExperience: 12,
    bio: 'Twelve years of tarot.',
    sampleReading: 'The Star follows the Tower. '.repeat(12),
    chatRateCents: 349,
    audioRateCents: 449,
    videoRateCents: 599,
    status: 'pending',
    createdAt: new Date(Date.now() - 5 * HOUR).toISOString(),
    decidedAt: null,
    rejectionReason: null,
    readerId: null,
    ...overrides,
  };
}

/** The applications API over an in-memory queue: a decision takes the application out of it. */
function fakeServer(queue: AdminReaderApplication[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const decided = /^\/api\/admin\/reader-applications\/([^/]+)\/(approve|reject)$/.exec(input);
      if (decided && init?.method === 'POST') {
        const [, id, kind] = decided;
        calls.push(`${kind} ${id} ${init.body ?? '(no body)'}`);
        const found = queue.find((a) => a.id === id)!;
        queue.splice(queue.indexOf(found), 1);
        return json(200, {
          ...found,
          status: kind === 'approve' ? 'approved' : 'rejected',
          decidedAt: new Date().toISOString(),
        });
      }
      if (input === '/api/admin/reader-applications') return json(200, { applications: queue });
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return { calls };
}

resetAfterEach();

describe('ApplicationsTab', () => {
  it('shows each application with its age, rates and profile, and approves only after the confirmation', async () => {
    const { calls } = fakeServer([application()]);
    renderTab(<ApplicationsTab />);
    const row = await screen.findByTestId('admin-application');
    expect(row.textContent).toContain('Waiting 5 h');
    expect(row.textContent).toContain('$3.49 / $4.49 / $5.99 per min');
    expect(row.textContent).toContain('Tarot, Dreams');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await screen.findByText('No open applications.');
    expect(calls).toEqual(['approve a1 (no body)']);
    expect(toast.success).toHaveBeenCalledWith('Celeste Moon is now a reader', {
      description: 'We mailed them a link to set their password.',
    });
  });

  it('rejects only with a reason, and sends it', async () => {
    const { calls } = fakeServer([application()]);
    renderTab(<ApplicationsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Not enough experience yet  ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await screen.findByText('No open applications.');
    expect(calls).toEqual(['reject a1 {"reason":"Not enough experience yet"}']);
  });
});
