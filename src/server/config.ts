import { isIP } from 'node:net';
import { SHIP_WITHIN_DAYS_DEFAULT } from '@shared/shipping';
import { join } from 'node:path';
import { PAYOUT_MIN_CENTS } from '@shared/constants';
import { LIVE_FORWARDER_MAX_VIEWERS, LIVE_P2P_MAX_VIEWERS } from '@shared/live';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

/** proxy-addr's names for address ranges, accepted by Fastify's trustProxy beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d+$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (version === 4 ? 32 : 128);
}

/**
 * Which hops may set X-Forwarded-For (so request.ip, and the per-IP sign-in limit, use it): none by
 * default, since trusting every hop lets any caller pick its own IP; a hop count (1 behind one
 * proxy) or the proxies' addresses and CIDRs.
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((text, ctx): false | number | string => {
    const value = text?.trim() ?? '';
    if (['', 'false', 'off', 'no', '0'].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    if (entries.every(isProxyAddress)) return entries.join(',');
    ctx.addIssue({
      code: 'custom',
      message: 'TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy addresses/CIDRs',
    });
    return z.NEVER;
  });

const originListSchema = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const origins: string[] = [];
    for (const entry of (text ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)) {
      const url = URL.canParse(entry) ? new URL(entry) : undefined;
      if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
        ctx.addIssue({
          code: 'custom',
          message: `TRUSTED_ORIGINS: '${entry}' is not an origin like https://www.example.com`,
        });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

/** A comma-separated list of http(s) URLs, such as Janus's HTTP APIs. */
const httpUrlListSchema = (example: string) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      const urls = (text ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean);
      const wrong = urls.find((u) => !URL.canParse(u) || !['http:', 'https:'].includes(new URL(u).protocol));
      if (wrong !== undefined) {
        ctx.addIssue({ code: 'custom', message: `'${wrong}' is not an http(s) URL like ${example}` });
        return z.NEVER;
      }
      return urls.map((u) => u.replace(/\/$/, ''));
    });

/** Where Janus's admin API is when JANUS_ADMIN_URL does not say: Janus's own defaults (admin_port 7088, admin_base_path /admin). */
const defaultJanusAdminUrl = (janusUrl: string) => {
  const url = new URL(janusUrl);
  return `${url.protocol}//${url.hostname}:7088/admin`;
};

