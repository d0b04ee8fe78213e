import { giftById, STREAM_MESSAGE_MAX_LENGTH } from '@shared/live';
import { formatCents } from '@shared/money';
import { MicOff, SendHorizontal, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ContactDetailsNotice, MaskedText } from '@/components/contact-details-notice';
import { ReportButton } from '@/components/report-button';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { ChatLine } from './stream-room-state';

/** How a send went: the server's refusal in words (null once sent), and whether contact details were masked on the way. */
export interface StreamSendOutcome {
  refusal: string | null;
  isMasked: boolean;
}

export interface Moderation {
  mutedUserIds: string[];
  onRemove: (messageId: string) => void;
  onMute: (userId: string) => void;
}

function GiftLine({ line }: { line: Extract<ChatLine, { kind: 'gift' }> }) {
  const gift = giftById(line.gift.giftId);
  return (
    <li className="rounded-xl border border-gold/40 bg-gold/10 px-3 py-2 text-sm" data-testid="chat-gift">
      <span aria-hidden="true">{gift?.emoji} </span>
      <span className="font-semibold">{line.gift.fromName}</span> sent a{' '}
      <span className="font-semibold text-gold">{gift?.name ?? 'gift'}</span>{' '}
      <span className="text-muted-foreground">({formatCents(line.gift.amountCents)})</span>
    </li>
  );
}

/**
 * The stream's chat: messages and gift lines, newest at the bottom, and the message box. The
 * reader (`moderation`) may take any message down and mute its sender.
 */
export function StreamChat({
  lines,
  myUserId,
  canSend,
  placeholder,
  onSend,
  moderation,
}: {
  lines: ChatLine[];
  myUserId: string | null;
  canSend: boolean;
  placeholder: string;
  onSend: (content: string) => Promise<StreamSendOutcome>;
  moderation?: Moderation;
}) {
  const [draft, setDraft] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Shown from a masked send until the next clean one or a dismissal.
  const [isMaskNoticeShown, setIsMaskNoticeShown] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const isBlank = draft.trim().length === 0;

  useEffect(() => {
    const list = listRef.current;
    if (list && lines.length > 0) list.scrollTop = list.scrollHeight;
  }, [lines.length]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBlank || isSending || !canSend) return;
    setIsSending(true);
    const { refusal, isMasked } = await onSend(draft);
    setIsSending(false);
    setError(refusal);
    if (refusal !== null) return;
    setDraft('');
    setIsMaskNoticeShown(isMasked);
  };

  return (
    <section
      aria-label="Chat"
      className="flex min-h-0 flex-col rounded-2xl border border-border bg-card/85 backdrop-blur"
    >
      <h2 className="border-b border-border px-4 py-3 text-sm font-semibold">Live Chat</h2>
      <ol
        ref={listRef}
        className="flex h-72 flex-col gap-2 overflow-y-auto p-4 lg:h-96"
        aria-live="polite"
        aria-label="Messages"
      >
        {lines.length === 0 ? (
          <li className="m-auto text-sm text-muted-foreground">No messages yet. Say hello!</li>
        ) : null}
        {lines.map((line) => {
          if (line.kind === 'gift') return <GiftLine key={line.id} line={line} />;
          const { message } = line;
          const isMine = message.userId === myUserId;
          const isMuted = moderation?.mutedUserIds.includes(message.userId) ?? false;
          return (
            <li key={line.id} className="group flex items-start gap-2 text-sm" data-testid="stream-chat-message">
              <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                <span className={isMine ? 'font-semibold text-pink' : 'font-semibold'}>
                  {isMine ? 'You' : message.userName}
                </span>
                {isMuted ? <span className="text-xs text-muted-foreground"> (muted)</span> : null}:{' '}
                <span className="whitespace-pre-wrap">
                  <MaskedText text={message.content} />
                </span>
              </p>
              {moderation && !isMine ? (
                <span className="flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-7 px-2"
                    aria-label={`Remove message from ${message.userName}`}
                    onClick={() => moderation.onRemove(message.id)}
                  >
                    <Trash2 aria-hidden="true" />
                    <span className="sr-only sm:not-sr-only">Remove</span>
                  </Button>
                  {isMuted ? null : (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-7 px-2"
                      aria-label={`Mute ${message.userName}`}
                      onClick={() => moderation.onMute(message.userId)}
                    >
                      <MicOff aria-hidden="true" />
                      <span className="sr-only sm:not-sr-only">Mute</span>
                    </Button>
                  )}
                </span>
              ) : null}
              {moderation || isMine ? null : (
                <ReportButton
                  targetType="stream_message"
                  targetId={message.id}
                  authorId={message.userId}
                  label={`Report message from ${message.userName}`}
                  className="h-7 shrink-0 px-2"
                />
              )}
            </li>
          );
        })}
      </ol>
      <form onSubmit={submit} className="grid gap-1 border-t border-border p-3" aria-label="Send a message">
        {isMaskNoticeShown ? (
          <ContactDetailsNotice onDismiss={() => setIsMaskNoticeShown(false)} className="mb-1" />
        ) : null}
        <div className="flex items-center gap-2">
          <Input
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
            maxLength={STREAM_MESSAGE_MAX_LENGTH}
            placeholder={placeholder}
            aria-label="Message"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'stream-chat-error' : undefined}
            disabled={!canSend}
            autoComplete="off"
          />
          <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend || isBlank || isSending}>
            <SendHorizontal aria-hidden="true" />
          </Button>
        </div>
        {error ? (
          <p id="stream-chat-error" role="alert" className="text-sm font-semibold text-destructive">
            {error}
          </p>
        ) : draft.length > STREAM_MESSAGE_MAX_LENGTH - 100 ? (
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {STREAM_MESSAGE_MAX_LENGTH - draft.length} characters left
          </p>
        ) : null}
      </form>
    </section>
  );
}
