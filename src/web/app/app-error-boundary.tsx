import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorMessage } from './error-message';

/** The last line of defence around the providers and router, so a crash never leaves a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError(): { hasError: boolean } {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.hasError) return <ErrorMessage onRetry={() => window.location.reload()} />;
    return this.props.children;
  }
}
