import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';
import { HYDRATED_ATTRIBUTE } from '@shared/server-render';

/**
 * Whether the page writes what the server wrote (the render's time, the server's zone): true while
 * the server renders (entry-server.tsx) and while the browser hydrates (HydrationState), false in
 * every later render.
 */
export const HydratingContext = createContext(false);

/**
 * Around a page the browser hydrates. Once hydrated, it marks the document (every control answers
 * from then on; the browser tests wait for it), and the components that asked (useIsHydrating)
 * render again with the browser's values, in a transition; nothing else renders again. With
 * useSyncExternalStore (a server snapshot of true, a browser one of false) React re-rendered them
 * synchronously: on /readers every reader card's usual hours were recomputed in the viewer's zone
 * in one task of ~310 ms on a 4× slower CPU (decision 063, Lighthouse's total blocking time). Rendering
 * the whole app again as a transition instead re-rendered every component, and blocked as long.
 */
export function HydrationState({ children }: { children: ReactNode }) {
  const [isHydrating, setIsHydrating] = useState(true);
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    startTransition(() => setIsHydrating(false));
  }, []);
  return <HydratingContext value={isHydrating}>{children}</HydratingContext>;
}

/** True while the server renders the page or the browser hydrates it; false in every later render. */
export function useIsHydrating(): boolean {
  return useContext(HydratingContext);
}
