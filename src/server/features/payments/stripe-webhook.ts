import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { SERVER_EVENTS } from '@shared/realtime';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { providerEvents } from '../../db/schema';
import { ERROR_CODES } from '@shared/errors';
import { AppError, badRequest } from '../../errors';
import type { PaymentsProvider } from '../../payments/provider';
import type { Realtime } from '../../realtime/realtime';
import { handleAccountUpdated, handleTransferReversed } from '../payouts';
import { recordCardPayment } from './card-payments';
import { creditCheckoutDeposit, depositIdOfIntent, failPendingDeposit } from './deposit-events';
import { closeDispute, openDispute } from './dispute-events';
import { collectEffects, type EventEffects } from './event-effects';
import { refundConfirmed } from './refund-deposit';
import { cardAttached, cardDetached } from './saved-cards';
import {
  accountObject,
  chargeObject,
  stripeEventEnvelope,
  checkoutSessionObject,
  disputeObject,
  paymentIntentObject,
  paymentMethodObject,
  transferObject,
} from './stripe-objects';

/** Stripe's own default: an event signed more than 5 minutes before it arrives is refused (a replay). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface WebhookDeps {
  db: Db;
  payments: PaymentsProvider;
  realtime: Realtime;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Runs once a deposit is credited (a reading paused for funds resumes); it must not throw. */
  onDeposited?: (userId: string) => Promise<void>;
}

/** A delivery whose signature does not check (400): what the per-IP limit on forged posts counts. */
export class UnsignedDeliveryError extends AppError {}

/** The SDK's verifier needs no key of ours: the endpoint's secret is what signs. */
const verifier = new Stripe('sk_verify_only_no_api_calls');

type Handler = (tx: Tx, object: unknown, effects: EventEffects) => Promise<string>;

/** Each event type we act on, with the shape of its object; every other type is answered 200 and ignored. */
const HANDLERS: Record<string, Handler> = {
  'checkout.session.completed': (tx, object, effects) =>
    creditCheckoutDeposit(tx, checkoutSessionObject.parse(object), effects),
  'checkout.session.async_payment_succeeded': (tx, object, effects) =>
    creditCheckoutDeposit(tx, checkoutSessionObject.parse(object), effects),
  'checkout.session.expired': (tx, object, effects) =>
    failPendingDeposit(
      tx,
      checkoutSessionObject.parse(object).metadata?.deposit_id,
      'The checkout page expired before the payment was made.',
      effects.now,
    ),
  'checkout.session.async_payment_failed': (tx, object, effects) =>
    failPendingDeposit(
      tx,
      checkoutSessionObject.parse(object).metadata?.deposit_id,
      'The payment failed.',
      effects.now,
    ),
  'payment_intent.payment_failed': (tx, object, effects) =>
    failPendingDeposit(tx, depositIdOfIntent(paymentIntentObject.parse(object)), 'The payment failed.', effects.now),
  'charge.dispute.created': (tx, object, effects) => openDispute(tx, disputeObject.parse(object), effects),
  'charge.dispute.closed': (tx, object, effects) => closeDispute(tx, disputeObject.parse(object), effects),
  'charge.refunded': (tx, object, effects) => refundConfirmed(tx, chargeObject.parse(object), effects),
  'charge.succeeded': (tx, object, effects) => recordCardPayment(tx, chargeObject.parse(object), effects.now),
  'payment_method.attached': (tx, object, effects) => cardAttached(tx, paymentMethodObject.parse(object), effects.now),
  'payment_method.detached': (tx, object) => cardDetached(tx, paymentMethodObject.parse(object)),
  'account.updated': (tx, object, effects) => handleAccountUpdated(tx, accountObject.parse(object), effects.now),
  'transfer.reversed': (tx, object, effects) => handleTransferReversed(tx, transferObject.parse(object), effects),
};

/** The event types to enable on the webhook endpoint (README 'Payments'). */
export const HANDLED_EVENT_TYPES = Object.keys(HANDLERS);

/**
 * One delivery of Stripe's webhook. The signature is checked by the SDK on the body exactly as it
 * arrived (`stripe.webhooks.constructEvent`, 5-minute tolerance on our clock); a bad one is a 400
 * and nothing is written, as is a signed body that is not an event (no id, no data.object, an
 * array, null: stripeEventEnvelope), logged. A good one is acted on in one transaction that first records the event's
 * id: a replay, or a delivery racing this one, finds the row and moves nothing. The answer is
 * 'handled' or why it was ignored (200 either way, so Stripe stops sending it); a database failure
 * throws, the transaction rolls back with the event's row, and Stripe's retry is handled as new.
 */
export async function receiveStripeWebhook(
  deps: WebhookDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<string> {
  let signed: unknown;
  try {
    signed = verifier.webhooks.constructEvent(
      rawBody,
      signature ?? '',
      deps.payments.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      deps.clock.now(),
    );
  } catch (error) {
    deps.log.warn({ err: error }, 'refused a webhook delivery: its Stripe-Signature does not check');
    throw new UnsignedDeliveryError(ERROR_CODES.badRequest, 'The Stripe-Signature header does not match this payload');
  }
  const parsed = stripeEventEnvelope.safeParse(signed);
  if (!parsed.success) {
    deps.log.warn({ issues: parsed.error.issues }, 'refused a signed webhook delivery: its body is not a Stripe event');
    throw badRequest('This payload is not a Stripe event: it needs an id, a type and data.object');
  }
  const event = parsed.data;
  const now = new Date(deps.clock.now());
  const { effects, wallets, depositors } = collectEffects(now);
  const handler = HANDLERS[event.type];
  const outcome = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(providerEvents)
      .values({ id: event.id, type: event.type, outcome: 'received', receivedAt: now })
      .onConflictDoNothing({ target: providerEvents.id })
      .returning({ id: providerEvents.id });
    if (!fresh) return 'ignored: event already received';
    let result = 'ignored: event type not handled';
    if (handler) {
      try {
        result = await handler(tx, event.data.object, effects);
      } catch (error) {
        // An object without what we read is ignored (Stripe would only send it again); anything else is ours to fix.
        if (!(error instanceof Error && error.name === 'ZodError')) throw error;
        result = 'ignored: object not understood';
      }
    }
    await tx.update(providerEvents).set({ outcome: result }).where(eq(providerEvents.id, event.id));
    return result;
  });
  const logged = { eventId: event.id, type: event.type, outcome };
  if (outcome.startsWith('ignored') && handler && outcome !== 'ignored: event already received')
    deps.log.warn(logged, 'a Stripe event was ignored');
  else deps.log.info(logged, 'Stripe event');
  for (const [userId, balanceCents] of wallets)
    deps.realtime.toUser(userId, SERVER_EVENTS.walletUpdated, { balanceCents });
  for (const userId of depositors) await deps.onDeposited?.(userId);
  return outcome;
}
