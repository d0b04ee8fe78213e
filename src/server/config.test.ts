import { LIVE_FORWARDER_MAX_VIEWERS, LIVE_P2P_MAX_VIEWERS } from '@shared/live';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** What production requires: a site that takes real money, at an https address, and sends its mail. */
const production = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(32),
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_example',
  STRIPE_WEBHOOK_SECRET: 'whsec_example',
  PUBLIC_URL: 'https://soultribe.example',
  SMTP_URL: 'smtps://apikey:secret@smtp.example:465',
  MAIL_FROM: 'Soul Tribe <hello@soultribe.example>',
};

/** The problems loadConfig refuses the environment for (it must refuse). */
function problemsOf(env: Record<string, string | undefined>) {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('TRUST_PROXY', () => {
  it('is off unless set, in production too', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig(production).trustProxy).toBe(false);
    for (const off of ['', 'false', 'off', '0']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
  });

  it('takes a hop count or proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1,::1,fd00::/8,loopback',
    );
  });

  it('refuses anything else with a clear message', () => {
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '300.1.1.1', '1.2.3.4/8/9']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('trusted origins', () => {
  it('are PUBLIC_URL plus TRUSTED_ORIGINS', () => {
    const config = loadConfig({
      ...production,
      PUBLIC_URL: 'https://soultribe.example/',
      TRUSTED_ORIGINS: 'https://www.soultribe.example, https://app.soultribe.example/',
    });
    expect(config.trustedOrigins).toEqual([
      'https://soultribe.example',
      'https://www.soultribe.example',
      'https://app.soultribe.example',
    ]);
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
    expect(loadConfig({}).liveMedia).toEqual({
      p2pMaxViewers: LIVE_P2P_MAX_VIEWERS,
      forwarder: { maxViewers: LIVE_FORWARDER_MAX_VIEWERS },
    });
    expect(loadConfig({ LIVE_FORWARDER: 'off' }).liveMedia.forwarder).toBeUndefined();
    expect(
      loadConfig({
        LIVE_P2P_MAX_VIEWERS: '0',
        LIVE_FORWARDER_ANNOUNCED_IP: '203.0.113.7',
        LIVE_FORWARDER_PORT_RANGE: '40000-40999',
      }).liveMedia,
    ).toEqual({
      p2pMaxViewers: 0,
      forwarder: {
        maxViewers: LIVE_FORWARDER_MAX_VIEWERS,
        announcedAddresses: ['203.0.113.7'],
        portRange: [40000, 40999],
      },
    });
  });

  it("refuses a cap above what the reader's page serves, a bad address or port range", () => {
    expect(() => loadConfig({ LIVE_P2P_MAX_VIEWERS: String(LIVE_P2P_MAX_VIEWERS + 1) })).toThrow(
      /LIVE_P2P_MAX_VIEWERS/,
    );
    expect(() => loadConfig({ LIVE_FORWARDER_ANNOUNCED_IP: 'my-host' })).toThrow(/LIVE_FORWARDER_ANNOUNCED_IP/);
    for (const bad of ['40000', '40999-40000', '80-90', '40000-70000'])
      expect(() => loadConfig({ LIVE_FORWARDER_PORT_RANGE: bad })).toThrow(/LIVE_FORWARDER_PORT_RANGE/);
  });
});

describe('mail', () => {
  it('keeps mail in a local mailbox under DATA_DIR unless SMTP_URL is set', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/soul' });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.mail.mailboxDir).toBe('/tmp/soul/mailbox');
    expect(config.mail.isMailboxReadable).toBe(true);
    expect(loadConfig(production).mail.isMailboxReadable).toBe(false);
  });

  it('sends through SMTP_URL from MAIL_FROM, which it requires', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://u:p@mail.example:587', MAIL_FROM: 'Soul Tribe <hi@example.com>' });
    expect(config.mail).toMatchObject({ smtpUrl: 'smtp://u:p@mail.example:587', from: 'Soul Tribe <hi@example.com>' });
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example' })).toThrow(/MAIL_FROM: required when SMTP_URL is set/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example', MAIL_FROM: 'a@b.c' })).toThrow(
      /SMTP_URL must look like/,
    );
  });
});

