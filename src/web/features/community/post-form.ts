import { type CreatePostInput, createPostSchema, POST_TAGS_MAX } from '@shared/community';
import { z } from '@shared/zod-config';

export const POST_FORM_FIELDS = ['title', 'content', 'category', 'tags'] as const;
export type PostFormField = (typeof POST_FORM_FIELDS)[number];

/** Tags are typed as one comma-separated line; empty pieces (a trailing comma) are dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/**
 * The New Discussion form as typed, checked with the shared createPostSchema's own rules and
 * messages, and turned into the body of POST /api/community/posts (or the author's PATCH).
 */
export const postFormSchema = z.object({
  title: createPostSchema.shape.title,
  content: createPostSchema.shape.content,
  // A select starts on its placeholder (''), which the shared enum refuses with its own message.
  category: z.string().pipe(createPostSchema.shape.category),
  tags: z.string().transform((text, ctx) => {
    const parsed = createPostSchema.shape.tags.safeParse(splitTags(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({
      code: 'custom',
      message: parsed.error.issues[0]?.message ?? `Up to ${POST_TAGS_MAX} tags, separated by commas`,
    });
    return z.NEVER;
  }),
});

export type PostFormInput = z.input<typeof postFormSchema>;
export type PostFormOutput = CreatePostInput;

export { postFormDefaults, postFormValues } from './post-form-values';

/** The server's field keys ('tags.2' for one tag) to the form's fields; null for anything else. */
export function formFieldOf(serverField: string): PostFormField | null {
  const head = serverField.split('.')[0];
  return POST_FORM_FIELDS.find((field) => field === head) ?? null;
}
