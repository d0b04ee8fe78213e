import type { ReviewKind } from '@shared/reviews';

/** How a review names the kind of reading it was about. */
export const SESSION_TYPE_NAMES = {
  chat: 'Chat reading',
  audio: 'Audio reading',
  video: 'Video reading',
  written: 'Written reading',
} satisfies Record<ReviewKind, string>;
