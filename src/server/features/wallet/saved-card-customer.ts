import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentCustomers, savedCards } from '../../db/schema';

/**
 * The provider Customer a saved card of this user belongs to (issue 28), so a direct deposit can
 * charge it off session; undefined for any other payment method (the sandbox's test cards).
 */
export async function customerOfSavedCard(db: DbOrTx, userId: string, paymentMethodId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(savedCards)
    .innerJoin(paymentCustomers, eq(paymentCustomers.userId, savedCards.userId))
    .where(and(eq(savedCards.id, paymentMethodId), eq(savedCards.userId, userId)));
  return row?.customerId;
}
