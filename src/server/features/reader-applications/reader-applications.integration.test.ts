import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReaderApplicationInput } from '@shared/reader-applications';
import {
  applicationInput as baseApplication,
  createAdmin,
  createClient,
  type TestUser,
} from '../../../../tests/integration/factories';
import { cookieFrom, http } from '../../../../tests/integration/http';
import { deliveredTo, latestMail, tokenOf } from '../../../../tests/integration/mailbox';
import { TEST_ORIGIN, testApp } from '../../../../tests/integration/test-app';
import { readerApplications, readerProfiles, user } from '../../db/schema';

const app = await testApp({ runMailWorker: false, env: { APPLICATION_RATE_LIMIT_IP_MAX: '3' } });
let admin: TestUser;
let otherAdmin: TestUser;
beforeAll(async () => {
  admin = await createAdmin(app);
  otherAdmin = await createAdmin(app);
});

const SAMPLE = baseApplication().sampleReading;
const applicationInput = (overrides: Partial<ReaderApplicationInput> = {}): ReaderApplicationInput => ({
  ...baseApplication(overrides),
  acceptsReaderTerms: true,
});

/** Each caller its own address, so the per-IP limit counts only the test that is about it. */
let nextIp = 1;
async function apply(input: unknown, ip = `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/reader-applications',
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(input),
  });
  return { status: response.statusCode, body: response.json() };
}

/** Applies and follows the confirmation mail's link: the status token. */
async function applied(overrides: Partial<ReaderApplicationInput> = {}) {
  const input = applicationInput(overrides);
  const response = await apply(input);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const mail = await latestMail(app, input.email, 'reader_application_received');
  expect(mail.links[0]!.url).toMatch(/^http:\/\/localhost:5000\/apply\/status\?token=/);
  return { input, id: response.body.id as string, statusToken: tokenOf(mail) };
}

const statusOf = async (token: string) =>
  http(app).get(`/api/reader-applications/status?token=${encodeURIComponent(token)}`);

describe('applying to read', () => {
  it('stores the application, mails a status link, and allows one open application per email', async () => {
    const { input, id, statusToken } = await applied();
    expect((await statusOf(statusToken)).body).toMatchObject({
      firstName: 'Luna',
      status: 'pending',
      decidedAt: null,
      rejectionReason: null,
    });
    const queue = await http(app, admin.cookie).get('/api/admin/reader-applications');
    expect(queue.body.applications).toContainEqual(
      expect.objectContaining({ id, email: input.email, sampleReading: SAMPLE, chatRateCents: 299, status: 'pending' }),
    );

    const again = await apply(applicationInput({ email: input.email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('already under review'),
    });
    expect(
      await app.db.select().from(readerApplications).where(eq(readerApplications.email, input.email)),
    ).toHaveLength(1);
  });

  it('refuses bad input with the field and its message, storing nothing', async () => {
    const email = `bad-${randomBytes(4).toString('hex')}@example.com`;
    for (const [override, field] of [
      [{ sampleReading: 'Too short to judge.' }, 'sampleReading'],
      [{ sampleReading: 'x'.repeat(3001) }, 'sampleReading'],
      [{ acceptsReaderTerms: false }, 'acceptsReaderTerms'],
      [{ chatRateCents: 5 }, 'chatRateCents'],
      [{ specialties: [] }, 'specialties'],
    ] as const) {
      const response = await apply({ ...applicationInput({ email }), ...override });
      expect(response.status, field).toBe(400);
      expect(response.body.error.code).toBe('BAD_REQUEST');
      expect(Object.keys(response.body.error.fields ?? {}), field).toContain(field);
    }
    expect(await app.db.select().from(readerApplications).where(eq(readerApplications.email, email))).toHaveLength(0);
    expect(await deliveredTo(app, email)).toHaveLength(0);
  });

  it('limits applications per IP address', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 3; i++) expect((await apply(applicationInput(), ip)).status).toBe(201);
    const limited = await apply(applicationInput(), ip);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect((await apply(applicationInput(), '10.99.0.2')).status).toBe(201);
  });

  it('answers an unknown status link with 404', async () => {
    const response = await statusOf('not-a-real-token');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });
});

describe('an admin deciding', () => {
  it('approves: a reader account with the profile applied for, a set-password link that signs the new reader in', async () => {
    const { input, id, statusToken } = await applied({ firstName: 'Orion', lastName: 'Vale' });
    const approved = await http(app, admin.cookie).post(`/api/admin/reader-applications/${id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', readerId: expect.any(String) });

    const [account] = await app.db.select().from(user).where(eq(user.email, input.email));
    expect(account).toMatchObject({
      id: approved.body.readerId,
      role: 'reader',
      name: 'Orion Vale',
      emailVerified: true,
    });
    const [profile] = await app.db.select().from(readerProfiles).where(eq(readerProfiles.userId, account!.id));
    expect(profile).toMatchObject({
      firstName: 'Orion',
      lastName: 'Vale',
      username: 'orionvale',
      specialties: ['Tarot', 'Dreams'],
      yearsExperience: 7,
      bio: input.bio,
      chatRateCents: 299,
      audioRateCents: 399,
      videoRateCents: 499,
    });
    expect((await http(app).get('/api/readers/by-username/orionvale')).status).toBe(200);

    expect((await statusOf(statusToken)).body).toMatchObject({ status: 'approved', decidedAt: expect.any(String) });
    expect(
      (await http(app, admin.cookie).get('/api/admin/reader-applications')).body.applications.map(
        (a: { id: string }) => a.id,
      ),
    ).not.toContain(id);

    // The mailed link is the reset flow's: it sets the password and signs the new reader in.
    const mail = await latestMail(app, input.email, 'reader_application_approved');
    expect(mail.links[0]!.url).toMatch(/^http:\/\/localhost:5000\/reset-password\?token=/);
    const reset = await http(app).post('/api/auth/reset-password', {
      token: tokenOf(mail),
      newPassword: 'my-reader-password-1',
    });
    expect(reset.status).toBe(200);
    expect((await http(app, cookieFrom(reset.headers)).get('/api/auth/profile')).body).toMatchObject({
      id: account!.id,
      role: 'reader',
    });
    expect(
      (await http(app).post('/api/auth/sign-in/email', { email: input.email, password: 'my-reader-password-1' }))
        .status,
    ).toBe(200);
    // Once only.
    expect(
      (await http(app).post('/api/auth/reset-password', { token: tokenOf(mail), newPassword: 'another-password-2' }))
        .status,
    ).toBe(400);

    const twice = await http(app, admin.cookie).post(`/api/admin/reader-applications/${id}/approve`);
    expect(twice.status).toBe(409);
  });

  it('gives the new reader a free username when the name is taken', async () => {
    const first = await applied({ firstName: 'Sol', lastName: 'Moon' });
    const second = await applied({ firstName: 'Sol', lastName: 'Moon' });
    for (const { id } of [first, second])
      expect((await http(app, admin.cookie).post(`/api/admin/reader-applications/${id}/approve`)).status).toBe(200);
    const usernames = await app.db
      .select({ username: readerProfiles.username })
      .from(readerProfiles)
      .innerJoin(user, eq(user.id, readerProfiles.userId))
      .where(eq(user.name, 'Sol Moon'));
    expect(usernames.map((u) => u.username).sort()).toEqual(['solmoon', 'solmoon2']);
  });

  it('rejects with a reason the applicant reads in the mail and on the status page; the email may apply again', async () => {
    const { input, id, statusToken } = await applied();
    const noReason = await http(app, admin.cookie).post(`/api/admin/reader-applications/${id}/reject`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect((await statusOf(statusToken)).body.status).toBe('pending');

    const reason = 'Your sample reading promises outcomes; we ask readers to guide, not to guarantee.';
    const rejected = await http(app, admin.cookie).post(`/api/admin/reader-applications/${id}/reject`, { reason });
    expect(rejected.status).toBe(200);
    expect((await statusOf(statusToken)).body).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect((await latestMail(app, input.email, 'reader_application_rejected')).text).toContain(reason);
    expect(await app.db.select().from(user).where(eq(user.email, input.email))).toHaveLength(0);

    expect((await http(app, admin.cookie).post(`/api/admin/reader-applications/${id}/approve`)).status).toBe(409);
    expect((await apply(applicationInput({ email: input.email }))).status).toBe(201);
  });

  it('does not approve an email that already has an account', async () => {
    const client = await createClient(app);
    const { id } = await applied({ email: client.email });
    const response = await http(app, admin.cookie).post(`/api/admin/reader-applications/${id}/approve`);
    expect(response.status).toBe(409);
    expect((await app.db.select({ role: user.role }).from(user).where(eq(user.id, client.id)))[0]!.role).toBe('client');
    expect(
      (await http(app, admin.cookie).get('/api/admin/reader-applications')).body.applications.map(
        (a: { id: string }) => a.id,
      ),
    ).toContain(id);
  });

  it('answers 404 for an unknown application', async () => {
    expect((await http(app, admin.cookie).post('/api/admin/reader-applications/no-such-id/approve')).status).toBe(404);
  });

  it('makes exactly one account when two admins approve at once', async () => {
    const { input, id } = await applied();
    const answers = await Promise.all(
      [admin, otherAdmin].map((who) => http(app, who.cookie).post(`/api/admin/reader-applications/${id}/approve`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await app.db.select().from(user).where(eq(user.email, input.email))).toHaveLength(1);
    expect((await deliveredTo(app, input.email)).filter((m) => m.kind === 'reader_application_approved')).toHaveLength(
      1,
    );
  });
});
