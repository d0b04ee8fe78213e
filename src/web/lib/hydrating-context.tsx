import { createContext, type ReactNode, startTransition, useCallback, useContext, useEffect, useState } from 'react';
import { HYDRATED_ATTRIBUTE } from '@shared/server-render';

/**
 * Whether the page writes what the server wrote (the render's time, the server's zone): true while
 * the server renders (entry-server.tsx) and while the browser hydrates (HydrationState), false in
 * every later render.
 */
export const HydratingContext = createContext(false);

/** Called once the page itself has hydrated; nothing to do on a page rendered in the browser. */
const PageHydratedContext = createContext<() => void>(() => {});

/**
 * Around a page the browser hydrates. Once the page has hydrated (PageHydrated), it marks the
 * document (every control answers from then on; the browser tests wait for it), and the components
 * that asked (useIsHydrating) render again with the browser's values, in a transition; nothing else
 * renders again. With useSyncExternalStore (a server snapshot of true, a browser one of false) React
 * re-rendered them synchronously: on /readers every reader card's usual hours were recomputed in the
 * viewer's zone in one task of ~310 ms on a 4× slower CPU (decision 063, Lighthouse's total blocking
 * time). Rendering the whole app again as a transition instead re-rendered every component, and
 * blocked as long.
 */
export function HydrationState({ children }: { children: ReactNode }) {
  const [isHydrating, setIsHydrating] = useState(true);
  const pageHydrated = useCallback(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    startTransition(() => setIsHydrating(false));
  }, []);
  return (
    <HydratingContext value={isHydrating}>
      <PageHydratedContext value={pageHydrated}>{children}</PageHydratedContext>
    </HydratingContext>
  );
}

/**
 * Goes last inside the Suspense boundary around the page (RootLayout). React hydrates a boundary's
 * content in a pass of its own after the shell has committed, at its lowest priority; text typed in
 * between was lost (the input hydrated on that keystroke took the typed value as its starting one, so
 * React saw no change and the next render emptied the box). So the page counts as hydrated when this
 * effect runs, after every effect of the page's own components, not when the shell's do.
 */
export function PageHydrated() {
  const pageHydrated = useContext(PageHydratedContext);
  useEffect(pageHydrated, [pageHydrated]);
  return null;
}

/** True while the server renders the page or the browser hydrates it; false in every later render. */
export function useIsHydrating(): boolean {
  return useContext(HydratingContext);
}
