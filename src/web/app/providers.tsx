import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ThemeProvider, useTheme } from './theme';

/** SPEC.md §9 'Toast defaults': top-right, 4000 ms, at most 3 visible. */
export const TOAST_DURATION_MS = 4000;
export const VISIBLE_TOASTS = 3;
/**
 * Toasts open just below the 64 px header: at the very top they covered its Sign In button and,
 * because a hovered toast never times out, could keep it unclickable.
 */
const TOAST_OFFSET = { top: 72, right: 16 };
const TOAST_MOBILE_OFFSET = { top: 72, right: 12, left: 12 };

function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster
      position="top-right"
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_MOBILE_OFFSET}
      duration={TOAST_DURATION_MS}
      visibleToasts={VISIBLE_TOASTS}
      theme={theme}
      richColors
      closeButton
    />;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
