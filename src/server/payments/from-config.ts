import type { Clock } from '../clock';
import type { Config } from '../config';
import type { PaymentsProvider } from './provider';
import { sandboxPayments } from './sandbox';
import { stripePayments } from './stripe';

/** The provider the configuration asks for: the sandbox unless PAYMENTS_PROVIDER=stripe. */
export function paymentsFromConfig(
  config: Config,
  clock: Clock,
  log?: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void },
): PaymentsProvider {
  const { provider, stripeSecretKey, stripeWebhookSecret, stripeApi } = config.payments;
  // loadConfig refuses PAYMENTS_PROVIDER=stripe without the keys, so they are here when asked for.
  if (provider === 'stripe' && stripeSecretKey && stripeWebhookSecret) {
    return stripePayments({ secretKey: stripeSecretKey, webhookSecret: stripeWebhookSecret, api: stripeApi, log });
  }
  return sandboxPayments({ publicUrl: config.publicUrl, now: () => clock.now() });
}
