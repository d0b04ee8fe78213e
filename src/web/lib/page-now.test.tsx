// @vitest-environment jsdom

import { HYDRATED_ATTRIBUTE } from '@shared/server-render';
import { act, renderHook, waitFor } from '@testing-library/react';
import { type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '@/app/app-error-boundary';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useChangedBeforeHydration } from './changed-before-hydration';
import { HydratingContext, HydrationState, PageHydrated } from './hydrating-context';
import { renderedAt, renderingAt, usePageNow } from './page-now';

const RENDERED_AT = Date.UTC(2026, 0, 2, 3, 4, 5);

function Age() {
  return <p>{usePageNow().toISOString()}</p>;
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
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

  it('hydrates with the time written beside the rendered state, marks the page hydrated, then writes the browser’s', async () => {
    const server = (
      <HydratingContext value>
        <Age />
      </HydratingContext>
    );
    document.body.innerHTML = `<div id="root">${renderingAt(RENDERED_AT, () => renderToString(server))}</div><script type="application/json" id="rendered-state" data-rendered-at="${RENDERED_AT}">{}</script>`;
    const container = document.getElementById('root') as HTMLElement;
    const errors: unknown[] = [];
    await act(async () => {
      startTransition(() => {
        hydrateRoot(
          container,
          <HydrationState>
            <Age />
            <PageHydrated />
          </HydrationState>,
          { onRecoverableError: (error) => errors.push(error) },
        );
      });
    });
    expect(errors).toEqual([]);
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
    expect(container.textContent).not.toBe(new Date(RENDERED_AT).toISOString());
  });

  it('is the browser’s clock on a page rendered in the browser', () => {
    const before = Date.now();
    const { result } = renderHook(() => usePageNow());
    expect(result.current.getTime()).toBeGreaterThanOrEqual(before);
  });
});

/** The page as the server writes it, then hydrated in a transition as start-app.tsx does; `inBrowser` runs between. */
async function hydrateServerPage(page: ReactNode, inBrowser: () => void = () => undefined) {
  document.body.innerHTML = `<div id="root">${renderToString(<HydratingContext value>{page}</HydratingContext>)}</div>`;
  inBrowser();
  const container = document.getElementById('root') as HTMLElement;
  await act(async () => {
    startTransition(() => {
      hydrateRoot(container, <HydrationState>{page}</HydrationState>, {
        onCaughtError: () => undefined,
        onRecoverableError: () => undefined,
      });
    });
  });
  return container;
}

describe('a rendered page marked hydrated (hydrating-context.tsx)', () => {
  it('is marked only once the page inside its Suspense boundary has hydrated, so typing is never lost', async () => {
    const markedWhenTheBoxHydrated: boolean[] = [];
    function SearchBox() {
      const [text, setText] = useState('');
      useEffect(() => {
        markedWhenTheBoxHydrated.push(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE));
      }, []);
      return <input aria-label="Search" value={text} onChange={(event) => setText(event.target.value)} />;
    }
    // As RootLayout lays it out: the page in a Suspense boundary, which React hydrates after the shell.
    const page = (
      <main>
        <Suspense fallback={null}>
          <SearchBox />
          <PageHydrated />
        </Suspense>
      </main>
    );
    await hydrateServerPage(page);
    expect(markedWhenTheBoxHydrated).toEqual([false]);
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
  });

  it('is marked too when the page fails as it hydrates: its message is the page then', async () => {
    function Broken() {
      if (typeof window !== 'undefined' && document.documentElement.dataset.breakPage === 'yes')
        throw new Error('the page failed in the browser');
      return <p>Rendered on the server</p>;
    }
    const page = (
      <AppErrorBoundary resetKey="/">
        <Suspense fallback={null}>
          <Broken />
          <PageHydrated />
        </Suspense>
      </AppErrorBoundary>
    );
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const container = await hydrateServerPage(page, () => {
      document.documentElement.dataset.breakPage = 'yes';
    });
    delete document.documentElement.dataset.breakPage;
    expect(reported).toHaveBeenCalledWith(new Error('the page failed in the browser'), expect.any(String));
    reported.mockRestore();
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('The stars are misaligned');
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
  });
});

describe('an input changed before the page hydrated (changed-before-hydration.ts)', () => {
  it('hands the text typed, the box ticked and the option chosen while the scripts loaded to the page once it hydrates', async () => {
    function Filters() {
      const [text, setText] = useState('');
      const [sort, setSort] = useState('rating');
      const [isOnlineOnly, setIsOnlineOnly] = useState(false);
      const onlineOnly = useChangedBeforeHydration<HTMLInputElement>({ checked: isOnlineOnly });
      return (
        <>
          <Input aria-label="Search" value={text} onChange={(event) => setText(event.target.value)} />
          <input
            ref={onlineOnly}
            type="checkbox"
            aria-label="Online Only"
            checked={isOnlineOnly}
            onChange={(event) => setIsOnlineOnly(event.target.checked)}
          />
          <NativeSelect aria-label="Sort by" value={sort} onChange={(event) => setSort(event.target.value)}>
            <option value="rating">Highest Rated</option>
            <option value="price-asc">Price: Low to High</option>
          </NativeSelect>
          <output>{`${text}|${isOnlineOnly}|${sort}`}</output>
        </>
      );
    }
    const page = (
      <Suspense fallback={null}>
        <Filters />
        <PageHydrated />
      </Suspense>
    );
    const container = await hydrateServerPage(page, () => {
      // The person types and ticks on the server's HTML, before the scripts have run.
      const [search, box] = [...document.querySelectorAll('input')];
      if (search) search.value = 'tarot';
      if (box) box.checked = true;
      const select = document.querySelector('select');
      if (select) select.value = 'price-asc';
    });
    await waitFor(() => expect(container.querySelector('output')?.textContent).toBe('tarot|true|price-asc'));
    expect(container.querySelector('input')?.value).toBe('tarot');
  });
});
