import type { CommunityPost } from '@shared/community';

/** A reader's discussion nobody has answered or liked yet; a test overrides what it is about. */
export function testCommunityPost(overrides: Partial<CommunityPost> = {}): CommunityPost {
  const at = new Date().toISOString();
  return {
    id: 'p1',
    title: 'Cleansing your crystals',
    content: 'Moonlight, sound or smoke?',
    category: 'Crystal Healing',
    tags: [],
    author: { id: 'u1', name: 'Isla Fairweather', image: null, isReader: true },
    createdAt: at,
    updatedAt: at,
    replyCount: 0,
    viewCount: 0,
    likeCount: 0,
    isPinned: false,
    isFeatured: false,
    isHidden: false,
    moderation: null,
    viewerLiked: false,
    viewerCanEdit: false,
    ...overrides,
  };
}
