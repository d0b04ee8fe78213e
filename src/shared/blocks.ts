import { z } from './zod-config';

/** The blocker's private reason, never shown to the person blocked. */
export const BLOCK_REASON_MAX_CHARS = 500;

/** POST /api/blocks (decision 068): block a person; the reason is optional and private. */
export const createBlockSchema = z.object({
  userId: z.string({ error: 'Say whom to block' }).trim().min(1, 'Say whom to block').max(100),
  reason: z
    .string()
    .trim()
    .max(BLOCK_REASON_MAX_CHARS, `A reason is at most ${BLOCK_REASON_MAX_CHARS} characters`)
    .optional()
    .transform((reason) => (reason ? reason : undefined)),
});
export type CreateBlockInput = z.input<typeof createBlockSchema>;

/** One person the signed-in user has blocked, as their settings list it. */
export const blockSchema = z.object({
  userId: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(['client', 'reader', 'admin']),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type Block = z.infer<typeof blockSchema>;

/** GET /api/blocks: the people the signed-in user has blocked, newest first. */
export const blockListSchema = z.object({ blocks: z.array(blockSchema) });
export type BlockList = z.infer<typeof blockListSchema>;

export const blockParamsSchema = z.object({ userId: z.string().trim().min(1).max(100) });

/** What a blocked action answers, whoever blocked whom: the reason is never named. */
export const BLOCKED_MESSAGE = 'You cannot do this: one of you has blocked the other.';

/** One block as an admin sees it: who is on the other side, and the blocker's private reason. */
export const adminBlockSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(['client', 'reader', 'admin']),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminBlock = z.infer<typeof adminBlockSchema>;

/** GET /api/admin/users/:id/blocks: whom the user blocked, and who blocked them. */
export const adminUserBlocksSchema = z.object({
  given: z.array(adminBlockSchema),
  received: z.array(adminBlockSchema),
});
export type AdminUserBlocks = z.infer<typeof adminUserBlocksSchema>;
