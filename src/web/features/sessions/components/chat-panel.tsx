import { MESSAGE_MAX_LENGTH } from '@shared/constants';
import type { ChatMessage } from '@shared/sessions';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ContactDetailsNotice, MaskedText } from '@/components/contact-details-notice';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** How a send went: delivered or not, and whether contact details were taken out of it on the way. */
export interface ChatSendOutcome {
  isSent: boolean;
  isMasked: boolean;
}

export function ChatPanel({
  id,
  messages,
  myUserId,
  canSend,
  closedPlaceholder = 'Chat is closed',
  onSend,
  className,
}: {
  id: string;
  messages: ChatMessage[];
  myUserId: string;
  canSend: boolean;
  /** What the message box says while sending is not possible. */
  closedPlaceholder?: string;
  /** The draft is only cleared once the message was delivered. */
  onSend: (content: string) => Promise<ChatSendOutcome>;
  className?: string;
}) {
  const [draft, setDraft] = useState('');
  const [isSending, setIsSending] = useState(false);
  // Shown from a masked send until the next clean one or a dismissal: the sender learns why their words changed.
  const [isMaskNoticeShown, setIsMaskNoticeShown] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const isBlank = draft.trim().length === 0;

  // Keep the newest message in view as they arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list && messages.length > 0) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // SPEC.md §5 'Reading chat': blank or whitespace-only text is not sent.
    if (isBlank || isSending || !canSend) return;
    setIsSending(true);
    const { isSent, isMasked } = await onSend(draft);
    setIsSending(false);
    if (!isSent) return;
    setDraft('');
    setIsMaskNoticeShown(isMasked);
  };

  return (
    <section
      id={id}
      aria-label="Chat"
      className={cn('flex min-h-0 flex-col rounded-2xl border border-border bg-card/85 backdrop-blur', className)}
    >
      <h2 className="border-b border-border px-4 py-3 text-sm font-semibold">Chat</h2>
      <ol
        ref={listRef}
        className="flex min-h-40 flex-1 flex-col gap-3 overflow-y-auto p-4"
        aria-live="polite"
        aria-label="Messages"
      >
        {messages.length === 0 ? (
          <li className="m-auto text-sm text-muted-foreground">No messages yet. Say hello!</li>
        ) : null}
        {messages.map((message) => {
          const isMine = message.senderId === myUserId;
          return (
            <li
              key={message.id}
              className={cn(
                'flex max-w-[85%] flex-col gap-1',
                isMine ? 'self-end items-end' : 'self-start items-start',
              )}
            >
              <span className="text-xs text-muted-foreground">
                {isMine ? 'You' : message.senderName} · {timeFormat.format(new Date(message.createdAt))}
              </span>
              <p
                className={cn(
                  'whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm',
                  isMine
                    ? 'rounded-br-sm bg-primary text-primary-foreground'
                    : 'rounded-bl-sm bg-muted text-foreground',
                )}
                data-testid="chat-message"
              >
                <MaskedText text={message.content} />
              </p>
            </li>
          );
        })}
      </ol>
      {isMaskNoticeShown ? (
        <div className="border-t border-border px-3 pt-3">
          <ContactDetailsNotice onDismiss={() => setIsMaskNoticeShown(false)} />
        </div>
      ) : null}
      <form
        onSubmit={submit}
        className={cn('flex items-center gap-2 p-3', isMaskNoticeShown ? 'pt-2' : 'border-t border-border')}
        aria-label="Send a message"
      >
        <Input
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={canSend ? 'Type a message…' : closedPlaceholder}
          aria-label="Message"
          disabled={!canSend}
          autoComplete="off"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend || isBlank || isSending}>
          <SendHorizontal aria-hidden="true" />
        </Button>
      </form>
      {draft.length > MESSAGE_MAX_LENGTH - 200 ? (
        <p className="px-4 pb-3 text-xs text-muted-foreground" aria-live="polite">
          {MESSAGE_MAX_LENGTH - draft.length} characters left
        </p>
      ) : null}
    </section>
  );
}
