import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createReader, type TestUser } from '../../tests/integration/factories';
import { http } from '../../tests/integration/http';
import { INDEX_HTML_TEMPLATE } from '../../tests/integration/index-html-template';
import { testApp } from '../../tests/integration/test-app';
import { appShell } from './app-shell';
import { pageSender } from './rendered-pages';
import { readerProfiles, user } from './db/schema';

// What a crawler or a link checker sees, over real HTTP.
const app = await testApp();
let base: string;
const suffix = Math.random().toString(36).slice(2, 8);
let listed: TestUser;
let suspended: TestUser;
const origin = app.config.publicUrl;
beforeAll(async () => {
  base = await app.listen();
  listed = await createReader(app, { username: `Listed_${suffix}` });
  suspended = await createReader(app, { username: `hidden_${suffix}` });
  await app.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, suspended.id));
});

describe('/robots.txt', () => {
  it('allows the public pages, disallows the signed-in areas and the API, and names the sitemap', async () => {
    const response = await fetch(`${base}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/dashboard', '/reading', '/api']) expect(lines).toContain(`Disallow: ${path}`);
    // A prefix rule: none of them may hide a public page.
    const disallowed = lines
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    for (const page of [
      '/',
      '/readers',
      `/readers/Listed_${suffix}`,
      '/live',
      '/shop',
      '/community',
      '/about',
      '/policies',
      '/help',
    ]) {
      expect(
        disallowed.some((prefix) => page.startsWith(prefix)),
        page,
      ).toBe(false);
    }
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

describe('/sitemap.xml', () => {
  const locs = async () => {
    const response = await fetch(`${base}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
  };

  it('lists the public pages and every listed reader, never a suspended one', async () => {
    const listedLocs = await locs();
    for (const page of ['/', '/readers', '/live', '/shop', '/community', '/about', '/policies', '/help', '/apply'])
      expect(listedLocs).toContain(`${origin}${page}`);
    expect(listedLocs).toContain(`${origin}/readers/Listed_${suffix}`);
    expect(listedLocs.some((loc) => loc?.includes(`hidden_${suffix}`))).toBe(false);
    expect(listedLocs.some((loc) => loc?.includes('/dashboard'))).toBe(false);
  });

  it("dates every reader's profile by its last change, and no other page", async () => {
    await app.db
      .update(readerProfiles)
      .set({ bio: 'Rewritten.', updatedAt: new Date('2026-03-04T23:30:00Z') })
      .where(eq(readerProfiles.userId, listed.id));
    const xml = await (await fetch(`${base}/sitemap.xml`)).text();
    const entries = [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map(
      ([, loc, lastmod]) => ({ loc: loc!, lastmod }),
    );
    expect(entries.find((entry) => entry.loc === `${origin}/readers/Listed_${suffix}`)?.lastmod).toBe('2026-03-04');
    const profiles = entries.filter((entry) => entry.loc.startsWith(`${origin}/readers/`));
    for (const profile of profiles) expect(profile.lastmod, profile.loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(
      entries.filter((entry) => !entry.loc.startsWith(`${origin}/readers/`) && entry.lastmod !== undefined),
    ).toEqual([]);
  });

  it('follows the readers: a new reader appears, a suspended one goes, a restored one comes back', async () => {
    const newcomer = await createReader(app, { username: `new_${suffix}` });
    expect(await locs()).toContain(`${origin}/readers/new_${suffix}`);
    const admin = await createAdmin(app);
    expect((await http(app, admin.cookie).post(`/api/admin/users/${newcomer.id}/suspend`)).status).toBe(200);
    expect(await locs()).not.toContain(`${origin}/readers/new_${suffix}`);
    expect((await http(app, admin.cookie).post(`/api/admin/users/${newcomer.id}/restore`)).status).toBe(200);
    expect(await locs()).toContain(`${origin}/readers/new_${suffix}`);
  });
});

describe("the web app's pages (app-shell.ts)", () => {
  const TEMPLATE = INDEX_HTML_TEMPLATE;
  const site = Fastify();
  let siteBase: string;
  beforeAll(async () => {
    await site.register(appShell, {
      db: app.db,
      publicUrl: 'https://soultribe.example',
      indexHtml: async () => TEMPLATE,
      pages: pageSender(null, site.log),
    });
    siteBase = await site.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => site.close());

  const get = async (path: string) => {
    const response = await fetch(`${siteBase}${path}`);
    const html = await response.text();
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      cache: response.headers.get('cache-control'),
      html,
    };
  };
  const canonicalOf = (html: string) =>
    [...html.matchAll(/<link rel="canonical" href="([^"]*)" \/>/g)].map((m) => m[1]);
  const descriptionsOf = (html: string) =>
    [...html.matchAll(/<meta name="description" content="([^"]*)" \/>/g)].map((m) => m[1]);

  it('gives every public page its own title, one description and a canonical link', async () => {
    const pages = [
      ['/', 'Psychic Readings by the Minute · Soul Tribe'],
      ['/readers', 'Our Gifted Readers · Soul Tribe'],
      ['/live', 'Live Streams · Soul Tribe'],
      ['/shop', 'Spiritual Shop · Soul Tribe'],
      ['/community', 'Community · Soul Tribe'],
      ['/about', 'About Soul Tribe · Soul Tribe'],
      ['/policies', 'Terms of Service · Soul Tribe'],
      ['/help', 'Help Center · Soul Tribe'],
      ['/apply', 'Become a Reader · Soul Tribe'],
    ] as const;
    for (const [path, title] of pages) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.type).toBe('text/html; charset=utf-8');
      // Without a renderer, every page is the shell the browser renders: nothing a cache may share.
      expect(page.cache, path).toMatch(/^(private, )?no-cache$/);
      expect(page.html, path).toContain(`<title>${title}</title>`);
      expect(page.html.match(/<title>/g), path).toHaveLength(1);
      const [description, ...more] = descriptionsOf(page.html);
      expect(more, path).toEqual([]);
      expect(description, path).not.toBe('The site default.');
      expect(description!.length, path).toBeGreaterThan(50);
      expect(canonicalOf(page.html), path).toEqual([`https://soultribe.example${path}`]);
    }
  });

  it("gives a reader's profile its canonical link, and the app's other pages theirs with the site's description", async () => {
    const profile = await get(`/readers/listed_${suffix}`);
    expect(profile.status).toBe(200);
    expect(canonicalOf(profile.html)).toEqual([`https://soultribe.example/readers/Listed_${suffix}`]);
    for (const path of [
      '/login',
      '/signup',
      '/community/some-post',
      '/live/some-stream',
      '/dashboard',
      '/dashboard/wallet',
      '/reading/abc',
      '/terms?from=footer',
    ]) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(canonicalOf(page.html), path).toEqual([`https://soultribe.example${path.split('?')[0]}`]);
      expect(descriptionsOf(page.html), path).toEqual(['The site default.']);
    }
  });

  it('answers a path no page has with status 404 and the app, which shows Lost in the Cosmos', async () => {
    for (const path of [
      '/no-such-page',
      '/the/far/side/of/the/moon',
      '/readers/a/b',
      '/assets/missing-chunk.js',
      '/dashboardx',
    ]) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      expect(page.type, path).toBe('text/html; charset=utf-8');
      expect(page.html, path).toContain('<div id="root"></div>');
      expect(page.html, path).toContain('<meta name="robots" content="noindex" />');
      expect(canonicalOf(page.html), path).toEqual([]);
    }
    // The API's unknown paths stay JSON.
    const api = await fetch(`${siteBase}/api/nope`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
