import type { StreamGiftEvent } from '@shared/realtime';

/** How long one gift's animation stays over the video. */
export const GIFT_SHOW_MS = 3500;
/** Gifts waiting their turn beyond this are dropped: a burst must not keep the video covered for minutes. */
export const GIFT_QUEUE_MAX = 5;

/**
 * Gifts shown over the video one at a time, in arrival order. The head is on screen; `next`
 * moves on when its time is up. Each gift shows once, even when it is heard twice.
 */
export interface GiftQueue {
  items: StreamGiftEvent[];
  seenIds: string[];
}

export const emptyGiftQueue: GiftQueue = { items: [], seenIds: [] };

export function enqueueGift(queue: GiftQueue, gift: StreamGiftEvent): GiftQueue {
  if (queue.seenIds.includes(gift.id)) return queue;
  const seenIds = [...queue.seenIds, gift.id].slice(-100);
  // The gift on screen stays; the oldest waiting one gives way to the newest.
  const waiting = [...queue.items.slice(1), gift];
  const keptWaiting = waiting.length > GIFT_QUEUE_MAX ? waiting.slice(waiting.length - GIFT_QUEUE_MAX) : waiting;
  const items = queue.items.length === 0 ? [gift] : [queue.items[0]!, ...keptWaiting];
  return { items, seenIds };
}

/** The gift on screen has had its time: show the next one. */
export function nextGift(queue: GiftQueue): GiftQueue {
  return { ...queue, items: queue.items.slice(1) };
}
