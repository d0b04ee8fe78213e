import { appScriptPath, expect, test } from './fixtures';

// The built app's files go compressed at build time, with caching that never serves a stale page.
test('serves the built scripts pre-compressed, cached for good, and the page itself never stale', async ({
  request,
}) => {
  const home = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(home.status()).toBe(200);
  // A visitor's rendered page (decision 063): the browser always revalidates it, a CDN keeps it 30 s.
  expect(home.headers()['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=30');
  expect(home.headers()['content-encoding']).toBe('br');
  expect((await request.get('/login')).headers()['cache-control']).toBe('no-cache');
  const html = await home.text();
  const script = await appScriptPath(request, html);

  const sizes: Record<string, number> = {};
  for (const encoding of ['br', 'gzip', 'identity']) {
    const response = await request.get(script, { headers: { 'accept-encoding': encoding } });
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    expect(headers.vary).toMatch(/accept-encoding/i);
    sizes[encoding] = Number(headers['content-length']);
    // Whatever travelled, the script is the same.
    expect((await response.text()).length).toBeGreaterThan(100_000);
  }
  expect(sizes.br).toBeLessThan(sizes.gzip!);
  expect(sizes.gzip).toBeLessThan(sizes.identity! / 2);
});

test('answers the crawler files, the pages with 200 and a path no page has with 404', async ({ request }) => {
  expect((await request.get('/robots.txt')).status()).toBe(200);
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/readers/');
  for (const path of ['/', '/readers', '/about', '/login', '/dashboard'])
    expect((await request.get(path)).status(), path).toBe(200);
  for (const path of ['/no-such-page', '/assets/no-such-chunk.js'])
    expect((await request.get(path)).status(), path).toBe(404);
});
