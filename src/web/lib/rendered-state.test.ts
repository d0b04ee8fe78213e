import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { RENDERED_PAGE_TTL_MS, RENDERED_STATE_ID } from '@shared/server-render';
import { hydrateRenderedState } from './rendered-state';

const NOW = 1_800_000_000_000;

/** A page as the server sends it: the readers' data, dated when it was rendered. */
function renderedPage(renderedAt: number) {
  const server = new QueryClient();
  server.setQueryData(['readers'], { readers: ['Aurora'] }, { updatedAt: renderedAt });
  const text = JSON.stringify(dehydrate(server));
  return {
    getElementById: (id: string) => (id === RENDERED_STATE_ID ? { textContent: text } : null),
  } as unknown as Document;
}

describe('the data a rendered page arrives with (rendered-state.ts)', () => {
  it('starts the query cache with it, fresh while the server could have kept the page', () => {
    const client = new QueryClient();
    expect(hydrateRenderedState(client, renderedPage(NOW - RENDERED_PAGE_TTL_MS), NOW)).toBe(true);
    expect(client.getQueryData(['readers'])).toEqual({ readers: ['Aurora'] });
    expect(client.getQueryState(['readers'])?.isInvalidated).toBe(false);
  });

  it('marks it to be fetched again when a shared cache kept the page longer (a reader may have come online)', () => {
    const client = new QueryClient();
    hydrateRenderedState(client, renderedPage(NOW - 2 * RENDERED_PAGE_TTL_MS - 1), NOW);
    expect(client.getQueryData(['readers'])).toEqual({ readers: ['Aurora'] });
    expect(client.getQueryState(['readers'])?.isInvalidated).toBe(true);
  });

  it('does nothing on a page the browser renders itself', () => {
    const client = new QueryClient();
    expect(hydrateRenderedState(client, { getElementById: () => null }, NOW)).toBe(false);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
