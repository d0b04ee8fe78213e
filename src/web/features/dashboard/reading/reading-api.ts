import { sessionReceiptSchema } from '@shared/sessions';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';
import { viewerTimeZone } from '@/lib/usual-availability';

const readingUrl = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}`;

/** A reading's receipt: each billed minute as the ledger charged it. A past reading's minutes no longer change. */
export const sessionReceiptQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['sessions', 'receipt', sessionId],
    queryFn: ({ signal }) => apiRequestParsed(`${readingUrl(sessionId)}/receipt`, sessionReceiptSchema, { signal }),
  });

/** The chat as a text file, its times on the viewer's own clock; the server sends it as a download. */
export function transcriptUrl(sessionId: string): string {
  return `${readingUrl(sessionId)}/transcript?${new URLSearchParams({ timeZone: viewerTimeZone() })}`;
}
