import { and, desc, eq } from 'drizzle-orm';
import type { SavedCardList } from '@shared/payments';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { paymentCustomers, savedCards, user } from '../../db/schema';
import { notFound } from '../../errors';
import type { PaymentsProvider } from '../../payments/provider';
import type { PaymentMethodObject } from './stripe-objects';

/** The user's Customer at the provider, made the first time they save a card (keyed by the user). */
export async function customerFor(deps: { db: Db; payments: PaymentsProvider }, userId: string): Promise<string> {
  const [known] = await deps.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
  if (known) return known.customerId;
  const [owner] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!owner) throw notFound('User not found');
  const { customerId } = await deps.payments.createCustomer({
    userId,
    email: owner.email,
    idempotencyKey: `customer:${userId}`,
  });
  await deps.db.insert(paymentCustomers).values({ userId, customerId }).onConflictDoNothing();
  return customerId;
}

export async function listSavedCards(db: DbOrTx, userId: string): Promise<SavedCardList> {
  const rows = await db
    .select()
    .from(savedCards)
    .where(eq(savedCards.userId, userId))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
  return {
    cards: rows.map((card) => ({
      id: card.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    })),
  };
}

/** Forgets a saved card: at the provider first, then here (payment_method.detached would do it too). */
export async function removeSavedCard(deps: { db: Db; payments: PaymentsProvider }, userId: string, cardId: string) {
  const [card] = await deps.db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId)));
  if (!card) throw notFound('Card not found');
  await deps.payments.detachPaymentMethod(card.id);
  await deps.db.delete(savedCards).where(eq(savedCards.id, card.id));
}

/** payment_method.attached: a card saved at checkout on a Customer of ours is listed for its user. */
export async function cardAttached(tx: Tx, method: PaymentMethodObject, now: Date): Promise<string> {
  if (!method.customer || !method.card) return 'ignored: not a card on a customer';
  const [owner] = await tx
    .select({ userId: paymentCustomers.userId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.customerId, method.customer));
  if (!owner) return 'ignored: customer of no user of ours';
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
  await tx
    .insert(savedCards)
    .values({ id: method.id, userId: owner.userId, brand, last4, expMonth, expYear, createdAt: now })
    .onConflictDoNothing();
  return 'handled: card saved';
}

/** payment_method.detached: the card can no longer be charged. */
export async function cardDetached(tx: Tx, method: PaymentMethodObject): Promise<string> {
  const removed = await tx.delete(savedCards).where(eq(savedCards.id, method.id)).returning({ id: savedCards.id });
  return removed.length > 0 ? 'handled: card removed' : 'ignored: card not saved';
}
