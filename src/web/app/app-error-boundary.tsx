import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageHydrated } from '@/lib/hydrating-context';
import { ErrorMessage } from './error-message';

interface Props {
  children: ReactNode;
  /** Around a page: the page's URL path. Navigating elsewhere clears the error and shows the new page. */
  resetKey?: string;
}

interface State {
  hasError: boolean;
  /** The resetKey the error happened under. */
  failedAt: string | undefined;
}

/**
 * What shows instead of a crashed tree, so a crash never leaves a blank page: around the providers
 * and router (the last line of defence), and around each page inside the layout, so a page that
 * fails keeps the header and footer around its message. Retrying reloads the page because the
 * usual cause is a page's code that failed to download (for example after a new release), which
 * only a fresh load fixes.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false, failedAt: undefined };

  static getDerivedStateFromError(): Partial<State> {
    return { hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (!state.hasError) return null;
    if (state.failedAt === undefined) return { failedAt: props.resetKey };
    return state.failedAt === props.resetKey ? null : { hasError: false, failedAt: undefined };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.hasError)
      return (
        <>
          <ErrorMessage onRetry={() => window.location.reload()} />
          {/* A rendered page that failed as it hydrated is its message now, and that answers. */}
          <PageHydrated />
        </>
      );
    return this.props.children;
  }
}
