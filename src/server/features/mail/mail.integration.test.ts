import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { createClient } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { createTestApp, testApp } from '../../../../tests/integration/test-app';
import { mailMessages } from '../../db/schema';
import { mailFailures } from '../../metrics/process-metrics';
import { MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS, runMailWork } from './mail-worker';
import type { MailTransport } from './transport';

const clock = fakeClock();
const app = await testApp({ clock, runMailWorker: false });

const work = (transport: MailTransport = app.mailTransport) =>
  runMailWork({ db: app.db, clock, transport, publicUrl: app.config.publicUrl });
const mailboxOf = async (to: string) =>
  (await http(app).get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).body.messages;
const signUp = (email: string) =>
  http(app).post('/api/auth/sign-up/email', { name: 'Wren Seeker', email, password: 'long-enough' });

describe('the mail queue and the local mailbox', () => {
  it('queues the verification email at sign-up and delivers it to the mailbox, readable with its link', async () => {
    const email = `wren-${Date.now()}@example.com`;
    expect((await signUp(email)).status).toBe(200);
    const [queued] = await app.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email));
    expect(queued).toMatchObject({ kind: 'verify_email', status: 'queued', attempts: 0 });
    expect(await mailboxOf(email)).toEqual([]);

    expect(await work()).toBeGreaterThanOrEqual(1);
    const [message] = await mailboxOf(email);
    expect(message).toMatchObject({ kind: 'verify_email', to: email, subject: 'Verify your email for Soul Tribe' });
    expect(message.text).toContain('Hello Wren,');
    expect(message.html).toContain('Soul Tribe');
    expect(message.links[0].url).toMatch(/\/api\/auth\/verify-email\?token=/);
    const [sent] = await app.db.select().from(mailMessages).where(eq(mailMessages.id, queued!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('lists the mailbox newest first, and every recipient without ?to=', async () => {
    const email = `order-${Date.now()}@example.com`;
    await signUp(email);
    await work();
    clock.advance(1000);
    await http(app).post('/api/auth/request-password-reset', { email });
    await work();
    expect((await mailboxOf(email)).map((m: { kind: string }) => m.kind)).toEqual(['reset_password', 'verify_email']);
    const all = (await http(app).get('/api/dev/mailbox')).body.messages;
    expect(all.length).toBeGreaterThanOrEqual(2);
  });

  it('retries a failed send later with a back-off, and gives up after the last attempt', async () => {
    const email = `retry-${Date.now()}@example.com`;
    await signUp(email);
    const failing: MailTransport = { send: async () => Promise.reject(new Error('mail server down')) };
    await work(failing);
    let [row] = await app.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email));
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'mail server down', leasedUntil: null });
    expect(row!.nextAttemptAt.getTime()).toBe(clock.now() + 30_000);
    // Not yet due: a pass now leaves it alone.
    await work();
    expect(await mailboxOf(email)).toEqual([]);

    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      clock.advance(60 * 60_000);
      await work(failing);
    }
    [row] = await app.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email));
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
  });

  it('tells each failed send with what to do, and counts the mail it gave up on', async () => {
    const email = `told-${Date.now()}@example.com`;
    await signUp(email);
    const failedBefore =
      (await mailFailures.get()).values.find((value) => value.labels.kind === 'verify_email')?.value ?? 0;
    const [queued] = await app.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email));
    const told: { level: string; msg: string }[] = [];
    const about = (obj: unknown) =>
      typeof obj === 'object' && obj !== null && 'mailId' in obj && obj.mailId === queued!.id;
    const log = {
      warn: (obj: unknown, msg: string) => about(obj) && told.push({ level: 'warn', msg }),
      error: (obj: unknown, msg: string) => about(obj) && told.push({ level: 'error', msg }),
    };
    const failing: MailTransport = { send: async () => Promise.reject(new Error('connect ECONNREFUSED')) };
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      await runMailWork({ db: app.db, clock, transport: failing, publicUrl: app.config.publicUrl, log });
      clock.advance(60 * 60_000);
    }
    expect(told.filter(({ level }) => level === 'warn')).toHaveLength(MAIL_MAX_ATTEMPTS - 1);
    expect(told.at(-1)).toEqual({
      level: 'error',
      msg: `a verify_email mail could not be sent after ${MAIL_MAX_ATTEMPTS} attempts and is marked failed: check SMTP_URL and that the mail server accepts the connection`,
    });
    const failedAfter =
      (await mailFailures.get()).values.find((value) => value.labels.kind === 'verify_email')?.value ?? 0;
    expect(failedAfter - failedBefore).toBe(1);
  });

  it('sends each message once when two workers run at once, and retries one whose worker died after its lease', async () => {
    const email = `twice-${Date.now()}@example.com`;
    await signUp(email);
    const sent: string[] = [];
    const counting: MailTransport = { send: async (mail) => void sent.push(mail.id) };
    await Promise.all([work(counting), work(counting), work(counting)]);
    expect(sent.length).toBe(new Set(sent).size);

    const lost = `lost-${Date.now()}@example.com`;
    await signUp(lost);
    // A worker leased it and died: the lease must lapse before another takes it.
    await app.db
      .update(mailMessages)
      .set({ leasedUntil: new Date(clock.now() + MAIL_LEASE_MS) })
      .where(eq(mailMessages.toAddress, lost));
    await work();
    expect(await mailboxOf(lost)).toEqual([]);
    clock.advance(MAIL_LEASE_MS);
    await work();
    expect(await mailboxOf(lost)).toHaveLength(1);
  });

  it('answers the same to a reset request whether or not the email exists, and mails only a real account', async () => {
    const client = await createClient(app);
    const known = await http(app).post('/api/auth/request-password-reset', { email: client.email });
    const unknown = await http(app).post('/api/auth/request-password-reset', {
      email: `nobody-${Date.now()}@example.com`,
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await work();
    expect((await mailboxOf(client.email)).map((m: { kind: string }) => m.kind)).toEqual(['reset_password']);
  });
});

describe('SMTP', () => {
  it('delivers through the SMTP server of SMTP_URL', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    const smtpApp = await createTestApp({
      clock,
      runMailWorker: false,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Soul Tribe <hello@soultribe.test>' },
    });
    try {
      const email = `smtp-${Date.now()}@example.com`;
      expect(
        (await http(smtpApp).post('/api/auth/sign-up/email', { name: 'Ash', email, password: 'long-enough' })).status,
      ).toBe(200);
      expect(
        await runMailWork({
          db: smtpApp.db,
          clock,
          transport: smtpApp.mailTransport,
          publicUrl: smtpApp.config.publicUrl,
        }),
      ).toBe(1);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain(`To: ${email}`);
      expect(received[0]).toContain('From: Soul Tribe <hello@soultribe.test>');
      expect(received[0]).toContain('Subject: Verify your email for Soul Tribe');
      // The local mailbox stays empty: mail went to the real server.
      expect((await http(smtpApp).get(`/api/dev/mailbox?to=${email}`)).body.messages).toEqual([]);
    } finally {
      await smtpApp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
