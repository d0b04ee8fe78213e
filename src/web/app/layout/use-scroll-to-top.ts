import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A link or redirect opens the new page at its top (or at its #fragment); back and forward leave
 * the browser to restore where the reader was, as it does for any history entry.
 */
export function useScrollToTopOnNavigation() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (the location's key), not when the type or hash alone change.
  useLayoutEffect(() => {
    if (navigationType === 'POP') return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key]);
}
