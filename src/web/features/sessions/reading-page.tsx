import { sessionTypeSchema } from '@shared/sessions';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useProfile } from '@/lib/auth';
import { paths, sessionRequestPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { rtcConfigQuery, sessionQuery } from './api';
import { ReadingRoom } from './reading-room';

function Notice({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">{children}</div>;
}

/**
 * /reading/:id. Links of the prototype's favorites carry a reader id and `?type=`; those go on to
 * the request page for that reader, so an old bookmark still starts a reading.
 */
export function ReadingPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const type = sessionTypeSchema.safeParse(searchParams.get('type'));
  if (type.success) return <Navigate to={sessionRequestPath(id, type.data)} replace />;
  return <ReadingLoader key={id} sessionId={id} />;
}

function ReadingLoader({ sessionId }: { sessionId: string }) {
  const navigate = useNavigate();
  const { data: me } = useProfile();
  // Read afresh on arrival: a copy cached by the request page (still 'pending', the acceptance heard
  // on the socket before this page was there) would leave the room shut and the page waiting for good.
  const session = useQuery({ ...sessionQuery(sessionId), refetchOnMount: 'always' });
  const rtcConfig = useQuery(rtcConfigQuery);
  const isStranger = Boolean(me && session.data && me.id !== session.data.clientId && me.id !== session.data.readerId);
  const status = session.error instanceof ApiError ? session.error.status : null;

  // SPEC.md §8: 'Access denied' and a failed load go back to the dashboard; a missing session says so here.
  useEffect(() => {
    if (status === 404) {
      toast.error('Session not found');
    } else if (status === 403 || isStranger) {
      toast.error('Access denied');
      navigate(paths.dashboard, { replace: true });
    } else if (session.isError) {
      toast.error('Failed to load session');
      navigate(paths.dashboard, { replace: true });
    }
  }, [status, isStranger, session.isError, navigate]);

  if (status === 404) {
    return (
      <Notice>
        <title>Session not found · Soul Tribe</title>
        <h1 className="font-script text-5xl text-pink">Session not found</h1>
        <p className="text-muted-foreground">This reading does not exist or its link is incomplete.</p>
        <Button asChild>
          <Link to={paths.dashboard}>Return to Dashboard</Link>
        </Button>
      </Notice>
    );
  }
  if (!session.data || !session.isFetchedAfterMount || !me || isStranger) {
    return (
      <Notice>
        <Spinner className="size-10" label="Loading session" />
        <p className="text-muted-foreground">Loading session...</p>
      </Notice>
    );
  }
  return <ReadingRoom initialSession={session.data} me={me} rtcConfig={rtcConfig.data} />;
}
