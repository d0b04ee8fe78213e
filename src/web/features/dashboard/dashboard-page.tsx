import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { lazy } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { AdminTwoFactorGate, VerifyEmailBanner } from '@/features/account';
import { NotificationSettingsPage } from '@/features/notifications';
import { clearUserData, useProfile } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { signOut } from '@/lib/sign-out';

// Each role downloads only its own dashboard.
const ClientDashboard = lazy(() =>
  import('./client-dashboard').then((module) => ({ default: module.ClientDashboard })),
);
const ReaderDashboard = lazy(() =>
  import('./reader-dashboard').then((module) => ({ default: module.ReaderDashboard })),
);
const AdminDashboard = lazy(() => import('./admin-dashboard').then((module) => ({ default: module.AdminDashboard })));
/**
 * Every role's notification settings (decision 049): a page of the dashboard, so the app's entry carries no route for
 * it (decision 007).
 */

function DashboardNotice({ message, onSignIn }: { message: string; onSignIn: () => void }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="text-lg">{message}</p>
      <Button onClick={onSignIn}>Sign In</Button>
    </div>
  );
}

export function DashboardPage() {
  const { data: profile, isPending } = useProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  if (isPending) return <PageSpinner label="Loading your dashboard" />;
  if (!profile)
    return <DashboardNotice message="Please sign in to access your dashboard" onSignIn={() => navigate(paths.login)} />;
  if (pathname === paths.notificationSettings) return <NotificationSettingsPage />;

  const banner = (
    <div className="mx-auto max-w-7xl px-4 pt-6 empty:hidden sm:px-6">
      <VerifyEmailBanner email={profile.email} isReader={profile.role === 'reader'} />
    </div>
  );
  switch (profile.role) {
    case 'client':
      return (
        <>
          {banner}
          <ClientDashboard profile={profile} />
        </>
      );
    case 'reader':
      return (
        <>
          {banner}
          <ReaderDashboard profile={profile} />
        </>
      );
    case 'admin':
      return (
        <AdminTwoFactorGate>
          {banner}
          <div className="mx-auto flex max-w-7xl justify-end px-4 pt-6 sm:px-6 print:hidden">
            <Link
              to={paths.account}
              className="inline-flex items-center gap-2 text-sm font-semibold text-pink underline-offset-4 hover:underline"
            >
              <ShieldCheck className="size-4" aria-hidden="true" />
              Account and security
            </Link>
          </div>
          <AdminDashboard profile={profile} />
        </AdminTwoFactorGate>
      );
    default:
      // Signing in again is only useful with another account, so the current session is ended first.
      return (
        <DashboardNotice
          message="Invalid user role"
          onSignIn={async () => {
            await signOut().catch(() => undefined);
            clearUserData(queryClient);
            await navigate(paths.login, { replace: true });
          }}
        />
      );
  }
}