const DEFAULT_ICE_SERVERS = [{ urls: ['stun:stun.l.google.com:19302', 'stun:stun1.l.google.com:19302'] }];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  TRUSTED_ORIGINS: originListSchema,
  TRUST_PROXY: trustProxySchema,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  REDIS_URL: z.string().optional(),
  // Redis pub/sub ignores the database number: two sites on one Redis would hear each other's
  // broadcasts on Socket.IO's default channel. Every channel and key starts with this.
  REDIS_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9._:@-]{0,100}$/,
      'REDIS_PREFIX may hold letters, digits and . _ : @ - (at most 100), e.g. soultribe.app:',
    )
    .optional(),
  BILLING_MINUTE_MS: z.coerce.number().int().min(200).default(60_000),
  // On SIGTERM the node drains (drain.ts) and exits within this, whatever its clients do.
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // Chat messages are deleted this many days after they were sent (the privacy policy says so).
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: booleanFromEnv.optional(),
  // The end-to-end suite's shortcut to an appointment's start (never in production): see appointments/dev-routes.ts.
  DEV_APPOINTMENT_SHORTCUT: booleanFromEnv.optional(),
  // The end-to-end suite's clock for one reading (never in production): see sessions/dev-routes.ts.
  DEV_READING_CLOCK: booleanFromEnv.optional(),
  // The test suites' cheap password hash (never in production): see auth/password-hasher.ts.
  DEV_FAST_PASSWORD_HASH: booleanFromEnv.optional(),
  ICE_SERVERS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return DEFAULT_ICE_SERVERS;
      try {
        return z.array(iceServerSchema).parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'ICE_SERVERS must be a JSON array of RTCIceServer objects' });
        return z.NEVER;
      }
    }),
  // TURN for readings behind symmetric NATs: each participant gets a credential of their own from
  // TURN_SECRET, valid TURN_TTL_S (features/sessions/turn-credentials.ts), never a shared password.
  TURN_URLS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const urls = (text ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean);
      const wrong = urls.find((u) => !/^turns?:[^\s]+$/.test(u));
      if (wrong !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `'${wrong}' is not a TURN URL like turn:turn.example.com:3478?transport=udp or turns:turn.example.com:5349`,
        });
        return z.NEVER;
      }
      return urls;
    }),
  TURN_SECRET: z
    .string()
    .min(16, "TURN_SECRET must be at least 16 characters (coturn's static-auth-secret)")
    .optional(),
  TURN_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(6 * 3600),
  AUTH_SECRET: z.string().min(32).optional(),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  AUTH_RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(30),
  /** Reader applications one IP may send per hour (decision 045): a few people share a household's address. */
  APPLICATION_RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(5),
  AUTH_RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().positive().default(10),
  API_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  API_RATE_LIMIT_USER_MAX: z.coerce.number().int().positive().default(300),
  API_RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(1_200),
  /** Posts to the payment webhook whose signature does not check, per IP per API window (decision 059). */
  WEBHOOK_FORGED_IP_MAX: z.coerce.number().int().positive().default(20),
  // 'sandbox' outside production; production must choose (RULES below).
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  // A staging site: production code, the sandbox's play money, and a banner on every page saying so.
  ALLOW_TEST_PAYMENTS: booleanFromEnv.optional(),
  // A pasted key that lost its prefix (or a publishable pk_…) fails here, not at the first payment.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(live|test)_/,
      'must be a Stripe secret key: sk_live_…, sk_test_… (or a restricted rk_live_…, rk_test_…) from Developers → API keys',
    )
    .optional(),
  // The webhook endpoint's signing secret (whsec_…), from the dashboard or `stripe listen`.
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Payouts to readers (decision 039): the least a payout may be, and whether they go out on their own.
  PAYOUT_MINIMUM_CENTS: z.coerce.number().int().min(100).max(10_000_000).default(PAYOUT_MIN_CENTS),
  PAYOUT_SCHEDULE: z.enum(['manual', 'weekly']).default('manual'),
  // Physical orders (decision 043): days a seller has to ship before the buyer may cancel for a refund.
  SHIP_WITHIN_DAYS: z.coerce.number().int().min(1).max(90).default(SHIP_WITHIN_DAYS_DEFAULT),
  // Referral credit (decision 066): what each side of a referral gets, and how long it lasts; 0 turns it off.
  REFERRAL_CREDIT_CENTS: z.coerce.number().int().min(0).max(10_000).default(500),
  REFERRAL_CREDIT_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Point the Stripe client at another API host (a local stand-in in tests); Stripe's own by default.
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['https', 'http']).optional(),
  // Live media (docs/decisions/025): the peer-to-peer cap may be lowered, never raised above what
  // the reader's page serves; the forwarder takes the viewers above it.
  LIVE_P2P_MAX_VIEWERS: z.coerce.number().int().min(0).max(LIVE_P2P_MAX_VIEWERS).default(LIVE_P2P_MAX_VIEWERS),
  LIVE_FORWARDER: booleanFromEnv.default(true),
  LIVE_FORWARDER_MAX_VIEWERS: z.coerce.number().int().min(0).default(LIVE_FORWARDER_MAX_VIEWERS),
  LIVE_FORWARDER_ANNOUNCED_IP: z.union([z.ipv4(), z.ipv6()]).optional(),
  LIVE_FORWARDER_PORT_RANGE: z
    .string()
    .regex(/^\d+-\d+$/, 'LIVE_FORWARDER_PORT_RANGE must look like 40000-40999')
    .transform((text): [number, number] => {
      const [low, high] = text.split('-').map(Number);
      return [low!, high!];
    })
    .refine(
      ([low, high]) => low >= 1024 && low <= high && high <= 65535,
      'LIVE_FORWARDER_PORT_RANGE must be within 1024-65535, low to high',
    )
    .optional(),
  // Janus for live video (decision 061): its HTTP APIs, one URL a server; unset, the embedded path above serves.
  JANUS_URL: httpUrlListSchema('http://127.0.0.1:8088/janus'),
  // Its admin APIs (add_token, remove_token), one a JANUS_URL in the same order; default each one's host on 7088, /admin.
  JANUS_ADMIN_URL: httpUrlListSchema('http://127.0.0.1:7088/admin'),
  // janus.jcfg's api_secret and admin_secret; production refuses Janus without them (RULES below).
  JANUS_API_SECRET: z
    .string()
    .min(16, "JANUS_API_SECRET must be at least 16 characters (janus.jcfg's api_secret)")
    .optional(),
  JANUS_ADMIN_SECRET: z
    .string()
    .min(16, "JANUS_ADMIN_SECRET must be at least 16 characters (janus.jcfg's admin_secret)")
    .optional(),
  // Mail (docs/decisions/028): SMTP when SMTP_URL is set, otherwise a local mailbox under DATA_DIR;
  // MAIL_TRANSPORT=mailbox keeps it local even with SMTP_URL; production needs one or the other (RULES below).
  MAIL_TRANSPORT: z.enum(['smtp', 'mailbox']).optional(),
  SMTP_URL: z
    .string()
    .optional()
    .refine(
      (url) => !url || /^smtps?:\/\//.test(url),
      'SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465',
    ),
  MAIL_FROM: z.string().trim().min(3).optional(),
  // Web Push (docs/decisions/049): the server's VAPID key pair, base64url as web-push
  // generates it (`npx web-push generate-vapid-keys`), and who push services may contact about it.
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{42,44}={0,2}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .refine(
      (value) => /^mailto:.+@.+/.test(value) || /^https:\/\/[^/]/.test(value),
      'VAPID_SUBJECT must be a mailto: address or an https: URL',
    )
    .optional(),
  // Admins must turn on two-factor sign-in before the admin endpoints open; on in production by default.
  REQUIRE_ADMIN_2FA: booleanFromEnv.optional(),
  // Prometheus scrapes GET /metrics with this bearer token; in production /metrics exists only when it is set.
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  // The API's reference page and OpenAPI document at /api/docs: `public` serves them, `off` answers 404.
  // Off in production unless set: the document lists every route, the admin's among them.
  API_DOCS: z.enum(['public', 'off']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Every variable the server reads, for .env.example's check (env-example.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type Config = ReturnType<typeof loadConfig>;
type Env = z.output<typeof envSchema>;

/** One thing wrong with the environment: the variable to change and what to set it to. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

export const formatConfigProblem = ({ variable, message }: ConfigProblem) => `  ${variable}: ${message}`;

/** Every problem found at start, so an operator fixes them in one go rather than one per restart. */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];

  constructor(problems: readonly ConfigProblem[]) {
    super(`Invalid configuration:\n${problems.map(formatConfigProblem).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const DEFAULT_MAIL_FROM = 'Soul Tribe <no-reply@soultribe.app>';
/** The address of a sender such as `Soul Tribe <hello@example.com>`. */
const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

const inProduction = (e: Env) => e.NODE_ENV === 'production';
/** Where plain http is still safe: the operator's own machine (a production build tried locally). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const isSafeOrigin = (url: URL) =>
  url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
const hasUnsafePublicUrl = (e: Env) => e.PUBLIC_URL !== undefined && !isSafeOrigin(new URL(e.PUBLIC_URL));
/** SMTP unless MAIL_TRANSPORT says otherwise; without an SMTP_URL there is only the mailbox. */
const mailTransport = (e: Env) => e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'mailbox');

interface Rule {
  variable: string;
  refuses: (e: Env) => boolean;
  message: string;
}

/**
 * What zod cannot see field by field: variables that need each other, and what production refuses
 * because it would take play money, send links nobody can open, or drop mail (docs/decisions/053).
 */
const RULES: readonly Rule[] = [
  // Test-only routes move money's timeline or an appointment.
  ...(['DEV_APPOINTMENT_SHORTCUT', 'DEV_READING_CLOCK'] as const).map((flag) => ({
    variable: flag,
    refuses: (e: Env) => inProduction(e) && e[flag] === true,
    message: 'a test-only route, refused in production (unset it)',
  })),
  {
    variable: 'DEV_FAST_PASSWORD_HASH',
    refuses: (e) => inProduction(e) && e.DEV_FAST_PASSWORD_HASH === true,
    message: 'passwords hashed too cheaply to resist guessing, refused in production (unset it)',
  },
  {
    variable: 'AUTH_SECRET',
    refuses: (e) => inProduction(e) && !e.AUTH_SECRET,
    message: 'required in production (at least 32 characters)',
  },
  {
    variable: 'PAYMENTS_PROVIDER',
    refuses: (e) => inProduction(e) && !e.PAYMENTS_PROVIDER,
    message: 'required in production: set stripe (or sandbox with ALLOW_TEST_PAYMENTS=true on a staging site)',
  },
  {
    variable: 'PAYMENTS_PROVIDER',
    refuses: (e) => inProduction(e) && e.PAYMENTS_PROVIDER === 'sandbox' && !e.ALLOW_TEST_PAYMENTS,
    message: 'sandbox takes no real money: set stripe (or ALLOW_TEST_PAYMENTS=true on a staging site)',
  },
  {
    variable: 'STRIPE_SECRET_KEY',
    refuses: (e) => e.PAYMENTS_PROVIDER === 'stripe' && !e.STRIPE_SECRET_KEY,
    message: 'required when PAYMENTS_PROVIDER=stripe',
  },
  {
    variable: 'STRIPE_WEBHOOK_SECRET',
    refuses: (e) => e.PAYMENTS_PROVIDER === 'stripe' && !e.STRIPE_WEBHOOK_SECRET,
    message: 'required when PAYMENTS_PROVIDER=stripe (the whsec_… of your webhook endpoint, or of `stripe listen`)',
  },
  {
    variable: 'PUBLIC_URL',
    refuses: (e) => inProduction(e) && !e.PUBLIC_URL,
    message: 'required in production: the https:// address people open (links in mail and sign-in use it)',
  },
  {
    variable: 'PUBLIC_URL',
    refuses: (e) => inProduction(e) && hasUnsafePublicUrl(e),
    message: 'must be https:// in production (plain http only for localhost)',
  },
  {
    variable: 'SMTP_URL',
    refuses: (e) => inProduction(e) && !e.SMTP_URL && e.MAIL_TRANSPORT !== 'mailbox',
    message:
      'required in production: set smtp://user:pass@host:587 (or MAIL_TRANSPORT=mailbox to keep mail in DATA_DIR/mailbox)',
  },
  {
    variable: 'SMTP_URL',
    refuses: (e) => !inProduction(e) && !e.SMTP_URL && e.MAIL_TRANSPORT === 'smtp',
    message: 'required when MAIL_TRANSPORT=smtp',
  },
  {
    variable: 'MAIL_FROM',
    refuses: (e) => mailTransport(e) === 'smtp' && Boolean(e.SMTP_URL) && !e.MAIL_FROM,
    message: 'required when SMTP_URL is set (e.g. "Soul Tribe <hello@example.com>")',
  },
  {
    variable: 'TURN_SECRET',
    refuses: (e) => e.TURN_URLS.length > 0 && !e.TURN_SECRET,
    message: "required when TURN_URLS is set (coturn's static-auth-secret)",
  },
  {
    variable: 'TURN_URLS',
    refuses: (e) => e.TURN_URLS.length === 0 && Boolean(e.TURN_SECRET),
    message: 'required when TURN_SECRET is set (the turn: and turns: URLs of the server)',
  },
  // Without its secrets, anyone who reaches Janus may create, list and destroy rooms and mint tokens.
  ...(['JANUS_API_SECRET', 'JANUS_ADMIN_SECRET'] as const).map((secret) => ({
    variable: secret,
    refuses: (e: Env) => inProduction(e) && e.JANUS_URL.length > 0 && !e[secret],
    message: `required in production with JANUS_URL (janus.jcfg's ${secret === 'JANUS_API_SECRET' ? 'api_secret' : 'admin_secret'})`,
  })),
  {
    variable: 'JANUS_ADMIN_URL',
    refuses: (e) => e.JANUS_ADMIN_URL.length > 0 && e.JANUS_ADMIN_URL.length !== e.JANUS_URL.length,
    message: "one admin URL a JANUS_URL, in the same order (or unset for each one's host on port 7088, /admin)",
  },
  {
    variable: 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY',
    refuses: (e) => Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY),
    message: 'set both (a key pair) or neither',
  },
];

