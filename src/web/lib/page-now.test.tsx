// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, startTransition } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { HydratingContext } from './hydrating-context';
import { renderedAt, renderingAt, usePageNow } from './page-now';

const RENDERED_AT = Date.UTC(2026, 0, 2, 3, 4, 5);

function Age() {
  return <p>{usePageNow().toISOString()}</p>;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("a rendered page's now (page-now.ts)", () => {
  it('is the render time while the server renders, and the clock again after', () => {
    const page = (
      <HydratingContext value>
        <Age />
      </HydratingContext>
    );
    expect(renderingAt(RENDERED_AT, () => renderToString(page))).toBe(`<p>${new Date(RENDERED_AT).toISOString()}</p>`);
    expect(renderedAt()).not.toBe(RENDERED_AT);
  });

  it('hydrates with the time written beside the rendered state, then writes the browser’s', async () => {
    const page = (isHydrating: boolean) => (
      <HydratingContext value={isHydrating}>
        <Age />
      </HydratingContext>
    );
    document.body.innerHTML = `<div id="root">${renderingAt(RENDERED_AT, () => renderToString(page(true)))}</div><script type="application/json" id="rendered-state" data-rendered-at="${RENDERED_AT}">{}</script>`;
    const container = document.getElementById('root') as HTMLElement;
    const errors: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, page(true), { onRecoverableError: (error) => errors.push(error) }));
    expect(container.textContent).toBe(new Date(RENDERED_AT).toISOString());
    // main.tsx renders the hydrated app again with the browser's values, as a transition.
    await act(async () => startTransition(() => root.render(page(false))));
    expect(errors).toEqual([]);
    expect(container.textContent).not.toBe(new Date(RENDERED_AT).toISOString());
  });

  it('is the browser’s clock on a page rendered in the browser', () => {
    const before = Date.now();
    const { result } = renderHook(() => usePageNow());
    expect(result.current.getTime()).toBeGreaterThanOrEqual(before);
  });
});
