import { viewerTimeZone } from '@/lib/usual-availability';

const readingUrl = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}`;

/** The chat as a text file, its times on the viewer's own clock; the server sends it as a download. */
export function transcriptUrl(sessionId: string): string {
  return `${readingUrl(sessionId)}/transcript?${new URLSearchParams({ timeZone: viewerTimeZone() })}`;
}
