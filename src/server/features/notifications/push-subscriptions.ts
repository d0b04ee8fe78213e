import { randomUUID } from 'node:crypto';
import type { PushSubscriptionInput } from '@shared/notification-preferences';
import { and, count, desc, eq, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushMessages, pushSubscriptions, session } from '../../db/schema';
import { badRequest } from '../../errors';

/**
 * The push services of the browsers people use (Chrome and Android, Firefox, Safari, Edge). In
 * production a subscription must point at one of them over HTTPS: the server POSTs to whatever
 * endpoint is saved, so an arbitrary one would let anyone aim it at an address of their choice.
 */
/**
 * Each device of a person is one more push for every notice: beyond this many (a browser that
 * subscribed again and again, stale phones), the ones subscribed longest ago are forgotten.
 */
export const MAX_DEVICES = 10;

const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

export function isKnownPushService(endpoint: string): boolean {
  const url = new URL(endpoint);
  return (
    url.protocol === 'https:' &&
    PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`))
  );
}

/**
 * Whether the device's person is still signed in there at `now`: the session it subscribed under
 * exists (sign-out deletes it, and the device with it) and has not expired (an expired one lingers
 * until Better Auth next reads it). Only such a device is pushed to (decision 059).
 */
export function signedInOnDeviceSql(now: Date): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${session} where ${session.id} = ${pushSubscriptions.sessionId} and ${session.expiresAt} > ${now.toISOString()}::timestamptz)`;
}

/**
 * Saves this browser as one of the person's devices, bound to the sign-in it came with: ending that
 * session forgets the device (decision 059). The endpoint is the device: subscribing again (new keys,
 * or a new sign-in there) updates it, and a browser signed in to another account moves to that
 * account, its pushes still waiting for the former one deleted, since they are not the new person's to see.
 * A person keeps their MAX_DEVICES most recently subscribed devices.
 */
export async function savePushSubscription(
  db: Db,
  signedIn: { userId: string; sessionId: string },
  input: PushSubscriptionInput,
  options: { now: Date; allowsAnyEndpoint: boolean },
): Promise<number> {
  const { userId, sessionId } = signedIn;
  if (!options.allowsAnyEndpoint && !isKnownPushService(input.endpoint))
    throw badRequest('This push endpoint is not a known push service');
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values({
        id: randomUUID(),
        userId,
        sessionId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        createdAt: options.now,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, sessionId, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: options.now },
      })
      .returning({ id: pushSubscriptions.id });
    await tx
      .delete(pushMessages)
      .where(and(eq(pushMessages.subscriptionId, saved!.id), ne(pushMessages.userId, userId)));
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_DEVICES);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
    return countDevices(tx, userId);
  });
}

/** Forgets this browser for the person (their own devices only), with any push still waiting for it. */
export async function forgetPushDevice(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** forgetPushDevice, then how many devices the person still has (the settings page shows it). */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<number> {
  await forgetPushDevice(db, userId, endpoint);
  return countDevices(db, userId);
}

async function countDevices(db: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [row] = await db
    .select({ devices: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.devices ?? 0;
}