/** The rules' problems, leaving out those about variables already refused (one line a variable is enough). */
const ruleProblems = (e: Env, refused: ReadonlySet<string> = new Set()): ConfigProblem[] =>
  RULES.filter((rule) => !rule.variable.split(', ').some((name) => refused.has(name)) && rule.refuses(e)).map(
    ({ variable, message }) => ({ variable, message }),
  );

/**
 * zod's issues and the rules' together. When zod refuses a variable, the rules still judge the rest,
 * reading the refused ones as unset: the operator sees every problem in one start, not one a restart.
 */
function findProblems(env: NodeJS.ProcessEnv): { e?: Env; problems: ConfigProblem[] } {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return { e: parsed.data, problems: ruleProblems(parsed.data) };
  const problems = parsed.error.issues.map((issue) => ({ variable: issue.path.join('.'), message: issue.message }));
  const refused = new Set(problems.map((p) => p.variable));
  const rest = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([name]) => !refused.has(name))));
  return { problems: rest.success ? [...problems, ...ruleProblems(rest.data, refused)] : problems };
}

/** Reads and checks the environment once at start; anything wrong stops the server with the whole list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const { e, problems } = findProblems(env);
  if (!e || problems.length > 0) throw new ConfigError(problems);
  const isProduction = e.NODE_ENV === 'production';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const trustedOrigins = [publicUrl, ...e.TRUSTED_ORIGINS];
  if (!isProduction) trustedOrigins.push(`http://127.0.0.1:${e.PORT}`, `http://localhost:${e.PORT}`);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    /** Origins whose pages may call the API with the user's cookie and open sockets (CSRF). */
    trustedOrigins: [...new Set(trustedOrigins)],
    trustProxy: e.TRUST_PROXY,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    /** Before every Redis channel and key of this site: the public host's name unless REDIS_PREFIX says otherwise. */
    redisPrefix: e.REDIS_PREFIX ?? `${new URL(publicUrl).host}:`,
    billingMinuteMs: e.BILLING_MINUTE_MS,
    drainTimeoutMs: e.DRAIN_TIMEOUT_MS,
    shipWithinDays: e.SHIP_WITHIN_DAYS,
    referralCredit: { cents: e.REFERRAL_CREDIT_CENTS, days: e.REFERRAL_CREDIT_DAYS },
    retentionDays: e.RETENTION_DAYS,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    /** POST /api/dev/appointments/:id/start-soon, for the end-to-end suite: never in production. */
    devAppointmentShortcut: e.DEV_APPOINTMENT_SHORTCUT ?? false,
    /** POST /api/dev/sessions/:id/advance, the end-to-end suite's clock for one reading: never in production. */
    devReadingClock: e.DEV_READING_CLOCK ?? false,
    /** Passwords hashed at 1/32 of the standard cost, for the test suites: never in production. */
    devFastPasswordHash: e.DEV_FAST_PASSWORD_HASH ?? false,
    iceServers: e.ICE_SERVERS,
    turn:
      e.TURN_URLS.length > 0 && e.TURN_SECRET
        ? { urls: e.TURN_URLS, secret: e.TURN_SECRET, ttlSeconds: e.TURN_TTL_S }
        : undefined,
    // A fixed development secret keeps sessions across restarts outside production only.
    authSecret: e.AUTH_SECRET ?? 'soul-tribe-development-secret-not-for-production-use',
    authRateLimit: {
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_MS,
      ipMax: e.AUTH_RATE_LIMIT_IP_MAX,
      accountMax: e.AUTH_RATE_LIMIT_ACCOUNT_MAX,
    },
    /** Reader applications per IP per hour; each one is an admin's reading time and a mail sent. */
    applicationRateLimit: { windowMs: 60 * 60 * 1000, ipMax: e.APPLICATION_RATE_LIMIT_IP_MAX },
    /** Every state-changing API request counts against its user's and its IP's budget. */
    apiRateLimit: {
      windowMs: e.API_RATE_LIMIT_WINDOW_MS,
      userMax: e.API_RATE_LIMIT_USER_MAX,
      ipMax: e.API_RATE_LIMIT_IP_MAX,
    },
    /** Unsigned or forged posts to the payment webhook per IP; the provider's signed ones never count. */
    forgedWebhookLimit: { windowMs: e.API_RATE_LIMIT_WINDOW_MS, ipMax: e.WEBHOOK_FORGED_IP_MAX },
    payments: {
      provider: e.PAYMENTS_PROVIDER ?? 'sandbox',
      /** A staging site's play money: every page says so (GET /api/payments/config, the web's banner). */
      testMode: isProduction && e.PAYMENTS_PROVIDER === 'sandbox' && e.ALLOW_TEST_PAYMENTS === true,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      payoutMinimumCents: e.PAYOUT_MINIMUM_CENTS,
      payoutSchedule: e.PAYOUT_SCHEDULE,
      stripeApi: { host: e.STRIPE_API_HOST, port: e.STRIPE_API_PORT, protocol: e.STRIPE_API_PROTOCOL },
    },
    liveMedia: {
      p2pMaxViewers: e.LIVE_P2P_MAX_VIEWERS,
      forwarder: e.LIVE_FORWARDER
        ? {
            maxViewers: e.LIVE_FORWARDER_MAX_VIEWERS,
            ...(e.LIVE_FORWARDER_ANNOUNCED_IP && { announcedAddresses: [e.LIVE_FORWARDER_ANNOUNCED_IP] }),
            ...(e.LIVE_FORWARDER_PORT_RANGE && { portRange: e.LIVE_FORWARDER_PORT_RANGE }),
          }
        : undefined,
      /** Janus servers for live video (decision 061); undefined: the embedded path. */
      janus:
        e.JANUS_URL.length > 0
          ? {
              servers: e.JANUS_URL.map((url, i) => ({
                url,
                adminUrl: e.JANUS_ADMIN_URL[i] ?? defaultJanusAdminUrl(url),
              })),
              apiSecret: e.JANUS_API_SECRET,
              adminSecret: e.JANUS_ADMIN_SECRET,
            }
          : undefined,
    },
    mail: {
      /** The SMTP server mail goes through; unset, mail stays in the local mailbox (MAIL_TRANSPORT). */
      smtpUrl: mailTransport(e) === 'smtp' ? e.SMTP_URL : undefined,
      from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM,
      /** The local mailbox's folder, used when mail goes through no SMTP server. */
      mailboxDir: join(e.DATA_DIR, 'mailbox'),
      /** /dev/mailbox and GET /api/dev/mailbox: never in production, where mail may be real. */
      isMailboxReadable: !isProduction,
    },
    push: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      /**
       * Without keys, outside production, a pair is generated once and kept here, so subscriptions
       * survive restarts. In production there is no such file: several processes (or machines)
       * must sign with one pair, so push stays off until the keys are set.
       */
      generatedKeysFile: isProduction ? undefined : join(e.DATA_DIR, 'vapid-keys.json'),
      subject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM ?? DEFAULT_MAIL_FROM)}`,
      /** Outside production any http(s) endpoint is accepted (the tests' own push service on 127.0.0.1). */
      allowsAnyEndpoint: !isProduction,
    },
    requireAdminTwoFactor: e.REQUIRE_ADMIN_2FA ?? isProduction,
    metricsToken: e.METRICS_TOKEN,
    /** Whether /api/docs and its OpenAPI document answer (api-docs.ts): outside production unless API_DOCS=off. */
    apiDocs: e.API_DOCS ?? (isProduction ? 'off' : 'public'),
    logLevel: e.LOG_LEVEL,
  };
}