describe('REDIS_PREFIX', () => {
  it('is the public host unless set, so two sites on one Redis keep apart', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://soultribe.example' }).redisPrefix).toBe('soultribe.example:');
    expect(loadConfig({ PORT: '5055' }).redisPrefix).toBe('localhost:5055:');
    expect(loadConfig({ REDIS_PREFIX: 'staging:' }).redisPrefix).toBe('staging:');
  });

  it('refuses characters a key or channel name should not carry', () => {
    expect(problemsOf({ REDIS_PREFIX: 'two words' })[0]).toMatchObject({ variable: 'REDIS_PREFIX' });
  });
});

describe('TURN', () => {
  it('is off unless TURN_URLS and TURN_SECRET are both set, and lasts 6 hours by default', () => {
    expect(loadConfig({}).turn).toBeUndefined();
    const config = loadConfig({
      TURN_URLS: 'turn:turn.example.com:3478, turns:turn.example.com:5349',
      TURN_SECRET: 's'.repeat(16),
    });
    expect(config.turn).toEqual({
      urls: ['turn:turn.example.com:3478', 'turns:turn.example.com:5349'],
      secret: 's'.repeat(16),
      ttlSeconds: 21_600,
    });
    expect(
      loadConfig({ TURN_URLS: 'turn:t.example.com', TURN_SECRET: 's'.repeat(16), TURN_TTL_S: '3600' }).turn?.ttlSeconds,
    ).toBe(3600);
  });

  it('refuses half of it, a URL that is not turn: or turns:, a short secret', () => {
    expect(problemsOf({ TURN_URLS: 'turn:t.example.com' })).toEqual([
      { variable: 'TURN_SECRET', message: expect.stringMatching(/required when TURN_URLS/) },
    ]);
    expect(problemsOf({ TURN_SECRET: 's'.repeat(16) })).toEqual([
      { variable: 'TURN_URLS', message: expect.stringMatching(/required when TURN_SECRET/) },
    ]);
    expect(problemsOf({ TURN_URLS: 'stun:t.example.com', TURN_SECRET: 's'.repeat(16) })[0]).toMatchObject({
      variable: 'TURN_URLS',
      message: expect.stringMatching(/not a TURN URL/),
    });
    expect(problemsOf({ TURN_URLS: 'turn:t.example.com', TURN_SECRET: 'short' })[0]).toMatchObject({
      variable: 'TURN_SECRET',
    });
  });
});

