import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { clearUserData } from '@/lib/auth';
import { paths } from '@/lib/paths';

/**
 * Signs out, then leaves the page before dropping the profile: the navigation is flushed (not a
 * transition) so a guarded page is gone before it could see the empty profile and send us to /login.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);

  const run = useCallback(async () => {
    setIsSigningOut(true);
    try {
      const { signOut } = await import('@/lib/sign-out');
      await signOut();
      await navigate(paths.home, { flushSync: true });
      clearUserData(queryClient);
      toast.success('Logged out successfully');
    } catch {
      toast.error('Failed to log out');
    } finally {
      setIsSigningOut(false);
    }
  }, [navigate, queryClient]);

  return { signOut: run, isSigningOut };
}
