import type { StreamGiftEvent } from '@shared/realtime';
import { describe, expect, it } from 'vitest';
import { emptyGiftQueue, enqueueGift, GIFT_QUEUE_MAX, nextGift } from './gift-queue';

const gift = (id: string): StreamGiftEvent => ({
  id,
  streamId: 's1',
  giftId: 'rose',
  fromName: 'Luna',
  amountCents: 499,
  at: '2026-11-23T10:00:00Z',
});
const ids = (queue: { items: StreamGiftEvent[] }) => queue.items.map((item) => item.id);

describe('gift animation queue', () => {
  it('shows gifts one at a time in arrival order', () => {
    let queue = enqueueGift(emptyGiftQueue, gift('a'));
    queue = enqueueGift(queue, gift('b'));
    expect(ids(queue)).toEqual(['a', 'b']);
    queue = nextGift(queue);
    expect(ids(queue)).toEqual(['b']);
    expect(ids(nextGift(queue))).toEqual([]);
  });

  it('shows a gift heard twice only once, even after it has gone', () => {
    let queue = enqueueGift(emptyGiftQueue, gift('a'));
    queue = nextGift(queue);
    queue = enqueueGift(queue, gift('a'));
    expect(ids(queue)).toEqual([]);
  });

  it('in a burst keeps the gift on screen and the newest waiting ones', () => {
    let queue = emptyGiftQueue;
    for (let index = 0; index <= GIFT_QUEUE_MAX + 2; index += 1) queue = enqueueGift(queue, gift(`g${index}`));
    expect(queue.items).toHaveLength(GIFT_QUEUE_MAX + 1);
    expect(queue.items[0]?.id).toBe('g0');
    expect(queue.items.at(-1)?.id).toBe(`g${GIFT_QUEUE_MAX + 2}`);
  });
});