describe('Janus', () => {
  const secrets = { JANUS_API_SECRET: 'a'.repeat(16), JANUS_ADMIN_SECRET: 'b'.repeat(16) };

  it('is off unless JANUS_URL is set; the admin API of each server defaults to its host on 7088, /admin', () => {
    expect(loadConfig({}).liveMedia.janus).toBeUndefined();
    expect(
      loadConfig({ JANUS_URL: 'http://10.0.0.5:8088/janus/, http://[fd00::7]:8088/janus', ...secrets }).liveMedia.janus,
    ).toEqual({
      servers: [
        { url: 'http://10.0.0.5:8088/janus', adminUrl: 'http://10.0.0.5:7088/admin' },
        { url: 'http://[fd00::7]:8088/janus', adminUrl: 'http://[fd00::7]:7088/admin' },
      ],
      apiSecret: 'a'.repeat(16),
      adminSecret: 'b'.repeat(16),
    });
    const paired = loadConfig({
      JANUS_URL: 'http://j1/janus,http://j2/janus',
      JANUS_ADMIN_URL: 'http://j1:9000/adm,http://j2:9000/adm',
    }).liveMedia.janus;
    expect(paired?.servers.map((s) => s.adminUrl)).toEqual(['http://j1:9000/adm', 'http://j2:9000/adm']);
  });

  it('needs both secrets in production only, and refuses a URL that is not http(s) or admin URLs that do not pair up', () => {
    expect(loadConfig({ JANUS_URL: 'http://127.0.0.1:8088/janus' }).liveMedia.janus?.apiSecret).toBeUndefined();
    expect(problemsOf({ ...production, JANUS_URL: 'http://127.0.0.1:8088/janus' }).map((p) => p.variable)).toEqual([
      'JANUS_API_SECRET',
      'JANUS_ADMIN_SECRET',
    ]);
    expect(
      loadConfig({ ...production, JANUS_URL: 'http://127.0.0.1:8088/janus', ...secrets }).liveMedia.janus?.servers,
    ).toHaveLength(1);
    expect(problemsOf({ JANUS_URL: 'ws://127.0.0.1:8188' })[0]).toMatchObject({
      variable: 'JANUS_URL',
      message: expect.stringMatching(/not an http\(s\) URL/),
    });
    expect(
      problemsOf({ JANUS_URL: 'http://j1/janus,http://j2/janus', JANUS_ADMIN_URL: 'http://j1:7088/admin' })[0],
    ).toMatchObject({ variable: 'JANUS_ADMIN_URL' });
    expect(problemsOf({ JANUS_URL: 'http://j1/janus', JANUS_API_SECRET: 'short' })[0]).toMatchObject({
      variable: 'JANUS_API_SECRET',
    });
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  it('is on in production and off elsewhere unless set', () => {
    expect(loadConfig({}).requireAdminTwoFactor).toBe(false);
    expect(loadConfig(production).requireAdminTwoFactor).toBe(true);
    expect(loadConfig({ REQUIRE_ADMIN_2FA: 'true' }).requireAdminTwoFactor).toBe(true);
    expect(loadConfig({ ...production, REQUIRE_ADMIN_2FA: 'false' }).requireAdminTwoFactor).toBe(false);
    expect(() => loadConfig({ REQUIRE_ADMIN_2FA: 'maybe' })).toThrow(/REQUIRE_ADMIN_2FA/);
  });
});

describe('API_DOCS', () => {
  it('serves the reference page outside production and keeps it off in production unless set', () => {
    expect(loadConfig({}).apiDocs).toBe('public');
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe('public');
    expect(loadConfig(production).apiDocs).toBe('off');
    expect(loadConfig({ ...production, API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });
});

describe('VAPID (push)', () => {
  const keys = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43) };

  it('generates a pair into DATA_DIR outside production, and leaves push off in production without keys', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/soul' }).push).toMatchObject({
      keys: undefined,
      generatedKeysFile: '/tmp/soul/vapid-keys.json',
      subject: 'mailto:no-reply@soultribe.app',
      allowsAnyEndpoint: true,
    });
    expect(loadConfig(production).push).toMatchObject({
      keys: undefined,
      generatedKeysFile: undefined,
      allowsAnyEndpoint: false,
    });
  });

  it('takes a key pair and a subject, its sender address by default', () => {
    const config = loadConfig({
      ...keys,
      MAIL_FROM: 'Soul Tribe <hello@example.com>',
      SMTP_URL: 'smtp://mail.example',
    });
    expect(config.push).toMatchObject({
      keys: { publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY },
      subject: 'mailto:hello@example.com',
    });
    expect(loadConfig({ ...keys, VAPID_SUBJECT: 'https://soultribe.app/contact' }).push.subject).toBe(
      'https://soultribe.app/contact',
    );
  });

  it('refuses half a pair, a key that is not one, or a subject that is neither mailto: nor https:', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/set both/);
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});

describe('the end-to-end suite’s test-only routes', () => {
  it('are off unless set, and on outside production when set', () => {
    expect(loadConfig({})).toMatchObject({ devReadingClock: false, devAppointmentShortcut: false });
    expect(loadConfig({ DEV_READING_CLOCK: 'true', DEV_APPOINTMENT_SHORTCUT: 'true' })).toMatchObject({
      devReadingClock: true,
      devAppointmentShortcut: true,
    });
  });

  it('stop production at start, naming the variable', () => {
    expect(() => loadConfig({ ...production, DEV_READING_CLOCK: 'true' })).toThrow(
      /DEV_READING_CLOCK: a test-only route, refused in production/,
    );
    expect(() => loadConfig({ ...production, DEV_APPOINTMENT_SHORTCUT: '1' })).toThrow(
      /DEV_APPOINTMENT_SHORTCUT: a test-only route, refused in production/,
    );
    expect(loadConfig({ ...production, DEV_READING_CLOCK: 'false' }).devReadingClock).toBe(false);
  });
});

