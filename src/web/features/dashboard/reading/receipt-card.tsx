import { formatCents } from '@shared/money';
import type { MessageRetention, SessionReceipt } from '@shared/sessions';
import { useQuery } from '@tanstack/react-query';
import { Download, Printer } from 'lucide-react';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { sessionReceiptQuery } from '@/features/sessions';
import { plural } from '../stat-card';
import { transcriptUrl } from './reading-api';

/** Who is looking decides the money column: the client what they paid, the reader what they earned. */
export type ReceiptViewer = 'client' | 'reader';

const formatTime = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
const cellClass = 'px-2 py-2 first:pl-0 last:pr-0';
const moneyClass = `${cellClass} text-right tabular-nums`;

function ReceiptTable({ receipt, viewer }: { receipt: SessionReceipt; viewer: ReceiptViewer }) {
  const isReader = viewer === 'reader';
  const earnedCents = receipt.minutes.reduce((sum, line) => sum + line.readerCents, 0);
  return (
    <table className="w-full text-sm" data-testid="receipt-table">
      <caption className="sr-only">
        Each billed minute of this reading
        {isReader ? ', what the client paid and what you earned' : ' and what it cost'}
      </caption>
      <thead className="text-left text-xs text-muted-foreground">
        <tr className="border-b border-border">
          <th scope="col" className={cellClass}>
            Minute
          </th>
          <th scope="col" className={cellClass}>
            Time
          </th>
          <th scope="col" className={`${cellClass} text-right`}>
            {isReader ? 'Charged' : 'Amount'}
          </th>
          {isReader ? (
            <th scope="col" className={`${cellClass} text-right`}>
              You earned
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody className="divide-y divide-border/60">
        {receipt.minutes.map((line) => (
          <tr key={line.minute} data-testid="receipt-minute">
            <th scope="row" className={`${cellClass} text-left font-semibold`}>
              {line.minute}
            </th>
            <td className={`${cellClass} text-muted-foreground`}>
              <time dateTime={line.startedAt}>{formatTime(line.startedAt)}</time>
            </td>
            <td className={moneyClass}>
              {line.free ? <Badge variant="gold">Free</Badge> : formatCents(line.amountCents)}
            </td>
            {isReader ? <td className={moneyClass}>{line.free ? '—' : formatCents(line.readerCents)}</td> : null}
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t-2 border-border font-semibold">
        <tr>
          <th scope="row" colSpan={2} className={`${cellClass} text-left`}>
            Total · {plural(receipt.minutes.length, 'minute')}
          </th>
          <td className={moneyClass} data-testid="receipt-total">
            {formatCents(receipt.totalCents)}
          </td>
          {isReader ? (
            <td className={moneyClass} data-testid="receipt-earned">
              {formatCents(earnedCents)}
            </td>
          ) : null}
        </tr>
        {!isReader && receipt.creditCents > 0 ? (
          <>
            <tr className="font-normal text-muted-foreground">
              <th scope="row" colSpan={2} className={`${cellClass} text-left font-normal`}>
                Paid with promotional credit
              </th>
              <td className={moneyClass} data-testid="receipt-credit">
                {formatCents(receipt.creditCents)}
              </td>
            </tr>
            <tr className="font-normal text-muted-foreground">
              <th scope="row" colSpan={2} className={`${cellClass} text-left font-normal`}>
                Paid from your balance
              </th>
              <td className={moneyClass} data-testid="receipt-cash">
                {formatCents(receipt.totalCents - receipt.creditCents)}
              </td>
            </tr>
          </>
        ) : null}
        {receipt.refundedCents > 0 ? (
          <tr className="text-gold">
            <th scope="row" colSpan={2} className={`${cellClass} text-left`}>
              Refunded
            </th>
            <td className={moneyClass} data-testid="receipt-refunded">
              −{formatCents(receipt.refundedCents)}
            </td>
            {/* A refund gives back each share, the reader's too: the reading earned them nothing. */}
            {isReader ? <td className={moneyClass}>−{formatCents(earnedCents)}</td> : null}
          </tr>
        ) : null}
      </tfoot>
    </table>
  );
}

/** What the retention promises, and whether this reading's messages are already gone. */
function RetentionNote({ retention }: { retention: MessageRetention }) {
  return (
    <p className="text-xs text-muted-foreground" data-testid="retention-note">
      {retention.messagesDeleted
        ? `This reading's messages are gone: messages are deleted after ${retention.retentionDays} days.`
        : `Messages are deleted after ${retention.retentionDays} days; the transcript keeps them on your device.`}
    </p>
  );
}

/**
 * A reading's receipt, one line per billed minute (free ones marked), its total and any refund;
 * printable (the print styles keep only the reading) and with its chat as a text file.
 */
export function ReceiptCard({
  sessionId,
  viewer,
  retention,
}: {
  sessionId: string;
  viewer: ReceiptViewer;
  retention: MessageRetention;
}) {
  const query = useQuery(sessionReceiptQuery(sessionId));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Receipt</CardTitle>
        {/* The number the receipt mail gives (decision 060). */}
        <p className="text-xs break-all text-muted-foreground" data-testid="receipt-number">
          Receipt no. {sessionId}
        </p>
        <CardDescription>
          {query.data
            ? `${formatCents(query.data.ratePerMinuteCents)}/min, each minute charged at its start${viewer === 'reader' ? '; your share is 70% of the reading' : ''}.`
            : 'Each minute is charged at its start.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <ListSkeleton label="Loading receipt" rowClassName="h-8" />
        ) : query.isError ? (
          <LoadFailed query={query} message="Failed to load the receipt." />
        ) : query.data.minutes.length === 0 ? (
          <p className="text-muted-foreground">No minute was billed.</p>
        ) : (
          <ReceiptTable receipt={query.data} viewer={viewer} />
        )}
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="outline" size="sm" onClick={() => window.print()} disabled={!query.data}>
            <Printer aria-hidden="true" />
            Print receipt
          </Button>
          <Button variant="outline" size="sm" asChild>
            <a href={transcriptUrl(sessionId)} download>
              <Download aria-hidden="true" />
              Download transcript
            </a>
          </Button>
        </div>
        <RetentionNote retention={retention} />
      </CardContent>
    </Card>
  );
}
