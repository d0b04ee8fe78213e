import { type Ref, type RefCallback, useCallback, useLayoutEffect, useRef } from 'react';
import { useIsHydrating } from './hydrating-context';

interface Controlled {
  value?: unknown;
  checked?: boolean;
}

/**
 * Hands a rendered page's input to its onChange when the person typed in it (ticked it, chose in it) before
 * React hydrated it. React takes what it finds in the box as the input's starting value and never
 * reports it: on /readers the box showed the text while the list stayed unfiltered (about half the
 * visits that typed within the 1-2.6 s before the page answered). Inputs the browser rendered are
 * left alone. Returns the input's ref, which also sets the caller's `callerRef`.
 */
export function useChangedBeforeHydration<T extends HTMLInputElement | HTMLSelectElement>(
  controlled: Controlled,
  callerRef?: Ref<T>,
): RefCallback<T> {
  const own = useRef<T | null>(null);
  const isHydrating = useIsHydrating();
  const wasRenderedOnServer = useRef(isHydrating);
  const latest = useRef(controlled);
  latest.current = controlled;
  useLayoutEffect(() => {
    const input = own.current;
    if (!wasRenderedOnServer.current || !input) return;
    // What the person left in it now: a render before the replay puts React's value back in the box.
    const left = { value: input.value, checked: input instanceof HTMLInputElement && input.checked };
    // After the event that may be hydrating it now has been handled.
    queueMicrotask(() => replayChange(input, left, latest.current));
  }, []);
  return useCallback(
    (node: T | null) => {
      own.current = node;
      if (typeof callerRef === 'function') callerRef(node);
      else if (callerRef) callerRef.current = node;
    },
    [callerRef],
  );
}

function replayChange(
  input: HTMLInputElement | HTMLSelectElement,
  left: { value: string; checked: boolean },
  { value, checked }: Controlled,
) {
  if (input instanceof HTMLSelectElement) {
    if (value === undefined || left.value === String(value)) return;
    // React hears a select on its `change`, whatever it last set.
    input.value = left.value;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (checked !== undefined) {
    if (left.checked === checked) return;
    // React hears a checkbox on its click: the state React knows back, then the person's click.
    input.checked = checked;
    input.click();
    return;
  }
  if (value === undefined || left.value === String(value)) return;
  // React notes what it set through the element's own setter, so the typed text set through the
  // prototype's reads as a change, as a keystroke would.
  input.value = String(value);
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, left.value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
