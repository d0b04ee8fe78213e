import { sessionsApi } from '@shared/api/sessions';
import { endpointUrl } from '@/lib/api-client';
import { viewerTimeZone } from '@/lib/usual-availability';

/** The chat as a text file, its times on the viewer's own clock; the server sends it as a download. */
export function transcriptUrl(sessionId: string): string {
  return endpointUrl(sessionsApi.transcript, { params: { id: sessionId }, query: { timeZone: viewerTimeZone() } });
}
