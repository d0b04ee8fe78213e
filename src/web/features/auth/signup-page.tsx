import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepReferralCode } from '@/features/wallet';
import { usePageMeta } from '@/lib/page-meta';
import { paths, REDIRECT_PARAM } from '@/lib/paths';
import { AuthPageShell } from './auth-page-shell';
import { SignUpForm } from './sign-up-form';

export function SignupPage() {
  usePageMeta({
    title: 'Create Your Account',
    description: 'Create a free Soul Tribe account and pay only for the minutes of each reading.',
  });
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get(REDIRECT_PARAM);
  // A friend's invitation (decision 066): kept until the new account, signed in, claims it.
  const referral = searchParams.get('ref');
  useEffect(() => {
    if (referral) keepReferralCode(referral);
  }, [referral]);
  const loginHref = redirect ? `${paths.login}?${new URLSearchParams({ [REDIRECT_PARAM]: redirect })}` : paths.login;

  return (
    <AuthPageShell
      title="Join Our Soul Tribe"
      subtitle="Create your free account. You only pay for the minutes you use."
      footer={
        <>
          Already have an account?{' '}
          <Link to={loginHref} className="font-semibold text-pink underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthPageShell>
  );
}
