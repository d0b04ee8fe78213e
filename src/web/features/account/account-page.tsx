import { Link } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useProfile } from '@/lib/auth';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { AccountSection } from './account-section';

/** /account: the Security section on a page of its own, for the admin (whose dashboard tabs hold no profile). */
export function AccountPage() {
  usePageMeta({
    title: 'Account',
    description: 'Two-factor sign-in, where you are signed in, your data and your account.',
  });
  const { data: profile, isPending } = useProfile();
  if (isPending) return <PageSpinner label="Loading your account" />;
  if (!profile) return null;
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="font-script text-5xl text-pink sm:text-6xl">Account</h1>
        <p className="mt-2 text-muted-foreground">
          {profile.fullName} · {profile.email} ·{' '}
          <Link to={paths.dashboard} className="font-semibold text-pink underline-offset-4 hover:underline">
            Back to the dashboard
          </Link>
        </p>
      </div>
      <AccountSection />
    </div>
  );
}
