import { READER_LEFT_REFUND_MINUTES, type StreamEndReason } from '@shared/live';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { loginPath, paths } from '@/lib/paths';

/** A message filling the video area in place of the video. */
export function StageNotice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div
      className="flex size-full flex-col items-center justify-center gap-3 bg-gradient-to-br from-primary/25 via-black to-violet-900/40 p-6 text-center text-white"
      role="status"
    >
      <p className="text-lg font-semibold">{title}</p>
      {children}
    </div>
  );
}

/**
 * What stands in for the video once the stream is over. A stream whose reader left (no page for a
 * billing minute) ended by itself: viewers are told why and that a recent admission came back
 * (docs/decisions/034), and the reader why their stream is over.
 */
export function StreamEndedNotice({ reason, isReader }: { reason: StreamEndReason | null; isReader: boolean }) {
  const hasReaderLeft = reason === 'reader_left';
  return (
    <StageNotice title="This stream has ended">
      {hasReaderLeft ? (
        <p className="text-sm text-white/80">
          {isReader
            ? 'You were away for a minute, so your stream ended by itself.'
            : `The reader has left. If you paid to join in the last ${READER_LEFT_REFUND_MINUTES} minutes, the price is back in your wallet.`}
        </p>
      ) : null}
      <p className="text-sm text-white/80">Thank you for watching. Other readers may be live now.</p>
      <Button asChild variant="outline">
        <Link to={paths.live}>Browse live streams</Link>
      </Button>
    </StageNotice>
  );
}

export function SignInToWatch() {
  const { pathname } = useLocation();
  return (
    <StageNotice title="Sign in to watch">
      <p className="text-sm text-white/80">Create a free account or sign in to watch, chat and send gifts.</p>
      <Button asChild>
        <Link to={loginPath(pathname)}>Sign In</Link>
      </Button>
    </StageNotice>
  );
}

/** /live/:id of a stream that does not exist. */
export function StreamNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="font-script text-5xl text-pink">Stream not found</h1>
      <p className="text-muted-foreground">This live stream does not exist or its link is incomplete.</p>
      <Button asChild>
        <Link to={paths.dashboard}>Return to Dashboard</Link>
      </Button>
    </div>
  );
}
