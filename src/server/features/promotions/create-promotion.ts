import { randomUUID } from 'node:crypto';
import type { createPromotionSchema, Promotion } from '@shared/promotions';
import type { z } from '@shared/zod-config';
import { promotions } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest } from '../../errors';
import type { SessionUser } from '../auth';
import type { PromotionDeps } from './deps';
import { loadPromotion } from './list-promotions';

/** An operator creates a code (decision 066). Its code is unique: a second one with the same letters is a bad field. */
export async function createPromotion(
  deps: PromotionDeps,
  admin: SessionUser,
  input: z.output<typeof createPromotionSchema>,
): Promise<Promotion> {
  const id = randomUUID();
  try {
    await deps.db.insert(promotions).values({
      id,
      code: input.code,
      creditCents: input.creditCents,
      bonusPercent: input.bonusPercent,
      minTopUpCents: input.minTopUpCents,
      maxBonusCents: input.bonusPercent > 0 ? input.maxBonusCents : null,
      startsAt: new Date(input.startsAt),
      endsAt: input.endsAt === null ? null : new Date(input.endsAt),
      creditDays: input.creditDays,
      maxRedemptions: input.maxRedemptions,
      budgetCents: input.budgetCents,
      // The welcome offer is for new clients by definition.
      newClientsOnly: input.newClientsOnly || input.welcome,
      isWelcome: input.welcome,
      createdBy: admin.id,
      createdAt: new Date(deps.clock.now()),
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw badRequest(`code: There is already a promotion with the code ${input.code}`, {
        code: `There is already a promotion with the code ${input.code}`,
      });
    throw error;
  }
  return loadPromotion(deps, id);
}
