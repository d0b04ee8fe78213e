// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdButtonClicks } from './held-clicks';

/**
 * Jsdom files share their worker (vitest.config.ts): a hold or a listener left on the window would
 * swallow the clicks of the files after this one. The page goes first, so a release clicks nothing.
 */
const releases: (() => void)[] = [];
let listeners = new AbortController();
afterEach(() => {
  document.body.replaceChildren();
  for (const release of releases.splice(0)) release();
  listeners.abort();
  listeners = new AbortController();
});

function hold() {
  const release = holdButtonClicks();
  releases.push(release);
  return release;
}

function onClick(listener: (event: Event) => void) {
  document.addEventListener('click', listener, { signal: listeners.signal });
}

/** The server's markup: a form with a button, a button with an icon inside, a link, a checkbox. */
function page() {
  document.body.innerHTML = `
    <form action="/search"><button id="submit">Search</button></form>
    <button id="add"><svg id="icon"></svg> Add to Cart</button>
    <a href="#readers" id="link"><span id="inside">Readers</span></a>
    <input type="checkbox" id="online" />`;
  return {
    submit: document.querySelector<HTMLButtonElement>('#submit')!,
    add: document.querySelector<HTMLButtonElement>('#add')!,
    icon: document.querySelector('#icon')!,
    inside: document.querySelector<HTMLElement>('#inside')!,
    online: document.querySelector<HTMLInputElement>('#online')!,
  };
}

describe('holdButtonClicks (clicks between the first move and the app, decision 073)', () => {
  it('holds a click on a button (or inside one) and gives it back once, when released', () => {
    const { add, icon } = page();
    const clicked = vi.fn();
    const release = hold();
    onClick(clicked);

    icon.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    add.click();
    expect(clicked).not.toHaveBeenCalled();

    release();
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(clicked.mock.calls[0]?.[0].target).toBe(add);
    add.click();
    expect(clicked).toHaveBeenCalledTimes(2);
  });

  it('keeps a form from submitting natively before the app handles it', () => {
    const { submit } = page();
    hold();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    submit.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });

  it('leaves links and form fields to the browser', () => {
    const { inside, online } = page();
    hold();
    const onLink = new MouseEvent('click', { bubbles: true, cancelable: true });
    inside.dispatchEvent(onLink);
    online.click();
    expect(onLink.defaultPrevented).toBe(false);
    expect(online.checked).toBe(true);
  });

  it('drops a held click whose button has left the page or been disabled by the time the app listens', () => {
    const { add, submit } = page();
    const clicked = vi.fn();
    const release = hold();
    add.click();
    submit.click();
    onClick(clicked);
    add.remove();
    submit.disabled = true;
    release();
    expect(clicked).not.toHaveBeenCalled();
  });
});
