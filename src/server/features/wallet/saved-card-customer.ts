import { and, eq } from 'drizzle-orm';
import { NOT_YOUR_CARD_MESSAGE } from '@shared/wallet';
import type { DbOrTx } from '../../db/client';
import { paymentCustomers, savedCards } from '../../db/schema';
import { badRequest } from '../../errors';

/**
 * A saved card pays only for its owner: anyone else naming its id is refused (400) before a deposit
 * is recorded or the provider asked, since the provider would otherwise try the owner's card. Ids
 * that are no one's saved card (the sandbox's test cards) are left to the provider to judge.
 */
export async function refuseAnotherPersonsCard(db: DbOrTx, userId: string, paymentMethodId: string): Promise<void> {
  const [card] = await db
    .select({ userId: savedCards.userId })
    .from(savedCards)
    .where(eq(savedCards.id, paymentMethodId));
  if (card && card.userId !== userId)
    throw badRequest(NOT_YOUR_CARD_MESSAGE, { paymentMethodId: NOT_YOUR_CARD_MESSAGE });
}

/**
 * The provider Customer a saved card of this user belongs to (decision 039), so a direct deposit can
 * charge it off session; undefined for any other payment method (the sandbox's test cards).
 */
export async function customerOfSavedCard(
  db: DbOrTx,
  userId: string,
  paymentMethodId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(savedCards)
    .innerJoin(paymentCustomers, eq(paymentCustomers.userId, savedCards.userId))
    .where(and(eq(savedCards.id, paymentMethodId), eq(savedCards.userId, userId)));
  return row?.customerId;
}
