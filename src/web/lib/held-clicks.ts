/**
 * Holds the clicks on a page's buttons until the app listens, then gives each button its click
 * again (decision 073). Between a visitor's first move and React's first hydration pass a click on
 * the server's markup would do nothing (or submit a form natively); once `hydrateRoot` has been
 * called, React hydrates what a click lands on at once and handles it. A button clicked twice in
 * that time is clicked once: nothing had answered the first. Links and form fields are left to the
 * browser: a link works without the app, and what was typed or ticked is read when the page hydrates.
 * Returns the release, which stops holding and clicks the held buttons still on the page and enabled.
 */
export function holdButtonClicks(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window) {
  const held = new Set<HTMLButtonElement>();
  const hold = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.add(button);
  };
  target.addEventListener('click', hold, { capture: true });
  return () => {
    target.removeEventListener('click', hold, { capture: true });
    for (const button of held) if (button.isConnected && !button.disabled) button.click();
  };
}
