import { useEffect, useState } from 'react';
import { useIsHydrating } from './hydrating-context';
import { renderedAt } from './page-now';

/**
 * The current time, refreshed every `intervalMs` while `isTicking`; it holds still otherwise. A page
 * the server rendered starts from the time it was rendered at, then the browser's (page-now.ts).
 */
export function useNow(isTicking: boolean, intervalMs = 1000): number {
  const isHydrating = useIsHydrating();
  const [now, setNow] = useState(() => (isHydrating ? renderedAt() : Date.now()));
  useEffect(() => {
    setNow(Date.now());
    if (!isTicking) return;
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [isTicking, intervalMs]);
  return now;
}
