import type { AccountSession } from '@shared/account';
import { useQuery } from '@tanstack/react-query';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { formatRelativeDate } from '@/lib/relative-date';
import { toast } from '@/lib/toast';
import { accountSessionsQuery, useSignOutEverywhere, useSignOutSession } from './api';
import { deviceLabel } from './device-label';

/** Where the person is signed in, with 'Sign out' per device and 'Sign out everywhere'. */
export function SessionsCard() {
  const sessions = useQuery(accountSessionsQuery);
  const signOutEverywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you are signed in</CardTitle>
        <CardDescription>
          Sign out a device you no longer use, or everywhere if you think someone else has your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <ListSkeleton label="Loading your sign-ins" rowClassName="h-12" />
        ) : sessions.isError ? (
          <LoadFailed query={sessions} message="Failed to load where you are signed in." />
        ) : sessions.data.sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No other sign-ins.</p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Signed-in devices">
            {sessions.data.sessions.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={signOutEverywhere.isPending}
          onClick={() =>
            signOutEverywhere.mutate(undefined, {
              onSuccess: () => {
                toast.success('Signed out everywhere');
                void navigate(paths.home, { replace: true });
              },
              onError: (error) => toast.error(error.message),
            })
          }
        >
          <LogOut aria-hidden="true" />
          {signOutEverywhere.isPending ? 'Signing out…' : 'Sign out everywhere'}
        </Button>
      </CardContent>
    </Card>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const signOut = useSignOutSession();
  const label = deviceLabel(session.userAgent);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="signed-in-session">
      <div className="flex min-w-0 items-start gap-3">
        <MonitorSmartphone className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {label}
            {session.isCurrent ? <Badge variant="pink">This device</Badge> : null}
          </p>
          <p className="text-sm text-muted-foreground">
            {session.ipAddress ? `${session.ipAddress} · ` : ''}Active{' '}
            {formatRelativeDate(session.lastActiveAt).toLowerCase()}
          </p>
        </div>
      </div>
      {session.isCurrent ? null : (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Sign out ${label}`}
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate(session.id, {
              onSuccess: () => toast.success(`Signed out ${label}`),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
