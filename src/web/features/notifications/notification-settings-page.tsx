import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorMessage } from '@/app/error-message';
import { PageSpinner } from '@/components/ui/spinner';
import { useProfile } from '@/lib/auth';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { DeviceCard } from './device-card';
import { preferencesQuery } from './preferences-api';
import { PreferencesForm } from './preferences-form';

/** /settings/notifications (decision 049): push on this device, installing the app, and every choice about notices. */
export function NotificationSettingsPage() {
  usePageMeta({
    title: 'Notifications',
    description: 'Choose which notices reach you in the app, by email and as push notifications.',
  });
  const { data: profile } = useProfile();
  const preferences = useQuery(preferencesQuery);
  if (preferences.isPending || !profile) return <PageSpinner label="Loading your notification settings" />;
  if (preferences.isError) return <ErrorMessage onRetry={() => void preferences.refetch()} />;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="font-script text-5xl text-pink sm:text-6xl">Notifications</h1>
        <p className="mt-2 text-muted-foreground">
          What reaches you, and where.{' '}
          <Link to={paths.dashboard} className="font-semibold text-pink underline-offset-4 hover:underline">
            Back to the dashboard
          </Link>
        </p>
      </div>
      <DeviceCard publicKey={preferences.data.pushPublicKey} />
      <PreferencesForm saved={preferences.data} role={profile.role} />
    </div>
  );
}
