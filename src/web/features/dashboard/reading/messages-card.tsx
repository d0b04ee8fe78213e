import type { ChatMessage, MessageRetention } from '@shared/sessions';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const formatTime = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** A chat reading's conversation, the viewer's own messages on the right; gone once the retention has deleted them. */
export function MessagesCard({
  messages,
  myUserId,
  retention,
  senderName = (message) => message.senderName,
}: {
  messages: ChatMessage[];
  myUserId: string;
  retention: MessageRetention;
  /** How a sender is named to this viewer (a reader sees a client's first name only). */
  senderName?: (message: ChatMessage) => string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Messages</CardTitle>
      </CardHeader>
      <CardContent>
        {retention.messagesDeleted ? (
          <p className="text-muted-foreground">
            Messages are deleted after {retention.retentionDays} days: this reading's are gone.
          </p>
        ) : messages.length === 0 ? (
          <p className="text-muted-foreground">No messages in this reading.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Chat messages">
            {messages.map((message) => {
              const isMine = message.senderId === myUserId;
              return (
                <li
                  key={message.id}
                  className={isMine ? 'justify-self-end text-right' : 'justify-self-start'}
                  data-testid="chat-message"
                >
                  <p className="text-xs text-muted-foreground">
                    {senderName(message)} · <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
                  </p>
                  <p
                    className={`mt-1 max-w-prose rounded-2xl px-3 py-2 text-left whitespace-pre-wrap [overflow-wrap:anywhere] ${isMine ? 'bg-primary/20' : 'bg-muted'}`}
                  >
                    {message.content}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
