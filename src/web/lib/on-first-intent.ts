/**
 * What a visitor does before acting on a page: a pointer moving or pressed, a touch (a tap or the
 * start of a scroll), a wheel, a key, a focus. A click or a typed character always comes after one
 * of them, so what `start` starts has begun by then; a visit that only reads and never touches the
 * page (or a crawler, or a lab measurement) never starts it.
 */
export const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'keydown', 'focusin'] as const;

/**
 * The browser also sends a pointer move to a cursor resting over the page as it lays out (to set
 * what is hovered; Chromium's headless shell at every load), and the first move in a document
 * reports no movement, real or not. So a pointer counts once it is seen at a second place.
 */
function pointerMoved() {
  let first: string | undefined;
  return (event: Event) => {
    if (event.type !== 'pointermove' || !(event instanceof MouseEvent)) return true;
    const place = `${event.clientX},${event.clientY}`;
    first ??= place;
    return place !== first;
  };
}

/** Calls `start` once, at the first intent event on `target`. */
export function onFirstIntent(
  start: () => void,
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window,
): void {
  const options = { capture: true, passive: true };
  const isIntent = pointerMoved();
  const first = (event: Event) => {
    if (!isIntent(event)) return;
    for (const type of INTENT_EVENTS) target.removeEventListener(type, first, options);
    start();
  };
  for (const type of INTENT_EVENTS) target.addEventListener(type, first, options);
}
