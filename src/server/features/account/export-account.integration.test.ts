import { describe, expect, it } from 'vitest';
import { accountExportSchema } from '@shared/account';
import { http } from '../../../../tests/integration/http';
import { readingTestApp } from '../../../../tests/integration/readings';

const { app, driver } = await readingTestApp();

describe('export', () => {
  it("downloads the person's profile, readings, retained messages, transactions and reviews as JSON", async () => {
    const { client, reader, id } = await driver.startReading({ rateCents: 300, balanceCents: 5000 });
    expect(
      (await http(app, client.cookie).post('/api/sessions/message', { sessionId: id, content: 'Will I find my way?' }))
        .status,
    ).toBe(201);
    expect(
      (await http(app, reader.cookie).post('/api/sessions/message', { sessionId: id, content: 'The cards say yes.' }))
        .status,
    ).toBe(201);
    expect(
      (
        await http(app, client.cookie).post('/api/sessions/message', {
          sessionId: id,
          content: 'Write me at sol@example.com',
        })
      ).body.masked,
    ).toBe(true);
    await driver.nextMinute(id);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    expect(
      (await http(app, client.cookie).post(`/api/sessions/${id}/rating`, { rating: 5, review: 'Wonderful' })).status,
    ).toBe(200);

    const response = await http(app, client.cookie).get('/api/account/export');
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="soul-tribe-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = accountExportSchema.parse(response.body);
    expect(data.profile).toMatchObject({ id: client.id, email: client.email, role: 'client', reader: null });
    expect(data.readings).toEqual([
      expect.objectContaining({
        id,
        as: 'client',
        type: 'chat',
        status: 'completed',
        minutesCharged: 2,
        totalCostCents: 600,
      }),
    ]);
    expect(data.messages).toEqual([
      expect.objectContaining({ sessionId: id, isMine: true, content: 'Will I find my way?' }),
      expect.objectContaining({ sessionId: id, isMine: false, content: 'The cards say yes.' }),
      expect.objectContaining({ sessionId: id, isMine: true, content: 'Write me at [contact details removed]' }),
    ]);
    // What they wrote before it was masked is theirs, and in their export only.
    expect(data.maskedOriginals).toEqual([
      {
        context: 'chat',
        subjectId: expect.any(String),
        original: 'Write me at sol@example.com',
        at: expect.any(String),
      },
    ]);
    // The deposit in, then each minute out in its two parts (the reader's 70%, the platform's 30%).
    expect(data.transactions.map((t) => [t.account, t.direction, t.amountCents])).toEqual([
      ['wallet', 'in', 5000],
      ['wallet', 'out', 210],
      ['wallet', 'out', 90],
      ['wallet', 'out', 210],
      ['wallet', 'out', 90],
    ]);
    expect(data.reviews).toEqual({
      given: [expect.objectContaining({ sessionId: id, rating: 5, review: 'Wonderful' })],
      received: [],
    });
    expect(JSON.stringify(data)).not.toMatch(/password|secret|token/i);

    const readerExport = accountExportSchema.parse((await http(app, reader.cookie).get('/api/account/export')).body);
    expect(readerExport.profile.reader).toMatchObject({ userId: reader.id });
    expect(readerExport.readings[0]).toMatchObject({ as: 'reader', readerEarningsCents: 420 });
    expect(readerExport.reviews.received).toEqual([expect.objectContaining({ rating: 5 })]);
    expect(readerExport.maskedOriginals).toEqual([]);
    expect(readerExport.transactions.every((t) => t.account === 'escrow' || t.account === 'earnings')).toBe(true);
  });

  it('needs a sign-in', async () => {
    expect((await http(app).get('/api/account/export')).status).toBe(401);
  });
});
