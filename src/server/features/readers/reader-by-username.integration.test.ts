import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerSchema } from '@shared/readers';
import { createReader, type TestUser } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { INDEX_HTML_TEMPLATE } from '../../../../tests/integration/index-html-template';
import { testApp } from '../../../../tests/integration/test-app';
import { readerProfiles, user } from '../../db/schema';
import { readerProfilePage } from '../../reader-profile-page';
import { pageSender } from '../../rendered-pages';

// Decision 015: a profile is found by its username, in any case, and shared links preview it.
let reader: TestUser;
let username: string;
const suffix = Math.random().toString(36).slice(2, 8);
const app = await testApp();
beforeAll(async () => {
  username = `Star_Gazer_${suffix}`;
  reader = await createReader(app, {
    username,
    firstName: 'Eve',
    lastName: `"Quote" <b>${suffix}</b>`,
    specialties: ['Tarot', 'Runes & Ogham'],
    bio: `</title><script>alert("bio")</script> Reads the 'old ways' & costs $1 $& less.`,
    profileImage: 'https://images.example.com/eve.jpg?size=2&crop="x"',
    chatRateCents: 399,
    audioRateCents: 450,
    videoRateCents: 1000,
  });
  // Five reviews averaging 4.6.
  await app.db
    .update(readerProfiles)
    .set({ ratingSum: 23, ratingCount: 5 })
    .where(eq(readerProfiles.userId, reader.id));
  const suspended = await createReader(app, { username: `gone_${suffix}` });
  await app.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, suspended.id));
});

describe('GET /api/readers/by-username/:username', () => {
  it('finds the listed reader whatever the case of the username', async () => {
    for (const asked of [username, username.toLowerCase(), username.toUpperCase()]) {
      const response = await http(app).get(`/api/readers/by-username/${asked}`);
      expect(response.status, asked).toBe(200);
      const found = readerSchema.parse(response.body);
      expect(found).toMatchObject({ id: reader.id, username, status: 'offline', isBusy: false });
      expect(found.email).toBeUndefined();
    }
  });

  it('answers 404 for an unknown username and for a suspended reader', async () => {
    for (const asked of ['nobody-here', `gone_${suffix}`]) {
      const response = await http(app).get(`/api/readers/by-username/${asked}`);
      expect(response.status, asked).toBe(404);
      expect(response.body.error).toEqual({ code: 'NOT_FOUND', message: 'Reader not found' });
    }
  });
});

describe('GET /readers/:username (link previews)', () => {
  const TEMPLATE = INDEX_HTML_TEMPLATE;
  let page: ReturnType<typeof Fastify>;
  beforeAll(async () => {
    page = Fastify();
    await page.register(readerProfilePage, {
      db: app.db,
      publicUrl: 'https://soultribe.example',
      indexHtml: async () => TEMPLATE,
      pages: pageSender(null, page.log),
    });
  });
  afterAll(() => page.close());

  const head = (html: string) => html.slice(0, html.indexOf('</head>'));

  it("writes the profile's title, description and Open Graph tags, escaped, in place of the defaults", async () => {
    const response = await page.inject({ method: 'GET', url: `/readers/${username.toLowerCase()}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    const name = `Eve &quot;Quote&quot; &lt;b&gt;${suffix}&lt;/b&gt;`;
    const title = `${name} · Tarot, Runes &amp; Ogham · Soul Tribe`;
    const description =
      '&lt;/title&gt;&lt;script&gt;alert(&quot;bio&quot;)&lt;/script&gt; Reads the &#39;old ways&#39; &amp; costs $1 $&amp; less.';
    expect(head(html)).toContain(`<title>${title}</title>`);
    expect(head(html)).toContain(`<meta name="description" content="${description}" />`);
    expect(head(html)).toContain(`<meta property="og:title" content="${title}" />`);
    expect(head(html)).toContain(`<meta property="og:description" content="${description}" />`);
    expect(head(html)).toContain('<meta property="og:type" content="profile" />');
    expect(head(html)).toContain(`<meta property="og:url" content="https://soultribe.example/readers/${username}" />`);
    expect(head(html)).toContain(
      '<meta property="og:image" content="https://images.example.com/eve.jpg?size=2&amp;crop=&quot;x&quot;" />',
    );
    expect(head(html)).toContain('<meta name="twitter:card" content="summary" />');

    // One title and one description, none of the defaults, and nothing the bio or name could open.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('The site default.');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<body><div id="root"></div></body>');
  });

  it('gives an unknown or suspended username the plain app with a 404, and no reader tags', async () => {
    for (const asked of ['nobody-here', `gone_${suffix}`]) {
      const response = await page.inject({ method: 'GET', url: `/readers/${asked}` });
      expect(response.statusCode, asked).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe(TEMPLATE);
    }
  });

  /** The page's JSON-LD blocks, read back as a search engine would. */
  const jsonLdOf = (html: string) =>
    [...head(html).matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) =>
      JSON.parse(match[1]!),
    );

  it('describes the reader as schema.org data: a Person with their rates by the minute and their rating, the bio unable to close the block', async () => {
    const html = (await page.inject({ method: 'GET', url: `/readers/${username}` })).body;
    const [data, ...more] = jsonLdOf(html);
    expect(more).toEqual([]);
    const url = `https://soultribe.example/readers/${username}`;
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'ProfilePage', url });
    expect(data.mainEntity).toMatchObject({
      '@type': 'Person',
      name: `Eve "Quote" <b>${suffix}</b>`,
      url,
      image: 'https://images.example.com/eve.jpg?size=2&crop="x"',
      description: `</title><script>alert("bio")</script> Reads the 'old ways' & costs $1 $& less.`,
      knowsAbout: ['Tarot', 'Runes & Ogham'],
    });
    expect(data.mainEntity.makesOffer).toEqual(
      [
        ['Chat reading', 3.99],
        ['Audio reading', 4.5],
        ['Video reading', 10],
      ].map(([name, price]) => ({
        '@type': 'Offer',
        name,
        itemOffered: {
          '@type': 'Service',
          name,
          provider: { '@id': `${url}#person` },
          aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 5 },
        },
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price,
          priceCurrency: 'USD',
          unitCode: 'MIN',
          unitText: 'MINUTE',
        },
      })),
    );
  });

  it('offers a chat-only reader by chat alone, and claims no rating before the first review', async () => {
    const chatOnly = await createReader(app);
    await app.db.update(readerProfiles).set({ repliesAutomated: true }).where(eq(readerProfiles.userId, chatOnly.id));
    const { username: chatOnlyName } = (await http(app).get(`/api/readers/${chatOnly.id}`)).body;
    const [data] = jsonLdOf((await page.inject({ method: 'GET', url: `/readers/${chatOnlyName}` })).body);
    expect(data.mainEntity.makesOffer.map((offer: { name: string }) => offer.name)).toEqual(['Chat reading']);
    expect(JSON.stringify(data)).not.toContain('aggregateRating');
  });

  it('leaves the og:image out for a reader without a photo', async () => {
    const plain = await createReader(app);
    const { username: plainName } = (await http(app).get(`/api/readers/${plain.id}`)).body;
    const response = await page.inject({ method: 'GET', url: `/readers/${plainName}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('og:image');
    expect(response.body).toContain('<meta property="og:type" content="profile" />');
  });
});
