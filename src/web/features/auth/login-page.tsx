import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageMeta } from '@/lib/page-meta';
import { paths, REDIRECT_PARAM } from '@/lib/paths';
import { safeRedirectPath } from '@/lib/redirect';
import { AuthPageShell } from './auth-page-shell';
import { SignInForm } from './sign-in-form';

export function LoginPage() {
  usePageMeta({ title: 'Sign In', description: 'Sign in to Soul Tribe to top up your wallet and start a reading.' });
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get(REDIRECT_PARAM);
  const signupHref = redirect ? `${paths.signup}?${new URLSearchParams({ [REDIRECT_PARAM]: redirect })}` : paths.signup;

  return (
    <AuthPageShell
      title="Welcome Back"
      subtitle="Sign in to continue your journey with Soul Tribe."
      footer={
        <>
          New to Soul Tribe?{' '}
          <Link to={signupHref} className="font-semibold text-pink underline-offset-4 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <SignInForm onSuccess={() => navigate(safeRedirectPath(redirect), { replace: true })} />
    </AuthPageShell>
  );
}
