import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` while `isTicking`; it holds still otherwise. */
export function useNow(isTicking: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [isTicking, intervalMs]);
  return now;
}
