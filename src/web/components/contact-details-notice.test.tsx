// @vitest-environment jsdom
import { CONTACT_DETAILS_REMOVED } from '@shared/contact-details';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { ContactDetailsNotice, MaskedText, toastContactDetailsRemoved } from './contact-details-notice';

afterEach(cleanup);

describe('ContactDetailsNotice', () => {
  it('says why, as a status, and can be dismissed', () => {
    const onDismiss = vi.fn();
    render(<ContactDetailsNotice onDismiss={onDismiss} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Contact details were removed. Keep conversations on Soul Tribe, where refunds and your protection apply.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notice' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('says it as a toast for a form that closes once saved', () => {
    toastContactDetailsRemoved('review');
    expect(toast.warning).toHaveBeenCalledWith('Contact details were removed from your review', {
      description: 'Keep conversations on Soul Tribe, where refunds and your protection apply.',
    });
  });
});

describe('MaskedText', () => {
  it('sets each masked place apart and leaves the rest as written', () => {
    const text = `mail ${CONTACT_DETAILS_REMOVED} or call ${CONTACT_DETAILS_REMOVED}`;
    const { container } = render(
      <p>
        <MaskedText text={text} />
      </p>,
    );
    expect(container.textContent).toBe(text);
    expect(
      within(container)
        .getAllByText(CONTACT_DETAILS_REMOVED)
        .map((element) => element.tagName),
    ).toEqual(['SPAN', 'SPAN']);
  });

  it('renders a message with nothing masked as plain text', () => {
    const { container } = render(<MaskedText text="The Three of Cups at 10:30" />);
    expect(container.innerHTML).toBe('The Three of Cups at 10:30');
  });
});
