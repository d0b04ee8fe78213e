import { CirclePause } from 'lucide-react';

/**
 * The server paused the reading because a side is away: the meter is stopped, chat and media wait.
 * It says who is away and what it costs (nothing), for each side.
 */
export function PausedBanner({
  otherName,
  isOtherAway,
  isClient,
}: {
  otherName: string;
  isOtherAway: boolean;
  isClient: boolean;
}) {
  const who = isOtherAway ? `${otherName} has stepped away.` : 'Reconnecting…';
  const what = isClient
    ? 'The reading is paused and you are not being charged. It continues when you are both back.'
    : 'The reading is paused: no minutes are charged, and your camera and microphone are off until you are both back.';
  return (
    <div
      role="status"
      data-testid="reading-paused"
      className="flex items-start gap-3 rounded-2xl border border-gold/50 bg-gold/10 px-4 py-3 text-sm text-foreground"
    >
      <CirclePause className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
      <p>
        <span className="font-semibold">Reading paused.</span> {who} {what}
      </p>
    </div>
  );
}
