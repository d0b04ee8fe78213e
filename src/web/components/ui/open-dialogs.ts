import { useEffect, useSyncExternalStore } from 'react';

/**
 * How many dialogs are open right now. The toaster reads it: a toast in its usual top-right place
 * can sit over an open dialog's close button, so while one is open toasts appear at the bottom.
 */
let openCount = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function change(by: number) {
  openCount += by;
  for (const listener of listeners) listener();
}

/** Mounted inside a dialog's content, which exists only while the dialog is open. */
export function useCountOpenDialog() {
  useEffect(() => {
    change(1);
    return () => change(-1);
  }, []);
}

export function useAnyDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => openCount > 0,
    () => false,
  );
}
