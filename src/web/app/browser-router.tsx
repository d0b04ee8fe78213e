import { type ReactNode, startTransition, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  type Location,
  type NavigationType,
  type Navigator,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
} from 'react-router';

interface RouterState {
  action: NavigationType;
  location: Location;
}

/**
 * React Router's <BrowserRouter> (declarative routing, decision 044), keeping the one thing of the
 * data router the app used: `navigate(to, { flushSync: true })` and `setSearchParams(…, { flushSync:
 * true })` commit the new URL at once (a pressed filter never snaps back for a frame); every other
 * navigation is a transition, so the old page stays until the new one can show.
 */
export function AppBrowserRouter({ children }: { children: ReactNode }) {
  const [{ history, navigator, flushNext }] = useState(() => {
    const browserHistory = createBrowserHistory({ v5Compat: true });
    const flags = { flush: false };
    const withFlag =
      (go: typeof browserHistory.push): Navigator['push'] =>
      (to, state, options) => {
        flags.flush = options?.flushSync === true;
        go(to, state);
      };
    const appNavigator: Navigator = {
      createHref: browserHistory.createHref,
      createURL: browserHistory.createURL,
      encodeLocation: browserHistory.encodeLocation,
      go: browserHistory.go,
      push: withFlag(browserHistory.push),
      replace: withFlag(browserHistory.replace),
    };
    return { history: browserHistory, navigator: appNavigator, flushNext: flags };
  });
  const [state, setState] = useState<RouterState>({ action: history.action, location: history.location });

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const flush = flushNext.flush;
        flushNext.flush = false;
        if (flush) flushSync(() => setState({ action, location }));
        else startTransition(() => setState({ action, location }));
      }),
    [history, flushNext],
  );

  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}
