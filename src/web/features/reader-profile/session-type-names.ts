import type { SessionType } from '@shared/constants';

/** How a review names the kind of reading it was about. */
export const SESSION_TYPE_NAMES = { chat: 'Chat reading', audio: 'Audio reading', video: 'Video reading' } satisfies Record<SessionType, string>;
