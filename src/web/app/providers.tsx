import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useAnyDialogOpen } from '@/components/ui/open-dialogs';
import { isToasterWanted, loadSonner, markToasterReady, subscribeToasterWanted } from '@/lib/toast';
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

/** sonner downloads with the first toast (lib/toast.ts). */
const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** Rendered after the Toaster, so its effect runs once the Toaster has subscribed to sonner's state. */
function ToasterReady() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void loadSonner().then((module) => {
      if (!cancelled) stop = markToasterReady(module.toast);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
  return null;
}

function ThemedToaster() {
  const { theme } = useTheme();
  // An open dialog's close button sits at its top right, where a toast would cover it.
  const dialogOpen = useAnyDialogOpen();
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position={dialogOpen ? 'bottom-right' : 'top-right'}
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_MOBILE_OFFSET}
        duration={TOAST_DURATION_MS}
        visibleToasts={VISIBLE_TOASTS}
        theme={theme}
        richColors
        closeButton
      />
      <ToasterReady />
    </Suspense>
  );
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
