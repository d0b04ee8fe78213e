import { giftById } from '@shared/live';
import { SERVER_EVENTS, type StreamGiftEvent } from '@shared/realtime';
import { useEffect, useReducer } from 'react';
import { useServerEvent } from '@/lib/server-events';
import { emptyGiftQueue, enqueueGift, GIFT_SHOW_MS, type GiftQueue, nextGift } from './gift-queue';

type QueueAction = { type: 'add'; gift: StreamGiftEvent } | { type: 'next' };

function queueReducer(queue: GiftQueue, action: QueueAction): GiftQueue {
  return action.type === 'add' ? enqueueGift(queue, action.gift) : nextGift(queue);
}

/** The room's gifts over the video, one at a time; people who ask for reduced motion get a still card. */
export function GiftOverlay({ streamId }: { streamId: string }) {
  const [queue, dispatch] = useReducer(queueReducer, emptyGiftQueue);
  const shown = queue.items[0];
  useServerEvent(SERVER_EVENTS.streamGift, (gift) => {
    if (gift.streamId === streamId) dispatch({ type: 'add', gift });
  });
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => dispatch({ type: 'next' }), GIFT_SHOW_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);
  if (!shown) return null;
  const gift = giftById(shown.giftId);
  return (
    <div
      className="pointer-events-none absolute inset-x-0 top-4 flex justify-center px-4"
      aria-live="polite"
      data-testid="gift-animation"
    >
      <div
        key={shown.id}
        className="flex max-w-full items-center gap-3 rounded-full border border-gold/60 bg-black/70 px-4 py-2 text-white shadow-lg shadow-gold/30 backdrop-blur motion-safe:animate-gift-rise"
      >
        <span className="text-3xl" aria-hidden="true">
          {gift?.emoji}
        </span>
        <p className="min-w-0 truncate text-sm font-semibold">
          {shown.fromName} sent a <span className="text-gold">{gift?.name ?? 'gift'}</span>
        </p>
      </div>
    </div>
  );
}
