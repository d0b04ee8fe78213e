// @vitest-environment jsdom
import type { Promotion } from '@shared/promotions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { PromotionsTab } from './promotions-tab';
import { json, renderTab, resetAfterEach } from './tab-test-kit';

const DAY = 86_400_000;

function promotion(overrides: Partial<Promotion>): Promotion {
  return {
    id: 'p1',
    code: 'WELCOME5',
    creditCents: 500,
    bonusPercent: 0,
    minTopUpCents: 0,
    maxBonusCents: null,
    startsAt: new Date(Date.now() - DAY).toISOString(),
    endsAt: null,
    creditDays: 30,
    maxRedemptions: 100,
    budgetCents: 50_000,
    newClientsOnly: true,
    welcome: false,
    paused: false,
    state: 'active',
    redemptions: 12,
    grantedCents: 6000,
    spentCents: 2150,
    expiredCents: 400,
    announcedAt: null,
    offersSent: 0,
    createdAt: new Date(Date.now() - DAY).toISOString(),
    ...overrides,
  };
}

/** The admin promotions API over an in-memory list; `answerCreate` replaces how a creation answers. */
function fakeServer(list: Promotion[], answerCreate?: (body: Record<string, unknown>) => Response) {
  const created: Record<string, unknown>[] = [];
  const patches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (url.pathname === '/api/admin/promotions' && init?.method === 'POST') {
        created.push(body);
        if (answerCreate) return answerCreate(body);
        const made = promotion({
          ...body,
          id: `p${list.length + 1}`,
          state: 'active',
          redemptions: 0,
          grantedCents: 0,
          spentCents: 0,
          expiredCents: 0,
        });
        list.unshift(made);
        return json(201, made);
      }
      if (url.pathname === '/api/admin/promotions') return json(200, { promotions: list });
      const announced = /^\/api\/admin\/promotions\/([^/]+)\/announce$/.exec(url.pathname);
      if (announced && init?.method === 'POST') {
        patches.push(`${announced[1]} announce`);
        const index = list.findIndex((p) => p.id === announced[1]);
        list[index] = { ...list[index]!, announcedAt: new Date().toISOString() };
        return json(200, list[index]);
      }
      const patched = /^\/api\/admin\/promotions\/([^/]+)$/.exec(url.pathname);
      if (patched && init?.method === 'PATCH') {
        patches.push(`${patched[1]} ${JSON.stringify(body)}`);
        const index = list.findIndex((p) => p.id === patched[1]);
        const paused = body.paused === true;
        list[index] = { ...list[index]!, paused, state: paused ? 'paused' : 'active' };
        return json(200, list[index]);
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return { created, patches };
}

resetAfterEach();

const dialog = () => screen.getByRole('dialog');
const fill = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
const fieldError = (label: string) => {
  const input = within(dialog()).getByLabelText(label);
  return document.getElementById(`${input.id}-error`)?.textContent;
};

describe('PromotionsTab', () => {
  it('lists each code with its offer, window, state, redemptions of its limit, and what it granted, cost and lost to expiry', async () => {
    fakeServer([
      promotion({}),
      promotion({
        id: 'p2',
        code: 'TOPUP10',
        creditCents: 0,
        bonusPercent: 10,
        minTopUpCents: 2000,
        maxBonusCents: 1000,
        maxRedemptions: null,
        budgetCents: null,
        newClientsOnly: false,
        paused: true,
        state: 'paused',
        redemptions: 3,
        grantedCents: 750,
        spentCents: 100,
        expiredCents: 0,
      }),
      promotion({ id: 'p3', code: 'SUMMER', endsAt: new Date(Date.now() - 1000).toISOString(), state: 'ended' }),
    ]);
    renderTab(<PromotionsTab />);
    const [welcome, topUp, summer] = await screen.findAllByTestId('admin-promotion');
    expect(within(welcome!).getByTestId('promotion-state').textContent).toBe('Active');
    expect(welcome!.textContent).toContain('$5.00 credit · lasts 30 days');
    expect(welcome!.textContent).toContain('New clients only');
    expect(welcome!.textContent).toContain(', no end');
    expect(welcome!.textContent).toContain('Redemptions12 of 100');
    expect(welcome!.textContent).toContain('Granted$60.00of $500.00 budget');
    expect(welcome!.textContent).toContain('Spent (cost)$21.50');
    expect(welcome!.textContent).toContain('Expired$4.00');
    expect(within(welcome!).getByRole('button', { name: 'Pause WELCOME5' })).toBeTruthy();

    expect(within(topUp!).getByTestId('promotion-state').textContent).toBe('Paused');
    expect(topUp!.textContent).toContain('10% bonus on top-ups of $20.00 or more, up to $10.00 · lasts 30 days');
    expect(topUp!.textContent).toContain('Redemptions3');
    expect(within(topUp!).getByRole('button', { name: 'Resume TOPUP10' })).toBeTruthy();

    // An ended code has nothing to pause.
    expect(within(summer!).getByTestId('promotion-state').textContent).toBe('Ended');
    expect(within(summer!).queryByRole('button')).toBeNull();

    expect(screen.getByTestId('promotion-totals').textContent).toBe(
      '3 codes · $127.50 granted · $44.00 spent (cost to date) · $8.00 expired',
    );
  });

  it('pauses a code once on a double click with PATCH { paused: true }, then offers Resume', async () => {
    const { patches } = fakeServer([promotion({})]);
    renderTab(<PromotionsTab />);
    const pause = await screen.findByRole('button', { name: 'Pause WELCOME5' });
    fireEvent.click(pause);
    fireEvent.click(pause);
    const resume = await screen.findByRole('button', { name: 'Resume WELCOME5' });
    expect(patches).toEqual(['p1 {"paused":true}']);
    expect(screen.getByTestId('promotion-state').textContent).toBe('Paused');
    expect(toast.success).toHaveBeenCalledWith('WELCOME5 paused: refused to everyone until resumed');
    fireEvent.click(resume);
    await screen.findByRole('button', { name: 'Pause WELCOME5' });
    expect(patches).toEqual(['p1 {"paused":true}', 'p1 {"paused":false}']);
  });

  it('sends an active code to the clients who opted in once on a double click, then shows how many it reached', async () => {
    const { patches } = fakeServer([
      promotion({}),
      promotion({ id: 'p2', code: 'LATER', state: 'scheduled' }),
      promotion({ id: 'p3', code: 'SENT', announcedAt: new Date().toISOString(), offersSent: 42 }),
    ]);
    renderTab(<PromotionsTab />);
    const send = await screen.findByRole('button', { name: 'Send WELCOME5 to clients' });
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(screen.getAllByTestId('promotion-sent')).toHaveLength(2));
    expect(patches).toEqual(['p1 announce']);
    expect(toast.success).toHaveBeenCalledWith('WELCOME5 is being sent to the clients who opted into offers');
    expect(screen.queryByRole('button', { name: 'Send LATER to clients' })).toBeNull();
    expect(screen.getAllByTestId('promotion-sent')[1]!.textContent).toBe(
      'Sent to clients who opted into offers · reached 42 so far',
    );
  });

  it('creates a code from dollars, a percentage and local times, sending cents and ISO instants', async () => {
    const { created } = fakeServer([]);
    renderTab(<PromotionsTab />);
    expect(await screen.findByText('No promotion codes yet. Create the first one.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New code' }));
    fill('Code', 'spring25');
    fill('Credit ($)', '2.50');
    fill('Bonus (% of a top-up)', '25');
    fill('Minimum top-up ($)', '20');
    fill('Bonus cap ($)', '12.5');
    fill('Starts', '2026-12-01T09:00');
    fill('Ends (optional)', '2026-12-31T23:59');
    fill('Credit lasts (days)', '14');
    fill('Redemption limit (optional)', '500');
    fill('Budget ($, optional)', '1000');
    fireEvent.click(within(dialog()).getByLabelText(/New clients only/));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      code: 'SPRING25',
      creditCents: 250,
      bonusPercent: 25,
      minTopUpCents: 2000,
      maxBonusCents: 1250,
      startsAt: new Date('2026-12-01T09:00').toISOString(),
      endsAt: new Date('2026-12-31T23:59').toISOString(),
      creditDays: 14,
      maxRedemptions: 500,
      budgetCents: 100_000,
      newClientsOnly: true,
      welcome: false,
    });
    expect(await screen.findByTestId('admin-promotion')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Code SPRING25 created');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the fields by the server’s rules before sending, each message beside its field, in dollars', async () => {
    const { created } = fakeServer([]);
    renderTab(<PromotionsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'New code' }));
    fill('Code', 'WELCOME5');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(fieldError('Credit ($)')).toBe('Give a credit, a bonus percentage, or both'));

    fill('Credit ($)', '150');
    fill('Bonus (% of a top-up)', '10');
    fill('Ends (optional)', '2020-01-01T00:00');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(fieldError('Credit ($)')).toBe('The credit is at most $100.00'));
    expect(fieldError('Bonus cap ($)')).toBe('A bonus needs a cap');
    expect(fieldError('Ends (optional)')).toBe('The end must be after the start');
    expect(created).toEqual([]);
  });

  it('puts the server’s field errors beside their fields (a duplicate code)', async () => {
    const { created } = fakeServer([], () =>
      json(400, {
        error: { code: 'BAD_REQUEST', message: 'Invalid promotion', fields: { code: 'This code already exists' } },
      }),
    );
    renderTab(<PromotionsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'New code' }));
    fill('Code', 'WELCOME5');
    fill('Credit ($)', '5');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(fieldError('Code')).toBe('This code already exists'));
    expect(created).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers Retry when the codes cannot load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: { code: 'INTERNAL', message: 'Down for a moment' } })),
    );
    renderTab(<PromotionsTab />);
    expect((await screen.findByText(/We could not load the promotion codes/)).textContent).toContain(
      'Down for a moment',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
