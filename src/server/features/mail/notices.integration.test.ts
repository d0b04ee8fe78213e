import { describe, expect, it } from 'vitest';
import { createAdmin, fundEarnings } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { deliveredTo, latestMail } from '../../../../tests/integration/mailbox';
import { readingTestApp } from '../../../../tests/integration/readings';
import { queueDueNotices } from './notices';

const { app, clock, driver } = await readingTestApp();

describe('notices by mail', () => {
  it("mails the client an itemized receipt when a reading ends, and the reader a new review's notice", async () => {
    const { client, reader, id } = await driver.startReading({ rateCents: 250, balanceCents: 5000 });
    await driver.nextMinute(id);
    await driver.nextMinute(id);
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });

    const receipt = await latestMail(app, client.email, 'reading_receipt');
    expect(receipt.subject).toMatch(/^Your receipt: chat reading with Test /);
    expect(receipt.text).toContain('Minute 1: $2.50');
    expect(receipt.text).toContain('Minute 3: $2.50');
    expect(receipt.text).toContain('Total: $7.50');
    // Decision 060: the receipt's number (the reading's id, as on its page) and when the reading ended.
    expect(receipt.text).toContain(`Receipt no.: ${id}`);
    const ended = (await http(app, client.cookie).get(`/api/sessions/${id}`)).body.endedAt as string;
    expect(receipt.text).toContain(
      `Date: ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(ended))} UTC`,
    );
    expect(receipt.text).toMatch(/Date: November 21, 2026 at 12:0\d PM UTC/);
    expect(receipt.links[0]!.url).toBe(`http://localhost:5000/dashboard/sessions/${id}`);
    // Once only, however often the worker passes.
    expect((await deliveredTo(app, client.email)).filter((m) => m.kind === 'reading_receipt')).toHaveLength(1);

    await http(app, client.cookie).post(`/api/sessions/${id}/rating`, { rating: 5, review: 'Spot on' });
    const review = await latestMail(app, reader.email, 'new_review');
    expect(review.subject).toBe('A new 5-star review');
    expect(review.text).toContain('“Spot on”');
  });

  it('says when a refunded reading gave the money back', async () => {
    const { client, id } = await driver.startReading({ rateCents: 300, balanceCents: 5000 });
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id, refundRequested: true });
    const receipt = await latestMail(app, client.email, 'reading_receipt');
    expect(receipt.text).toContain('Refunded: -$3.00');
    expect(receipt.text).toContain('Total: $0.00');
  });

  it('tells a reader their payout was decided', async () => {
    const { reader } = await driver.startReading({ rateCents: 300, balanceCents: 5000 });
    await fundEarnings(app, reader.id, 3000);
    const requested = await http(app, reader.cookie).post('/api/payouts', {});
    expect(requested.status).toBe(201);
    const admin = await createAdmin(app);
    expect(
      (
        await http(app, admin.cookie).post(`/api/admin/payouts/${requested.body.payout.id}/decision`, {
          decision: 'paid',
        })
      ).status,
    ).toBe(200);
    const mail = await latestMail(app, reader.email, 'payout_decided');
    expect(mail.subject).toBe('Your payout of $30.00 is on its way');
    expect(mail.links[0]!.url).toBe('http://localhost:5000/dashboard/earnings');
  });

  it('queues each notice once when two workers pass at the same time', async () => {
    const { client, id } = await driver.startReading({ rateCents: 300, balanceCents: 5000 });
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    const deps = { db: app.db, clock, publicUrl: app.config.publicUrl };
    await Promise.all([queueDueNotices(deps), queueDueNotices(deps)]);
    expect((await deliveredTo(app, client.email)).filter((m) => m.kind === 'reading_receipt')).toHaveLength(1);
  });
});
