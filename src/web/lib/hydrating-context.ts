import { createContext, useContext } from 'react';

/**
 * Whether the page writes what the server wrote (the render's time, the server's zone): true while
 * the server renders and while the browser hydrates; main.tsx then renders the app again with false,
 * in a transition. With useSyncExternalStore (a server snapshot of true, a browser one of false)
 * React re-rendered every reader card at once after hydrating, synchronously, each card's usual
 * hours recomputed in the viewer's zone: one task of ~310 ms on /readers on a 4× slower CPU (issue
 * 46, Lighthouse's total blocking time). A transition renders the same in slices that yield.
 */
export const HydratingContext = createContext(false);

/** True while the server renders the page or the browser hydrates it; false in every later render. */
export function useIsHydrating(): boolean {
  return useContext(HydratingContext);
}
