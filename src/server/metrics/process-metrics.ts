import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * What this process has done, for Prometheus (decision 050): one registry for the process, since the
 * billing engine and the ledger count into it wherever they run, however many apps a test builds.
 * Each app's `/metrics` merges it with that app's own gauges (metrics-routes.ts). Counters are
 * per process, as Prometheus expects: a dashboard sums them over the instances.
 */
export const processRegistry = new Registry();

// CPU, memory, event-loop lag, GC and handles of this Node process, under the `soul_` prefix.
collectDefaultMetrics({ register: processRegistry, prefix: 'soul_' });

export const billedMinutes = new Counter({
  name: 'soul_billed_minutes_total',
  help: 'Reading minutes billed by this process, counted once their transaction committed (free minutes apart).',
  labelNames: ['free'] as const,
  registers: [processRegistry],
});

export const ledgerChargeWrites = new Counter({
  name: 'soul_ledger_charges_total',
  help: 'Split charges written to the ledger by this process, by kind (a replayed charge is not counted; a charge whose transaction then rolled back is).',
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});

export const rateLimitFallbacks = new Counter({
  name: 'soul_rate_limit_fallbacks_total',
  help: 'Times Redis stopped answering and the rate limits went on counting in this process (rate-limit-store.ts).',
  registers: [processRegistry],
});

export const mailFailures = new Counter({
  name: 'soul_mail_failures_total',
  help: 'Mail this process gave up on after its last attempt (marked failed), by kind (mail/mail-worker.ts).',
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});

export const paymentProviderErrors = new Counter({
  name: 'soul_payment_provider_errors_total',
  help: "Failures of the payment provider's API seen by this process (not a card's decline), by provider and Stripe error type (payments/stripe.ts).",
  labelNames: ['provider', 'type'] as const,
  registers: [processRegistry],
});

export const ledgerChargeSeconds = new Histogram({
  name: 'soul_ledger_charge_seconds',
  help: 'Time of one ledger charge statement (a batch of split charges), in seconds.',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [processRegistry],
});
