import type { SessionType } from '@shared/constants';
import type { Reader } from '@shared/readers';
import { MessageCircle, Phone, Video } from 'lucide-react';

/**
 * The three kinds of reading as a card and a profile offer them: the rate's label, the button's
 * label and icon, and chat first as the main action.
 */
export const READING_KINDS = [
  { type: 'chat', rateLabel: 'Chat', label: 'Start Chat Reading', icon: MessageCircle, variant: 'default' },
  { type: 'audio', rateLabel: 'Audio', label: 'Audio', icon: Phone, variant: 'outline' },
  { type: 'video', rateLabel: 'Video', label: 'Video', icon: Video, variant: 'outline' },
] as const satisfies readonly {
  type: SessionType;
  rateLabel: string;
  label: string;
  icon: unknown;
  variant: 'default' | 'outline';
}[];

export function rateOfKind(
  reader: Pick<Reader, 'chatRateCents' | 'audioRateCents' | 'videoRateCents'>,
  type: SessionType,
): number {
  return { chat: reader.chatRateCents, audio: reader.audioRateCents, video: reader.videoRateCents }[type];
}

/** The kinds the reader offers (`Reader.sessionTypes`), in READING_KINDS' order: the only ones a page shows. */
export function offeredReadingKinds(reader: Pick<Reader, 'sessionTypes'>) {
  return READING_KINDS.filter(({ type }) => reader.sessionTypes.includes(type));
}
