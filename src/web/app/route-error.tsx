import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorMessage } from './error-message';

/**
 * The router's errorElement. Retrying reloads the page because the usual cause is a page's code
 * that failed to download (for example after a new release), which only a fresh load fixes.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorMessage onRetry={() => window.location.reload()} />;
}
