import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { useAnyDialogOpen } from '@/components/ui/open-dialogs';
import { ThemeProvider, useTheme } from './theme';

/** SPEC.md §9 'Toast defaults': top-right (bottom-right while a dialog is open), 4000 ms, at most 3 visible. */
export const TOAST_DURATION_MS = 4000;
export const VISIBLE_TOASTS = 3;
/**
 * Toasts open just below the 64 px header: at the very top they covered its Sign In button and,
 * because a hovered toast never times out, could keep it unclickable.
 */
const TOAST_OFFSET = { top: 72, right: 16, bottom: 16 };
const TOAST_MOBILE_OFFSET = { top: 72, right: 12, left: 12, bottom: 12 };

function ThemedToaster() {
  const { theme } = useTheme();
  // An open dialog's close button sits at its top right, where a toast would cover it.
  const dialogOpen = useAnyDialogOpen();
  return <Toaster
      position={dialogOpen ? 'bottom-right' : 'top-right'}
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
