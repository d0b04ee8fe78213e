import { expect } from 'vitest';
import { GIFTS } from '@shared/constants';
import type { TestUser } from './factories';
import { http } from './http';
import { closeReaderPage, insertStream, openReaderPage } from './live-stream-rows';
import type { FakeClock, ReadingDriver } from './readings';
import type { TestApp } from './test-app';

/** The prices `buyFromEverySource` pays, for the figures a test checks. */
export const PURCHASES = {
  rateCents: 399,
  gift: GIFTS[2]!,
  admissionCents: 500,
  writtenCents: 1499,
  // 15 minutes at 399: 5985, half of it (rounded down) the late-cancellation fee.
  appointmentMinutes: 15,
  appointmentFeeCents: Math.floor((15 * 399) / 2),
};

/**
 * A client buys from a reader (chat at $3.99) by every way but the shop: a reading of two minutes
 * and a refunded one, a priced stream's admission and a gift in it, an answered written question,
 * and a booking cancelled 2 hours ahead (its late-cancellation fee). Each step's answer is checked.
 */
export async function buyFromEverySource(
  app: TestApp,
  driver: ReadingDriver,
  clock: FakeClock,
  client: TestUser,
  reader: TestUser,
  minuteMs: number,
) {
  const { id } = await driver.startReading({ rateCents: PURCHASES.rateCents, balanceCents: 0, client, reader });
  await driver.nextMinute(id);
  clock.advance(minuteMs / 2);
  expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);
  const refunded = await driver.startReading({ rateCents: PURCHASES.rateCents, balanceCents: 0, client, reader });
  expect(
    (await http(app, client.cookie).post('/api/sessions/end', { sessionId: refunded.id, refundRequested: true }))
      .status,
  ).toBe(200);

  const page = await openReaderPage(app, reader);
  const stream = await insertStream(app, reader.id, { priceCents: PURCHASES.admissionCents });
  expect((await http(app, client.cookie).post(`/api/live/streams/${stream}/join`)).status).toBe(200);
  expect(
    (
      await http(app, client.cookie).post(
        `/api/live/streams/${stream}/gifts`,
        { giftId: PURCHASES.gift.id },
        { 'idempotency-key': `gift-${client.id}` },
      )
    ).status,
  ).toBe(201);
  await closeReaderPage(app, reader, page);

  expect(
    (await http(app, reader.cookie).patch('/api/readers/me', { writtenReadingPriceCents: PURCHASES.writtenCents }))
      .status,
  ).toBe(200);
  const asked = await http(app, client.cookie).post('/api/written-readings', {
    readerId: reader.id,
    question: 'Will the new job bring me closer to home?',
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  expect(
    (
      await http(app, reader.cookie).post(`/api/written-readings/${asked.body.id}/answer`, {
        answer: 'Yes: the cards show a road that bends back toward the people you love.',
      })
    ).status,
  ).toBe(200);

  const allDay = Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
  expect(
    (await http(app, reader.cookie).put('/api/readers/me/availability', { timeZone: 'UTC', slots: allDay })).status,
  ).toBe(200);
  const quarter = 15 * minuteMs;
  const startsAt = new Date(Math.ceil((clock.now() + 8 * quarter) / quarter) * quarter).toISOString();
  const booked = await http(app, client.cookie).post('/api/appointments', {
    readerId: reader.id,
    sessionType: 'chat',
    startsAt,
    minutes: PURCHASES.appointmentMinutes,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  expect((await http(app, reader.cookie).post(`/api/appointments/${booked.body.id}/accept`)).status).toBe(200);
  expect((await http(app, client.cookie).post(`/api/appointments/${booked.body.id}/cancel`)).body.feeCents).toBe(
    PURCHASES.appointmentFeeCents,
  );
}
