import { paths } from '@shared/paths';
import { NOTIFICATION_CHANNELS } from '@shared/notification-preferences';
import { offerLink, offerSummary, type Promotion } from '@shared/promotions';
import { and, eq, gt, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Realtime } from '../../realtime/realtime';
import { offerSends, promotions, user } from '../../db/schema';
import { conflict } from '../../errors';
import { promotionOfferMail, queueMail } from '../mail';
import {
  channelOnSql,
  deliverNotifications,
  emailNotBefore,
  type NotificationRow,
  storeNotification,
} from '../notifications';
import type { PromotionDeps } from './deps';
import { isUsedUp, loadPromotion } from './list-promotions';
import { refusalOf } from './redeem-promotion';

export interface OfferDeps extends PromotionDeps {
  realtime: Realtime;
  publicUrl: string;
}

type PromotionRow = typeof promotions.$inferSelect;

const endFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/**
 * An admin sends an active code to the clients who opted into offers (Admin → Promotions, 'Send to
 * clients'): the offers pass then reaches each of them once while it runs. Sending again changes
 * nothing; a code not active now (scheduled, paused, ended, used up) is 409.
 */
export async function announcePromotion(deps: PromotionDeps, id: string): Promise<Promotion> {
  const promotion = await loadPromotion(deps, id);
  if (promotion.state !== 'active') throw conflict('Only an active code can be sent to clients');
  await deps.db
    .update(promotions)
    .set({ announcedAt: new Date(deps.clock.now()) })
    .where(and(eq(promotions.id, id), isNull(promotions.announcedAt)));
  return loadPromotion(deps, id);
}

/**
 * Spelled out: drizzle writes a lone table's columns unqualified, and inside the preference
 * subquery a bare "id" could name another table's column.
 */
const clientId = sql`"user"."id"`;

/**
 * One client's offer, in one transaction: their row in offer_sends claims it (a second node
 * finds it and sends nothing), then the same rules as redeeming decide (already used, new clients
 * only, a deposit limit reached, a break taken: withheld, never sent later). Sent: the bell (if
 * they keep offers in it), a push (deferred by the push worker past quiet hours) and a mail queued
 * for when their quiet hours end.
 */
async function sendOffer(
  deps: OfferDeps,
  promotion: PromotionRow,
  userId: string,
  now: Date,
): Promise<NotificationRow | null> {
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(offerSends)
      .values({ promotionId: promotion.id, userId, outcome: 'withheld', createdAt: now })
      .onConflictDoNothing()
      .returning({ userId: offerSends.userId });
    if (claimed.length === 0 || (await refusalOf(tx, promotion, userId, now, { type: 'offer' }))) return null;
    await tx
      .update(offerSends)
      .set({ outcome: 'sent' })
      .where(and(eq(offerSends.promotionId, promotion.id), eq(offerSends.userId, userId)));

    const summary = offerSummary(promotion);
    const link = offerLink(promotion);
    const mailAt = await emailNotBefore(tx, userId, 'promotion', now);
    if (mailAt) {
      const [person] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
      await queueMail(tx, deps.clock, {
        kind: 'promotion',
        to: person!.email,
        content: promotionOfferMail({
          name: person!.name,
          code: promotion.code,
          summary,
          endsAt: promotion.endsAt ? endFormat.format(promotion.endsAt) : null,
          url: `${deps.publicUrl}${link}`,
          settingsUrl: `${deps.publicUrl}${paths.notificationSettings}`,
        }),
        notBefore: mailAt,
      });
    }
    return storeNotification(tx, {
      userId,
      kind: 'promotion',
      title: `An offer for you: ${promotion.code}`,
      body: summary,
      link,
      subjectId: promotion.id,
      now,
    });
  });
}

/**
 * The offers pass: for each code an admin sent that is still active, up to `batch` clients who
 * opted into offers on some channel and have not been considered for it. Returns the offers sent.
 */
export async function sendOffers(deps: OfferDeps, batch = 100): Promise<number> {
  const now = new Date(deps.clock.now());
  const running = await deps.db
    .select()
    .from(promotions)
    .where(
      and(
        isNotNull(promotions.announcedAt),
        eq(promotions.paused, false),
        lte(promotions.startsAt, now),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      ),
    );
  const optedIn = or(...NOTIFICATION_CHANNELS.map((channel) => channelOnSql(clientId, 'promotion', channel)));
  let sent = 0;
  for (const promotion of running) {
    if (isUsedUp(promotion, promotion.creditCents)) continue;
    const considered = deps.db
      .select({ one: sql`1` })
      .from(offerSends)
      .where(and(eq(offerSends.promotionId, promotion.id), sql`${offerSends.userId} = ${clientId}`));
    const candidates = await deps.db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.role, 'client'), optedIn, notExists(considered)))
      .limit(batch);
    const rows: NotificationRow[] = [];
    for (const candidate of candidates) {
      const row = await sendOffer(deps, promotion, candidate.id, now);
      if (row) rows.push(row);
    }
    deliverNotifications(deps.realtime, rows);
    sent += rows.length;
  }
  return sent;
}
