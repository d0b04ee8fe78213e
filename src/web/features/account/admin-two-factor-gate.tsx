import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { LoadFailed } from '@/components/list-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { usePageMeta } from '@/lib/page-meta';
import { accountStatusQuery } from './api';
import { TwoFactorSetup } from './two-factor-setup';

/**
 * While admins must use two-factor sign-in (REQUIRE_ADMIN_2FA) and this one has not set it up, the
 * admin dashboard waits behind its set-up (the admin endpoints answer 403 TWO_FACTOR_REQUIRED anyway).
 */
export function AdminTwoFactorGate({ children }: { children: ReactNode }) {
  const status = useQuery(accountStatusQuery);
  // Held until the backup codes are saved: two-factor is on (and the status says so) a step earlier.
  const [isSettingUp, setIsSettingUp] = useState(false);
  const needsSetUp = status.data?.twoFactorRequired === true && !status.data.twoFactorEnabled;
  if (needsSetUp && !isSettingUp) setIsSettingUp(true);
  if (isSettingUp) return <SetUpFirst onDone={() => setIsSettingUp(false)} />;
  if (status.isPending) return <PageSpinner label="Loading your dashboard" />;
  if (status.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <LoadFailed query={status} />
      </div>
    );
  }
  return children;
}

function SetUpFirst({ onDone }: { onDone: () => void }) {
  usePageMeta({
    title: 'Set up two-factor sign-in',
    description: 'Admins sign in with a code from an authenticator app.',
  });
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldAlert className="size-5 text-gold" aria-hidden="true" />
            Set up two-factor sign-in
          </CardTitle>
          <CardDescription>
            Admin accounts move money, so they sign in with a password and a code from an authenticator app. Set it up
            to open the admin dashboard.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TwoFactorSetup onDone={onDone} />
        </CardContent>
      </Card>
    </div>
  );
}
