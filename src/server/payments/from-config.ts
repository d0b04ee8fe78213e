import type { Config } from '../config';
import type { PaymentsProvider } from './provider';
import { sandboxPayments } from './sandbox';
import { stripePayments } from './stripe';

/** The provider the configuration asks for: the sandbox unless PAYMENTS_PROVIDER=stripe. */
export function paymentsFromConfig(config: Config): PaymentsProvider {
  const { provider, stripeSecretKey, stripeApi } = config.payments;
  // loadConfig refuses PAYMENTS_PROVIDER=stripe without a key, so the key is here when asked for.
  if (provider === 'stripe' && stripeSecretKey) return stripePayments({ secretKey: stripeSecretKey, api: stripeApi });
  return sandboxPayments();
}
