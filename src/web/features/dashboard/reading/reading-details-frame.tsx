import type { ChatMessage, ReadingSession } from '@shared/sessions';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { paths } from '@/lib/paths';
import { sessionDetailsQuery } from '../client/history-api';
import { MessagesCard } from './messages-card';
import { ReceiptCard, type ReceiptViewer } from './receipt-card';

/**
 * A past reading's page as either side sees it: the way back, loading and failure, that side's
 * summary, the receipt and, for a chat, what was said.
 */
export function ReadingDetailsFrame({
  sessionId,
  viewer,
  backLabel,
  summary,
  senderName,
}: {
  sessionId: string;
  viewer: ReceiptViewer;
  backLabel: string;
  summary: (session: ReadingSession) => ReactNode;
  senderName?: (message: ChatMessage, session: ReadingSession) => string;
}) {
  const query = useQuery(sessionDetailsQuery(sessionId));
  return (
    <div className="grid gap-6">
      <Button asChild variant="ghost" className="justify-self-start print:hidden">
        <Link to={paths.dashboardSessions}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Link>
      </Button>
      {query.isPending ? (
        <ListSkeleton label="Loading reading details" rowClassName="h-40" />
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <p className="py-8 text-center text-muted-foreground">We could not find this reading.</p>
        ) : (
          <LoadFailed query={query} />
        )
      ) : (
        <>
          {summary(query.data.session)}
          <div className="grid gap-6 lg:grid-cols-2">
            <ReceiptCard sessionId={sessionId} viewer={viewer} retention={query.data.messageRetention} />
            {query.data.session.sessionType === 'chat' ? (
              <MessagesCard
                messages={query.data.messages}
                myUserId={viewer === 'reader' ? query.data.session.readerId : query.data.session.clientId}
                retention={query.data.messageRetention}
                senderName={senderName && ((message) => senderName(message, query.data.session))}
              />
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
