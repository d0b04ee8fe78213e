import { z } from './zod-config';

/**
 * What a sender's answer (an HTTP response or a socket acknowledgement) adds to what they sent:
 * true when contact details were taken out of it, so the page tells them why at that moment. Apart
 * from the rule itself (contact-details.ts), which public pages load without zod.
 */
export const maskedFlagSchema = z.object({ masked: z.boolean() });
