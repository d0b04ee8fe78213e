// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamChat } from './stream-chat';

afterEach(cleanup);

describe('StreamChat and masked contact details', () => {
  it('tells the sender beside the chat box after a masked send', async () => {
    const onSend = vi.fn(async () => ({ refusal: null, isMasked: true }));
    render(<StreamChat lines={[]} myUserId="viewer-1" canSend placeholder="Say something" onSend={onSend} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'insta @luna.reads' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('status')).textContent).toContain('Contact details were removed.');
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLInputElement).value).toBe('');
  });
});
