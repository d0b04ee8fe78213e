import { LIVE_FORWARDER_MAX_VIEWERS, LIVE_P2P_MAX_VIEWERS } from '@shared/live';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('TRUST_PROXY', () => {
  it('is off unless set, in production too', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).trustProxy).toBe(false);
    for (const off of ['', 'false', 'off', '0']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
  });

  it('takes a hop count or proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1,::1,fd00::/8,loopback');
  });

  it('refuses anything else with a clear message', () => {
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '300.1.1.1', '1.2.3.4/8/9']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('trusted origins', () => {
  it('are PUBLIC_URL plus TRUSTED_ORIGINS', () => {
    const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://soultribe.example/', TRUSTED_ORIGINS: 'https://www.soultribe.example, https://app.soultribe.example/' });
    expect(config.trustedOrigins).toEqual(['https://soultribe.example', 'https://www.soultribe.example', 'https://app.soultribe.example']);
  });

  it('refuse an entry that is not an origin', () => {
    for (const bad of ['www.soultribe.example', 'https://soultribe.example/path', 'ftp://soultribe.example']) {
      expect(() => loadConfig({ TRUSTED_ORIGINS: bad })).toThrow(/TRUSTED_ORIGINS/);
    }
  });
});

describe('RETENTION_DAYS', () => {
  it('is 30 days unless set', () => {
    expect(loadConfig({}).retentionDays).toBe(30);
    expect(loadConfig({ RETENTION_DAYS: '90' }).retentionDays).toBe(90);
  });

  it('refuses anything but a whole number of days from 1 to 3650', () => {
    for (const bad of ['0', '-5', '2.5', 'forever', '3651']) {
      expect(() => loadConfig({ RETENTION_DAYS: bad })).toThrow(/RETENTION_DAYS/);
    }
  });
});

describe('live media', () => {
  it('sends peer to peer up to the measured cap and forwards above it by default', () => {
    expect(loadConfig({}).liveMedia).toEqual({ p2pMaxViewers: LIVE_P2P_MAX_VIEWERS, forwarder: { maxViewers: LIVE_FORWARDER_MAX_VIEWERS } });
    expect(loadConfig({ LIVE_FORWARDER: 'off' }).liveMedia.forwarder).toBeUndefined();
    expect(loadConfig({ LIVE_P2P_MAX_VIEWERS: '0', LIVE_FORWARDER_ANNOUNCED_IP: '203.0.113.7', LIVE_FORWARDER_PORT_RANGE: '40000-40999' }).liveMedia).toEqual({
      p2pMaxViewers: 0,
      forwarder: { maxViewers: LIVE_FORWARDER_MAX_VIEWERS, announcedAddresses: ['203.0.113.7'], portRange: [40000, 40999] },
    });
  });

  it("refuses a cap above what the reader's page serves, a bad address or port range", () => {
    expect(() => loadConfig({ LIVE_P2P_MAX_VIEWERS: String(LIVE_P2P_MAX_VIEWERS + 1) })).toThrow(/LIVE_P2P_MAX_VIEWERS/);
    expect(() => loadConfig({ LIVE_FORWARDER_ANNOUNCED_IP: 'my-host' })).toThrow(/LIVE_FORWARDER_ANNOUNCED_IP/);
    for (const bad of ['40000', '40999-40000', '80-90', '40000-70000']) expect(() => loadConfig({ LIVE_FORWARDER_PORT_RANGE: bad })).toThrow(/LIVE_FORWARDER_PORT_RANGE/);
  });
});

describe('mail', () => {
  it('keeps mail in a local mailbox under DATA_DIR unless SMTP_URL is set', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/soul' });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.mail.mailboxDir).toBe('/tmp/soul/mailbox');
    expect(config.mail.isMailboxReadable).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).mail.isMailboxReadable).toBe(false);
  });

  it('sends through SMTP_URL from MAIL_FROM, which it requires', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://u:p@mail.example:587', MAIL_FROM: 'Soul Tribe <hi@example.com>' });
    expect(config.mail).toMatchObject({ smtpUrl: 'smtp://u:p@mail.example:587', from: 'Soul Tribe <hi@example.com>' });
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example' })).toThrow(/MAIL_FROM: required when SMTP_URL is set/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example', MAIL_FROM: 'a@b.c' })).toThrow(/SMTP_URL must look like/);
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  it('is on in production and off elsewhere unless set', () => {
    expect(loadConfig({}).requireAdminTwoFactor).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).requireAdminTwoFactor).toBe(true);
    expect(loadConfig({ REQUIRE_ADMIN_2FA: 'true' }).requireAdminTwoFactor).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), REQUIRE_ADMIN_2FA: 'false' }).requireAdminTwoFactor).toBe(false);
    expect(() => loadConfig({ REQUIRE_ADMIN_2FA: 'maybe' })).toThrow(/REQUIRE_ADMIN_2FA/);
  });
});

describe('VAPID (push)', () => {
  const keys = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43) };

  it('generates a pair into DATA_DIR outside production, and leaves push off in production without keys', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/soul' }).push).toMatchObject({ keys: undefined, generatedKeysFile: '/tmp/soul/vapid-keys.json', subject: 'mailto:no-reply@soultribe.app', allowsAnyEndpoint: true });
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).push).toMatchObject({ keys: undefined, generatedKeysFile: undefined, allowsAnyEndpoint: false });
  });

  it('takes a key pair and a subject, its sender address by default', () => {
    const config = loadConfig({ ...keys, MAIL_FROM: 'Soul Tribe <hello@example.com>', SMTP_URL: 'smtp://mail.example' });
    expect(config.push).toMatchObject({ keys: { publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY }, subject: 'mailto:hello@example.com' });
    expect(loadConfig({ ...keys, VAPID_SUBJECT: 'https://soultribe.app/contact' }).push.subject).toBe('https://soultribe.app/contact');
  });

  it('refuses half a pair, a key that is not one, or a subject that is neither mailto: nor https:', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/set both/);
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});

describe('the end-to-end suite’s test-only routes', () => {
  const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };

  it('are off unless set, and on outside production when set', () => {
    expect(loadConfig({})).toMatchObject({ devReadingClock: false, devAppointmentShortcut: false });
    expect(loadConfig({ DEV_READING_CLOCK: 'true', DEV_APPOINTMENT_SHORTCUT: 'true' })).toMatchObject({ devReadingClock: true, devAppointmentShortcut: true });
  });

  it('stop production at start, naming the variable', () => {
    expect(() => loadConfig({ ...production, DEV_READING_CLOCK: 'true' })).toThrow(/DEV_READING_CLOCK: a test-only route, refused in production/);
    expect(() => loadConfig({ ...production, DEV_APPOINTMENT_SHORTCUT: '1' })).toThrow(/DEV_APPOINTMENT_SHORTCUT: a test-only route, refused in production/);
    expect(loadConfig({ ...production, DEV_READING_CLOCK: 'false' }).devReadingClock).toBe(false);
  });
});
