import { describe, expect, it, afterEach } from 'vitest';
import { createAdmin, createClient, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { stripeTestApp } from '../../../../tests/integration/stripe-app';
import { eq } from 'drizzle-orm';
import { referrals } from '../../db/schema';
import { checkLedger, getUsableCredit } from '../wallet';
import { mailboxOf, rewardReferrals } from './referrals';

// Decision 066: a client's link brings a new client; when the new client's first card deposit has
// stood 14 days, not refunded and not disputed, both get the referral credit.
const DAY = 24 * 60 * 60 * 1000;
const clock = fakeClock();
const stripe = await stripeTestApp({ clock });
const { app, standIn } = stripe;
const admin = await createAdmin(app);
const reward = { cents: 500, days: 30 };
const pass = () => rewardReferrals({ db: app.db, clock, referralCredit: reward });

afterEach(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

const summary = async (user: TestUser) => (await http(app, user.cookie).get('/api/referrals/me')).body;
const claim = (user: TestUser, code: string) => http(app, user.cookie).post('/api/referrals/claim', { code });
const credit = async (user: TestUser) => (await getUsableCredit(app.db, user.id, new Date(clock.now()))).creditCents;

/** A referrer and a new client who came by their link. */
async function referral() {
  const referrer = await createClient(app, { name: 'Ada Lovelace' });
  const { code } = await summary(referrer);
  const referred = await createClient(app);
  const claimed = await claim(referred, code.toLowerCase());
  expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
  expect(claimed.body).toEqual({ referrerName: 'Ada Lovelace' });
  return { referrer, referred, code };
}

describe('referral links', () => {
  it('gives each client one code and the sign-up path that carries it', async () => {
    const client = await createClient(app);
    const first = await summary(client);
    expect(first).toEqual({
      code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
      path: `/signup?ref=${first.code}`,
      creditCents: 500,
      referred: 0,
      rewarded: 0,
    });
    expect((await summary(client)).code).toBe(first.code);
  });

  it('is claimed once, by a new account before any deposit, never by its owner or an alias of their mailbox', async () => {
    const { referrer, referred, code } = await referral();
    expect((await claim(referred, code)).body.error.message).toBe('You already came by a referral link');
    expect((await claim(referrer, code)).body.error.message).toBe('You cannot use your own referral link');
    const [local, domain] = referrer.email.split('@');
    const alias = await createClient(app, { email: `${local}+second@${domain}` });
    expect((await claim(alias, code)).body.error.message).toBe('You cannot use your own referral link');
    const depositor = await createClient(app);
    await stripe.paidDeposit(depositor, 1000);
    expect((await claim(depositor, code)).body.error.message).toBe('A referral link is for new accounts');
    expect((await claim(await createClient(app), 'ABCD2345')).body.error.message).toBe(
      'This referral link is not valid',
    );
    expect((await claim(await createClient(app), 'not a code')).status).toBe(400);
    expect(await summary(referrer)).toMatchObject({ referred: 1, rewarded: 0 });
  });

  it('knows a mailbox under its aliases', () => {
    expect(mailboxOf('Ada.Love+tarot@GMail.com')).toBe(mailboxOf('adalove@googlemail.com'));
    expect(mailboxOf('ada+x@example.com')).toBe('ada@example.com');
    expect(mailboxOf('a.da@example.com')).not.toBe(mailboxOf('ada@example.com'));
  });
});

describe('referral rewards', () => {
  it('credit both sides once the first card deposit has stood 14 days, once', async () => {
    const { referrer, referred } = await referral();
    await pass();
    await stripe.paidDeposit(referred, 2000);
    clock.advance(13 * DAY);
    await pass();
    expect([await credit(referrer), await credit(referred)]).toEqual([0, 0]);
    clock.advance(DAY);
    await pass();
    await pass();
    expect([await credit(referrer), await credit(referred)]).toEqual([500, 500]);
    expect(await summary(referrer)).toMatchObject({ referred: 1, rewarded: 1 });
    expect((await http(app, referrer.cookie).get('/api/wallet')).body.transactions[0]).toMatchObject({
      kind: 'credit_grant',
      amountCents: 500,
    });
  });

  it('are void when the first deposit is refunded, and nobody is credited', async () => {
    const { referrer, referred } = await referral();
    const deposit = await stripe.paidDeposit(referred, 2000);
    standIn.holdRefundEvents();
    expect(
      (await http(app, admin.cookie).post(`/api/admin/deposits/${deposit.depositId}/refund`, { amountCents: 500 }))
        .status,
    ).toBe(201);
    await standIn.releaseRefundEvents();
    clock.advance(15 * DAY);
    await pass();
    await stripe.paidDeposit(referred, 2000);
    clock.advance(15 * DAY);
    await pass();
    expect([await credit(referrer), await credit(referred)]).toEqual([0, 0]);
  });

  it('are void when one card paid for both sides, and paid when the cards differ', async () => {
    const selfReferral = await referral();
    await stripe.paidDeposit(selfReferral.referrer, 1000, {}, '5555555555554444');
    await stripe.paidDeposit(selfReferral.referred, 2000, {}, '5555 5555 5555 4444');
    const honest = await referral();
    await stripe.paidDeposit(honest.referrer, 1000, {}, '5555555555554444');
    await stripe.paidDeposit(honest.referred, 2000, {}, '4242424242424242');
    clock.advance(14 * DAY);
    await pass();
    expect([await credit(selfReferral.referrer), await credit(selfReferral.referred)]).toEqual([0, 0]);
    expect([await credit(honest.referrer), await credit(honest.referred)]).toEqual([500, 500]);
    const [voided] = await app.db.select().from(referrals).where(eq(referrals.referredId, selfReferral.referred.id));
    expect(voided).toMatchObject({ voidReason: 'same_card', referrerRewardedAt: null, referredRewardedAt: null });
    expect(await summary(selfReferral.referrer)).toMatchObject({ referred: 1, rewarded: 0 });
  });

  it('wait for a side on a break it took, and reach it when the break ends', async () => {
    const { referrer, referred } = await referral();
    await stripe.paidDeposit(referred, 2000);
    expect((await http(app, referrer.cookie).post('/api/wallet/break', { days: 30 })).status).toBe(200);
    clock.advance(14 * DAY);
    await pass();
    expect([await credit(referrer), await credit(referred)]).toEqual([0, 500]);
    clock.advance(16 * DAY);
    await pass();
    expect([await credit(referrer), await credit(referred)]).toEqual([500, 500]);
  });
});
