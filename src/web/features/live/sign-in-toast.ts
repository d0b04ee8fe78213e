import { useLocation, useNavigate } from 'react-router';
import { loginPath } from '@/lib/paths';
import { toast } from '@/lib/toast';

/** A visitor pressed something that needs an account: say so, with a way to sign in and come back. */
export function useSignInToast() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (message: string) =>
    toast.info(message, {
      action: { label: 'Sign In', onClick: () => void navigate(loginPath(`${pathname}${search}`)) },
    });
}
