// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { onFirstIntent } from './on-first-intent';

const pointerMove = (x: number, y: number) => new MouseEvent('pointermove', { clientX: x, clientY: y, bubbles: true });

describe('onFirstIntent (the app started at a visitor’s first move, decision 073)', () => {
  it('starts once, at the first key, press, touch, wheel or focus', () => {
    for (const event of [
      new KeyboardEvent('keydown', { key: 'Shift' }),
      new MouseEvent('pointerdown'),
      new Event('touchstart'),
      new WheelEvent('wheel'),
      new FocusEvent('focusin'),
    ]) {
      const target = new EventTarget();
      const start = vi.fn();
      onFirstIntent(start, target);
      target.dispatchEvent(event);
      target.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      expect(start, event.type).toHaveBeenCalledTimes(1);
    }
  });

  it('takes a pointer resting where the page laid out for no move, and starts once it is seen elsewhere', () => {
    const target = new EventTarget();
    const start = vi.fn();
    onFirstIntent(start, target);
    target.dispatchEvent(pointerMove(40, 300));
    target.dispatchEvent(pointerMove(40, 300));
    expect(start).not.toHaveBeenCalled();
    target.dispatchEvent(pointerMove(41, 300));
    target.dispatchEvent(pointerMove(60, 310));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does nothing for what a visitor does not do (a load, a resize, a scroll the page made itself)', () => {
    const target = new EventTarget();
    const start = vi.fn();
    onFirstIntent(start, target);
    for (const type of ['load', 'resize', 'scroll', 'visibilitychange']) target.dispatchEvent(new Event(type));
    expect(start).not.toHaveBeenCalled();
  });
});
