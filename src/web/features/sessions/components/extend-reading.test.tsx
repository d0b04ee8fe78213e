// @vitest-environment jsdom
import type { SessionBooking } from '@shared/sessions';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExtendReading } from './extend-reading';

const at = '2026-11-28T10:00:00.000Z';
const booking = (overrides: Partial<SessionBooking> = {}): SessionBooking => ({
  appointmentId: 'a1',
  bookedMinutes: 30,
  liveRatePerMinuteCents: 349,
  clientExtendedAt: null,
  readerExtendedAt: null,
  extensionRatePerMinuteCents: null,
  ...overrides,
});

afterEach(cleanup);

function show(terms: SessionBooking, isClient: boolean, minutesCharged = 12) {
  const onExtend = vi.fn();
  render(
    <ExtendReading
      booking={terms}
      isClient={isClient}
      otherName="Kai"
      minutesCharged={minutesCharged}
      isExtending={false}
      onExtend={onExtend}
    />,
  );
  return {
    onExtend,
    status: screen.getByTestId('extension-status').textContent,
    button: screen.queryByRole('button', { name: /^Extend/ }),
  };
}

describe('a booked reading in the room', () => {
  it("offers to go on at the reader's live rate until someone presses", () => {
    const { status, button, onExtend } = show(booking(), true);
    expect(status).toBe(
      'It ends after 30 minutes. To go on, both of you press Extend: each minute past it costs $3.49/min from your wallet.',
    );
    expect(screen.getByRole('heading').textContent).toBe('Booked reading · minute 12 of 30');
    fireEvent.click(button!);
    expect(onExtend).toHaveBeenCalledOnce();
  });

  it('shows the rate the client agreed to, to the reader who has not pressed yet', () => {
    const { status, button } = show(booking({ clientExtendedAt: at, extensionRatePerMinuteCents: 299 }), false);
    expect(status).toBe('Kai would like to go on past the booked time at $2.99/min.');
    expect(button?.textContent).toBe('Extend at $2.99/min');
  });

  it('waits for the other side without a second button, then says it is extended', () => {
    expect(show(booking({ readerExtendedAt: at }), false)).toMatchObject({
      status: 'You asked to go on past the booked time at $3.49/min. Waiting for Kai to agree.',
      button: null,
    });
    cleanup();
    const extended = show(
      booking({ readerExtendedAt: at, clientExtendedAt: at, extensionRatePerMinuteCents: 349 }),
      true,
      33,
    );
    expect(extended.status).toBe(
      'Extended: the reading goes on past its booked 30 minutes at $3.49/min from your wallet, until one of you ends it.',
    );
    expect(extended.button).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('Booked reading · 3 min past the booked 30');
  });
});
