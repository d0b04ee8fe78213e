import { formatCount } from './count-format';
import { moderationReasonFormSchema, moderationReasonSchema } from './moderation';
import {
  COMMUNITY_CATEGORY_NAMES,
  POST_CONTENT_MAX,
  POST_CONTENT_MIN,
  POST_TAG_MAX_LENGTH,
  POST_TAGS_MAX,
  POST_TITLE_MAX,
  POST_TITLE_MIN,
  REPLY_CONTENT_MAX,
} from './community-rules';
import { z } from './zod-config';

export * from './community-rules';

const id = z.string().trim().min(1, 'This field is required').max(100);
export const postIdParamsSchema = z.object({ id });

const tagSchema = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty')
  .max(POST_TAG_MAX_LENGTH, `A tag must be at most ${POST_TAG_MAX_LENGTH} characters`)
  .transform((tag) => tag.toLowerCase());

/** POST /api/community/posts (signed in) → 201 the post; PATCH /api/community/posts/:id takes the same fields (author within 24 h). */
export const createPostSchema = z.object({
  title: z
    .string()
    .trim()
    .min(POST_TITLE_MIN, `Title must be at least ${POST_TITLE_MIN} characters`)
    .max(POST_TITLE_MAX, `Title must be at most ${POST_TITLE_MAX} characters`),
  content: z
    .string()
    .trim()
    .min(POST_CONTENT_MIN, `Content must be at least ${POST_CONTENT_MIN} characters`)
    .max(POST_CONTENT_MAX, `Content must be at most ${formatCount(POST_CONTENT_MAX)} characters`),
  category: z.enum(COMMUNITY_CATEGORY_NAMES, { error: 'Choose one of the categories' }),
  tags: z
    .array(tagSchema)
    .max(POST_TAGS_MAX, `At most ${POST_TAGS_MAX} tags`)
    .default([])
    .transform((tags) => [...new Set(tags)]),
});
export type CreatePostInput = z.input<typeof createPostSchema>;

/** POST /api/community/posts/:id/replies (signed in) → 201 the reply. */
export const createReplySchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, 'Write a reply first')
    .max(REPLY_CONTENT_MAX, `A reply must be at most ${REPLY_CONTENT_MAX} characters`),
});

/** GET /api/community/posts: search (title, content, tags; case-insensitive) within a category, pinned and featured first. */
export const postListQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  category: z.enum(COMMUNITY_CATEGORY_NAMES, { error: 'Unknown category' }).optional(),
  page: z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').default(1),
});

const hasReasonToHide = (change: { isHidden?: boolean; reason?: string }) =>
  change.isHidden !== true || change.reason !== undefined;
const reasonToHide = { message: 'Tell the author why it is hidden', path: ['reason'] };

/**
 * PATCH /api/community/posts/:id/moderation (admins): pin, feature, or hide with a reason its author
 * sees (and show again). Admins never edit what someone else wrote.
 */
export const moderatePostSchema = z
  .object({
    isPinned: z.boolean().optional(),
    isFeatured: z.boolean().optional(),
    isHidden: z.boolean().optional(),
    reason: moderationReasonSchema.optional(),
  })
  .refine(
    (change) => [change.isPinned, change.isFeatured, change.isHidden].some((v) => v !== undefined),
    'Nothing to change',
  )
  .refine(hasReasonToHide, reasonToHide);
export type ModeratePostInput = z.input<typeof moderatePostSchema>;

/** PATCH /api/community/replies/:id/moderation (admins): hide a reply with a reason, or show it again. */
export const moderateReplySchema = z
  .object({
    isHidden: z.boolean({ error: 'isHidden must be true or false' }),
    reason: moderationReasonSchema.optional(),
  })
  .refine(hasReasonToHide, reasonToHide);
export type ModerateReplyInput = z.input<typeof moderateReplySchema>;

/**
 * POST /api/community/posts/:id/removal and /api/community/replies/:id/removal (admins): taken
 * down for good. Only its author still sees it, marked removed, with the reason.
 */
export const removalSchema = moderationReasonFormSchema;
export type RemovalInput = z.input<typeof removalSchema>;

export const replyIdParamsSchema = z.object({ id });

/**
 * A moderator's take-down, for its author and admins (null for anyone else, and while it is up):
 * `reason` is null only for content hidden before reasons were kept.
 */
export const moderationSchema = z
  .object({ action: z.enum(['hidden', 'removed']), reason: z.string().nullable() })
  .nullable();
export type Moderation = z.infer<typeof moderationSchema>;

export const communityAuthorSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  isReader: z.boolean(),
});

export const communityPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  category: z.enum(COMMUNITY_CATEGORY_NAMES),
  tags: z.array(z.string()),
  author: communityAuthorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  replyCount: z.number().int(),
  viewCount: z.number().int(),
  likeCount: z.number().int(),
  isPinned: z.boolean(),
  isFeatured: z.boolean(),
  /** Shown only to its author and admins. */
  isHidden: z.boolean(),
  moderation: moderationSchema,
  /** For the signed-in user (false for a visitor). */
  viewerLiked: z.boolean(),
  /** The signed-in user may edit or delete it: its author, within the window. */
  viewerCanEdit: z.boolean(),
});
export type CommunityPost = z.infer<typeof communityPostSchema>;
export const postListSchema = z.object({ posts: z.array(communityPostSchema), total: z.number().int() });
export type PostList = z.infer<typeof postListSchema>;

export const communityReplySchema = z.object({
  id: z.string(),
  postId: z.string(),
  content: z.string(),
  author: communityAuthorSchema,
  createdAt: z.string(),
  isHidden: z.boolean(),
  moderation: moderationSchema,
});
export type CommunityReply = z.infer<typeof communityReplySchema>;

/** GET /api/community/posts/:id: the thread (its view counted once per user per day). */
export const postThreadSchema = z.object({ post: communityPostSchema, replies: z.array(communityReplySchema) });
export type PostThread = z.infer<typeof postThreadSchema>;

/** POST /api/community/posts/:id/like toggles the user's like. */
export const likeResultSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });

/** GET /api/community/categories: the six with their live (visible) post counts. */
export const categoryCountsSchema = z.object({
  categories: z.array(z.object({ name: z.enum(COMMUNITY_CATEGORY_NAMES), postCount: z.number().int() })),
});
