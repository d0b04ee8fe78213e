import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type PageRenderer, RENDERED_PAGE_TTL_MS } from '@shared/server-render';
import { pageSender, withRenderedPage } from './rendered-pages';

const TEMPLATE =
  '<html><head></head><body><noscript>Soul Tribe needs JavaScript to run.</noscript><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const SESSION_COOKIE = 'better-auth.session_token=abc.def';

/** A server whose one page is rendered by `renderer`, on a clock the test moves. */
async function site(renderer: PageRenderer | null) {
  const clock = { now: 1_000_000 };
  const app = Fastify();
  const logged: unknown[] = [];
  const pages = pageSender(renderer, { ...app.log, error: (entry: unknown) => logged.push(entry) }, () => clock.now);
  app.get('/readers', (request, reply) => pages.send(request, reply, TEMPLATE));
  await app.ready();
  return { app, clock, logged, pages };
}

function countingRenderer() {
  const calls: string[] = [];
  const renderer: PageRenderer = async (url) => {
    calls.push(url);
    return {
      html: `<h1>Readers of ${url} (${calls.length})</h1>`,
      state: { queries: [{ note: '</script><script>alert(1)</script>' }] },
      renderedAt: 1_700_000_000_000,
    };
  };
  return { renderer, calls };
}

describe('public pages rendered for visitors (rendered-pages.ts)', () => {
  it('puts the page inside #root and its data beside it, where no text can close the script', () => {
    const html = withRenderedPage(TEMPLATE, {
      html: '<h1>Hi</h1>',
      state: { note: '</script><!--' },
      renderedAt: 1_700_000_000_000,
    });
    // With the time it was rendered at: 'now' while the browser hydrates it (web/lib/page-now.ts).
    expect(html).toContain(
      '<div id="root"><h1>Hi</h1></div><script type="application/json" id="rendered-state" data-rendered-at="1700000000000">',
    );
    // It reads without JavaScript: no notice says otherwise.
    expect(html).not.toContain('<noscript>');
    const data = /id="rendered-state"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data!)).toEqual({ note: '</script><!--' });
  });

  it('serves a visitor the rendered page, cacheable by a CDN, and 304 for its ETag', async () => {
    const { renderer } = countingRenderer();
    const { app } = await site(renderer);
    const first = await app.inject({ url: '/readers' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<div id="root"><h1>Readers of /readers (1)</h1></div>');
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=30');
    expect(first.headers.vary).toBe('Cookie, Accept-Encoding');
    const again = await app.inject({ url: '/readers', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends the kept page compressed as the browser accepts it, the same page either way', async () => {
    const { app } = await site(countingRenderer().renderer);
    const plain = (await app.inject({ url: '/readers' })).body;
    const br = await app.inject({ url: '/readers', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await app.inject({ url: '/readers', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it('renders a URL once for every visit within the TTL, and again after it', async () => {
    const { renderer, calls } = countingRenderer();
    const { app, clock } = await site(renderer);
    await Promise.all([
      app.inject({ url: '/readers' }),
      app.inject({ url: '/readers' }),
      app.inject({ url: '/readers?specialty=Tarot' }),
    ]);
    expect(calls).toEqual(['/readers', '/readers?specialty=Tarot']);
    clock.now += RENDERED_PAGE_TTL_MS - 1;
    await app.inject({ url: '/readers' });
    expect(calls).toHaveLength(2);
    clock.now += 1;
    expect((await app.inject({ url: '/readers' })).body).toContain('(3)');
  });

  it('renders again after a write on this node, within the TTL', async () => {
    const { renderer, calls } = countingRenderer();
    const { app, pages } = await site(renderer);
    await app.inject({ url: '/readers' });
    await app.inject({ url: '/readers' });
    pages.forget();
    expect((await app.inject({ url: '/readers' })).body).toContain('(2)');
    expect(calls).toHaveLength(2);
  });

  it('gives a signed-in person the shell, private, never the visitor’s page, whatever ETag they send', async () => {
    const { renderer, calls } = countingRenderer();
    const { app } = await site(renderer);
    const visitor = await app.inject({ url: '/readers' });
    const signedIn = await app.inject({
      url: '/readers',
      headers: { cookie: SESSION_COOKIE, 'if-none-match': String(visitor.headers.etag) },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(TEMPLATE);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.headers.etag).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('falls back to the shell when rendering fails, logs it, and tries again on the next visit', async () => {
    let fail = true;
    const { app, logged } = await site(async () => {
      if (fail) throw new Error('a component broke');
      return { html: '<p>fine</p>', state: {}, renderedAt: 1_700_000_000_000 };
    });
    const broken = await app.inject({ url: '/readers' });
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toBe(TEMPLATE);
    expect(broken.headers['cache-control']).toBe('private, no-cache');
    expect(logged).toHaveLength(1);
    fail = false;
    expect((await app.inject({ url: '/readers' })).body).toContain('<p>fine</p>');
  });

  it('serves the shell where no renderer is built (the API-only and test servers)', async () => {
    const { app } = await site(null);
    expect((await app.inject({ url: '/readers' })).body).toBe(TEMPLATE);
  });
});
