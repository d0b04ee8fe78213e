import type { SessionType } from '@shared/constants';

export const SESSION_TYPE_LABELS: Record<SessionType, string> = { chat: 'Chat', audio: 'Audio', video: 'Video' };

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** 'a chat reading', 'an audio reading', 'a video reading': a type in a sentence. */
export const aReadingOfType = (type: SessionType) =>
  `${type === 'audio' ? 'an' : 'a'} ${SESSION_TYPE_LABELS[type].toLowerCase()} reading`;
