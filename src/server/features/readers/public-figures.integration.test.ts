import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicFigures } from '@shared/public-figures';
import type { ReaderList } from '@shared/readers';
import { createReader } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { readingTestApp } from '../../../../tests/integration/readings';
import { user } from '../../db/schema';

const { app, driver } = await readingTestApp();

const figures = async () => {
  const response = await http(app).get<PublicFigures>('/api/public-figures');
  expect(response.status).toBe(200);
  return response.body;
};

/** What the directory shows: its total, and the sessions on every card added up. */
async function directory() {
  const page = (await http(app).get<ReaderList>('/api/readers?pageSize=100')).body;
  expect(page.total).toBeLessThanOrEqual(100);
  return { readers: page.total, sessionsOnCards: page.readers.reduce((sum, reader) => sum + reader.totalSessions, 0) };
}

// Decision 060: the home page claimed '10,000+ readings given'; its figures and the About page's come from here.
describe('GET /api/public-figures', () => {
  it("counts a completed reading once, as the reader's card does, and the readers the directory lists", async () => {
    const before = await figures();
    const { id, client, reader } = await driver.startReading({ rateCents: 100, balanceCents: 1000 });
    await createReader(app);
    // An open reading is not given yet.
    expect((await figures()).readingsGiven).toBe(before.readingsGiven);
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).body).toMatchObject({
      status: 'completed',
    });

    const after = await figures();
    expect(after).toEqual({ readingsGiven: before.readingsGiven + 1, readers: before.readers + 2 });
    await expect.poll(directory).toEqual({ readers: after.readers, sessionsOnCards: after.readingsGiven });
    expect((await http(app).get(`/api/readers/${reader.id}`)).body.totalSessions).toBe(1);

    // A suspended reader leaves the directory; the readings they gave were still given.
    await app.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, reader.id));
    expect(await figures()).toEqual({ readingsGiven: after.readingsGiven, readers: after.readers - 1 });
  });
});