describe('the test suites’ cheap password hash', () => {
  it('is off unless set, on outside production when set, and stops production at start', () => {
    expect(loadConfig({}).devFastPasswordHash).toBe(false);
    expect(loadConfig({ DEV_FAST_PASSWORD_HASH: 'true' }).devFastPasswordHash).toBe(true);
    expect(() => loadConfig({ ...production, DEV_FAST_PASSWORD_HASH: 'true' })).toThrow(
      /DEV_FAST_PASSWORD_HASH: passwords hashed too cheaply to resist guessing, refused in production/,
    );
    expect(loadConfig({ ...production, DEV_FAST_PASSWORD_HASH: 'false' }).devFastPasswordHash).toBe(false);
  });
});

describe('production refuses unsafe configuration at start', () => {
  const variablesOf = (env: Record<string, string | undefined>) => problemsOf(env).map((p) => p.variable);

  it('accepts a site that takes real money at an https address and sends its mail', () => {
    expect(loadConfig(production).payments).toMatchObject({ provider: 'stripe', testMode: false });
  });

  it('needs PAYMENTS_PROVIDER chosen in production, and keeps the sandbox as the default elsewhere', () => {
    expect(problemsOf({ ...production, PAYMENTS_PROVIDER: undefined })).toEqual([
      {
        variable: 'PAYMENTS_PROVIDER',
        message: 'required in production: set stripe (or sandbox with ALLOW_TEST_PAYMENTS=true on a staging site)',
      },
    ]);
    expect(loadConfig({}).payments).toMatchObject({ provider: 'sandbox', testMode: false });
    expect(loadConfig({ ALLOW_TEST_PAYMENTS: 'true' }).payments.testMode).toBe(false);
  });

  it('refuses the sandbox in production unless ALLOW_TEST_PAYMENTS=true says it is a staging site, which is then in test mode', () => {
    const sandbox = { ...production, PAYMENTS_PROVIDER: 'sandbox' };
    for (const allow of [undefined, 'false']) {
      expect(problemsOf({ ...sandbox, ALLOW_TEST_PAYMENTS: allow })).toEqual([
        { variable: 'PAYMENTS_PROVIDER', message: expect.stringMatching(/^sandbox takes no real money: set stripe/) },
      ]);
    }
    expect(loadConfig({ ...sandbox, ALLOW_TEST_PAYMENTS: 'true' }).payments).toMatchObject({
      provider: 'sandbox',
      testMode: true,
    });
    expect(loadConfig({ ...production, ALLOW_TEST_PAYMENTS: 'true' }).payments.testMode).toBe(false);
  });

  it('needs PUBLIC_URL in production, https unless the host is this machine', () => {
    expect(problemsOf({ ...production, PUBLIC_URL: undefined })).toEqual([
      { variable: 'PUBLIC_URL', message: expect.stringMatching(/^required in production: the https:\/\/ address/) },
    ]);
    for (const unsafe of ['http://soultribe.example', 'http://10.0.0.5:5000', 'ftp://localhost']) {
      expect(problemsOf({ ...production, PUBLIC_URL: unsafe }), unsafe).toEqual([
        { variable: 'PUBLIC_URL', message: 'must be https:// in production (plain http only for localhost)' },
      ]);
    }
    for (const local of ['http://localhost:5000', 'http://127.0.0.1:5000', 'http://[::1]:5000']) {
      expect(loadConfig({ ...production, PUBLIC_URL: local }).publicUrl).toBe(local);
    }
    expect(loadConfig({ PUBLIC_URL: 'http://soultribe.example' }).publicUrl).toBe('http://soultribe.example');
  });

  it('needs SMTP_URL in production unless MAIL_TRANSPORT=mailbox keeps mail in DATA_DIR on purpose', () => {
    expect(problemsOf({ ...production, SMTP_URL: undefined })).toEqual([
      {
        variable: 'SMTP_URL',
        message: expect.stringMatching(/^required in production: set smtp:\/\/.*MAIL_TRANSPORT=mailbox/),
      },
    ]);
    expect(variablesOf({ ...production, SMTP_URL: undefined, MAIL_TRANSPORT: 'smtp' })).toEqual(['SMTP_URL']);
    const mailbox = loadConfig({
      ...production,
      SMTP_URL: undefined,
      MAIL_TRANSPORT: 'mailbox',
      DATA_DIR: '/tmp/soul',
    });
    expect(mailbox.mail).toMatchObject({
      smtpUrl: undefined,
      mailboxDir: '/tmp/soul/mailbox',
      isMailboxReadable: false,
    });
  });

  it('sends to the mailbox whenever MAIL_TRANSPORT=mailbox, even with SMTP_URL set, and refuses MAIL_TRANSPORT=smtp without one', () => {
    expect(loadConfig({ ...production, MAIL_TRANSPORT: 'mailbox' }).mail.smtpUrl).toBeUndefined();
    expect(loadConfig({ ...production, MAIL_TRANSPORT: 'smtp' }).mail.smtpUrl).toBe(production.SMTP_URL);
    expect(problemsOf({ MAIL_TRANSPORT: 'smtp' })).toEqual([
      { variable: 'SMTP_URL', message: 'required when MAIL_TRANSPORT=smtp' },
    ]);
    expect(variablesOf({ MAIL_TRANSPORT: 'pigeon' })).toEqual(['MAIL_TRANSPORT']);
  });

  it('refuses a STRIPE_SECRET_KEY that is not a Stripe secret key, in any environment', () => {
    for (const bad of ['pk_live_publishable', 'live_abc', 'whsec_abc', ' sk_live_abc']) {
      expect(problemsOf({ STRIPE_SECRET_KEY: bad }), bad).toEqual([
        { variable: 'STRIPE_SECRET_KEY', message: expect.stringMatching(/^must be a Stripe secret key: sk_live_/) },
      ]);
      expect(variablesOf({ ...production, STRIPE_SECRET_KEY: bad }), bad).toEqual(['STRIPE_SECRET_KEY']);
    }
    for (const good of ['sk_test_abc', 'rk_live_abc', 'rk_test_abc'])
      expect(loadConfig({ ...production, STRIPE_SECRET_KEY: good }).payments.stripeSecretKey).toBe(good);
  });

  it('lists every problem at once, one line a variable, zod’s and the rules’ together', () => {
    expect(variablesOf({ NODE_ENV: 'production' })).toEqual([
      'AUTH_SECRET',
      'PAYMENTS_PROVIDER',
      'PUBLIC_URL',
      'SMTP_URL',
    ]);
    const env = {
      NODE_ENV: 'production',
      RETENTION_DAYS: '0',
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'pk_live_oops',
      PUBLIC_URL: 'http://soultribe.example',
      DEV_READING_CLOCK: 'true',
    };
    expect(variablesOf(env)).toEqual([
      'RETENTION_DAYS',
      'STRIPE_SECRET_KEY',
      'DEV_READING_CLOCK',
      'AUTH_SECRET',
      'STRIPE_WEBHOOK_SECRET',
      'PUBLIC_URL',
      'SMTP_URL',
    ]);
    const message = [
      'Invalid configuration:',
      '  AUTH_SECRET: required in production (at least 32 characters)',
      '  PAYMENTS_PROVIDER: required in production: set stripe (or sandbox with ALLOW_TEST_PAYMENTS=true on a staging site)',
      '  PUBLIC_URL: required in production: the https:// address people open (links in mail and sign-in use it)',
      '  SMTP_URL: required in production: set smtp://user:pass@host:587 (or MAIL_TRANSPORT=mailbox to keep mail in DATA_DIR/mailbox)',
    ].join('\n');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      expect.objectContaining({ name: 'ConfigError', message }),
    );
  });
});
