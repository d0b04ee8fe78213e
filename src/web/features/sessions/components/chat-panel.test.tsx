// @vitest-environment jsdom
import { CONTACT_DETAILS_REMOVED } from '@shared/contact-details';
import type { ChatMessage } from '@shared/sessions';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatPanel, type ChatSendOutcome } from './chat-panel';

afterEach(cleanup);

const masked = `Write to me at ${CONTACT_DETAILS_REMOVED} after the reading`;
const message: ChatMessage = {
  id: 'm1',
  sessionId: 's1',
  senderId: 'client-1',
  senderName: 'Luna',
  content: masked,
  type: 'text',
  createdAt: '2026-11-27T18:00:00.000Z',
};

function chatPanel(outcomes: ChatSendOutcome[]) {
  const onSend = vi.fn(async (_content: string) => outcomes.shift()!);
  render(<ChatPanel id="chat" messages={[message]} myUserId="reader-1" canSend onSend={onSend} />);
  const send = async (text: string) => {
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledWith(text));
  };
  return { send };
}

describe('ChatPanel and masked contact details', () => {
  it('tells the sender beside the chat box after a masked send, until a clean send or a dismissal', async () => {
    const { send } = chatPanel([
      { isSent: true, isMasked: true },
      { isSent: true, isMasked: false },
      { isSent: true, isMasked: true },
    ]);
    expect(screen.queryByRole('status')).toBeNull();
    await send('mail me at luna@example.com');
    expect((await screen.findByRole('status')).textContent).toContain('Contact details were removed.');
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLInputElement).value).toBe('');

    await send('See you soon');
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());

    await send('call 555 867 5309');
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss notice' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps the draft and shows no notice when the send failed', async () => {
    const { send } = chatPanel([{ isSent: false, isMasked: false }]);
    await send('mail me at luna@example.com');
    await vi.waitFor(() =>
      expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLInputElement).value).toBe(
      'mail me at luna@example.com',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the other side the masked message with the masked place set apart', () => {
    render(<ChatPanel id="chat" messages={[message]} myUserId="reader-1" canSend onSend={vi.fn()} />);
    const bubble = screen.getByTestId('chat-message');
    expect(bubble.textContent).toBe(masked);
    expect(within(bubble).getByText(CONTACT_DETAILS_REMOVED).tagName).toBe('SPAN');
  });
});
