import type { FastifyInstance, FastifyRequest } from 'fastify';
import { countAgainst, ipOf, tooManyAttempts } from '../../rate-limits';
import { UnsignedDeliveryError } from './stripe-webhook';

/** Beyond this many IPs refused at once, the ones whose refusal has ended are swept out. */
const SWEEP_ABOVE = 1_000;

/**
 * Posts to the webhook whose signature does not check, limited per IP (decision 059: 400 forged 250 KB
 * posts in 15 s were each read and verified). Each forged post counts one, in the shared store
 * (Redis across processes); an IP past the limit is then refused with 429 on arrival, before its
 * body is read or checked, until its window ends. A post that checks never counts, so the
 * provider, which signs every delivery, is never limited. The refusal is remembered by each
 * process that counted past the limit: another process reads and checks at most one more post of
 * that IP before it refuses too.
 */
export function forgedWebhookLimit(app: FastifyInstance, limit: { ipMax: number; windowMs: number }) {
  const countForged = countAgainst(app, {
    name: 'webhook-forged-ip',
    max: limit.ipMax,
    windowMs: limit.windowMs,
    keyOf: ipOf,
  });
  const refusedUntil = new Map<string, number>();

  const sweep = (now: number) => {
    for (const [ip, until] of refusedUntil) if (until <= now) refusedUntil.delete(ip);
  };

  return {
    /** onRequest: an IP past its limit is answered 429 before its body is read. */
    async refuseOverLimit(request: FastifyRequest) {
      const ip = ipOf(request);
      const until = refusedUntil.get(ip);
      if (until === undefined) return;
      const leftMs = until - Date.now();
      if (leftMs <= 0) refusedUntil.delete(ip);
      else throw tooManyAttempts(Math.ceil(leftMs / 1000));
    },
    /** Runs the delivery; one whose signature does not check counts against its IP (429 past the limit). */
    async countIfForged<T>(request: FastifyRequest, deliver: () => Promise<T>): Promise<T> {
      try {
        return await deliver();
      } catch (error) {
        if (!(error instanceof UnsignedDeliveryError)) throw error;
        const retryAfterSeconds = await countForged(request);
        if (retryAfterSeconds > 0) {
          const now = Date.now();
          if (refusedUntil.size >= SWEEP_ABOVE) sweep(now);
          refusedUntil.set(ipOf(request), now + retryAfterSeconds * 1000);
          throw tooManyAttempts(retryAfterSeconds);
        }
        throw error;
      }
    },
  };
}
