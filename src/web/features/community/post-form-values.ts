import type { CommunityCategory, CommunityPost } from '@shared/community';
import type { PostFormInput } from './post-form';

/**
 * The editor's first values, apart from its schema, so the community's list need not load zod to offer a new discussion
 * (decision 007).
 */
export function postFormDefaults(category: CommunityCategory | null): PostFormInput {
  return { title: '', content: '', category: category ?? '', tags: '' };
}

export function postFormValues(post: CommunityPost): PostFormInput {
  return { title: post.title, content: post.content, category: post.category, tags: post.tags.join(', ') };
}
