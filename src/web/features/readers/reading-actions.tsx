import type { Reader } from '@shared/readers';
import { JoinQueueMenu, QueuePlaceLine, useQueuePlace } from '@/features/queue';
import { ReadingButtons } from './reading-buttons';

/** What the viewer can do about a reader's queue: nothing, join it, or watch their place in it. */
export function useQueueChoice(reader: Reader) {
  const { isClient, place } = useQueuePlace();
  if (place?.readerId === reader.id) return { kind: 'in-line', place } as const;
  if (isClient && reader.status === 'busy') return { kind: 'can-join' } as const;
  return { kind: 'none' } as const;
}

/**
 * The card's and the profile's actions: the reading buttons, or for a signed-in client and a busy
 * reader 'Join queue', or their place in the reader's line.
 */
export function ReadingActions({ reader, reasonId }: { reader: Reader; reasonId?: string }) {
  const choice = useQueueChoice(reader);
  if (choice.kind === 'in-line') return <QueuePlaceLine place={choice.place} />;
  if (choice.kind === 'can-join') return <JoinQueueMenu reader={reader} />;
  return <ReadingButtons reader={reader} reasonId={reasonId} />;
}
