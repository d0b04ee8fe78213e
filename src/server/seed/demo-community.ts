import { randomUUID } from 'node:crypto';
import type { CommunityCategory } from '@shared/community';
import type { Tx } from '../db/client';
import { communityLikes, communityPosts, communityReplies } from '../db/schema';
import { demoId } from './demo-id';
import { DAY_MS } from '@shared/time-units';

interface DemoPost {
  /** A reader's username or a seeker's index in the seed's seekers. */
  author: string | number;
  title: string;
  content: string;
  category: CommunityCategory;
  tags: string[];
  daysAgo: number;
  views: number;
  isPinned?: boolean;
  isFeatured?: boolean;
  replies: { author: string | number; content: string }[];
  /** How many of the seekers like it (the first N). */
  likes: number;
}

/** The forum's opening threads, written by demo readers and seekers (SPEC.md 'Community'). */
export const DEMO_POSTS: DemoPost[] = [
  {
    author: 'aurora',
    title: 'Welcome to the Soul Tribe Community: start here',
    content:
      'Introduce yourself below: what brought you here, and what you hope to learn. Be kind, keep readings you share anonymous, and report anything that breaks the Community Guidelines. We review every report within 24 hours.',
    category: 'General Discussion',
    tags: ['welcome', 'guidelines'],
    daysAgo: 30,
    views: 412,
    isPinned: true,
    replies: [
      { author: 0, content: 'Hi all! Maya here, new to tarot and loving it so far.' },
      { author: 1, content: 'Daniel, been reading with Marcus for a few months. Glad this forum exists.' },
    ],
    likes: 3,
  },
  {
    author: 'celeste',
    title: 'Mercury retrograde survival guide for this season',
    content:
      'Back up your files, reread before you send, and give old friends a call: retrogrades are for reviewing, not starting. Share how you get through them in the replies.',
    category: 'Astrology',
    tags: ['mercury', 'retrograde', 'transits'],
    daysAgo: 4,
    views: 188,
    isFeatured: true,
    replies: [{ author: 2, content: 'I keep a retrograde journal. Looking back at it is always illuminating.' }],
    likes: 2,
  },
  {
    author: 0,
    title: 'What does the Tower mean in a love reading?',
    content:
      'I pulled the Tower for my relationship question and I am a bit shaken. Is it always a breakup card, or can it mean something else?',
    category: 'Tarot & Oracle Cards',
    tags: ['tower', 'love', 'major arcana'],
    daysAgo: 1,
    views: 96,
    replies: [
      {
        author: 'esmeralda',
        content:
          'Not always a breakup. The Tower clears what was built on sand; what is true stands. Look at the cards around it.',
      },
      {
        author: 1,
        content: 'Mine turned out to be a move across the country, together. It was upheaval, but a good one.',
      },
    ],
    likes: 2,
  },
  {
    author: 'isla',
    title: 'Cleansing your crystals: moonlight, sound or smoke?',
    content:
      'Clients often ask how to cleanse their stones. I use moonlight for most, sound for the delicate ones like selenite. What works for you?',
    category: 'Crystal Healing',
    tags: ['cleansing', 'selenite', 'moon'],
    daysAgo: 9,
    views: 143,
    replies: [{ author: 2, content: 'A singing bowl for everything here, the cat hates it though.' }],
    likes: 1,
  },
  {
    author: 1,
    title: 'Recurring dream of an empty house',
    content:
      'For weeks I have dreamt I walk through a house I know is mine, but every room is empty. It does not feel scary, just quiet. Any thoughts?',
    category: 'Dream Interpretation',
    tags: ['recurring', 'house'],
    daysAgo: 0,
    views: 37,
    replies: [
      {
        author: 'rowan',
        content:
          'Houses in dreams are often the self. Empty rooms can be space you have cleared and not yet filled: what would you put in them?',
      },
    ],
    likes: 1,
  },
  {
    author: 'seraphina',
    title: 'A five-minute breathing practice before any reading',
    content:
      'Sit, breathe in for four, hold for four, out for six, five times. Then ask your question once, clearly. Readings go better from a calm centre.',
    category: 'Meditation & Mindfulness',
    tags: ['breathing', 'practice'],
    daysAgo: 14,
    views: 221,
    isFeatured: true,
    replies: [],
    likes: 3,
  },
];

export async function insertDemoCommunity(
  tx: Tx,
  now: Date,
  readerIdByUsername: Map<string, string>,
  seekerIds: string[],
) {
  const idOf = (author: string | number) =>
    demoId(typeof author === 'number' ? seekerIds[author] : readerIdByUsername.get(author), author);
  for (const [index, post] of DEMO_POSTS.entries()) {
    const id = randomUUID();
    // An hour apart within a day, so threads of the same day keep their order.
    const createdAt = new Date(now.getTime() - post.daysAgo * DAY_MS - (index + 1) * 60 * 60 * 1000);
    await tx.insert(communityPosts).values({
      id,
      authorId: idOf(post.author),
      title: post.title,
      content: post.content,
      category: post.category,
      tags: post.tags,
      isPinned: post.isPinned ?? false,
      isFeatured: post.isFeatured ?? false,
      replyCount: post.replies.length,
      viewCount: post.views,
      likeCount: post.likes,
      createdAt,
      updatedAt: createdAt,
    });
    if (post.replies.length > 0) {
      await tx.insert(communityReplies).values(
        post.replies.map((reply, i) => ({
          id: randomUUID(),
          postId: id,
          authorId: idOf(reply.author),
          content: reply.content,
          createdAt: new Date(createdAt.getTime() + (i + 1) * 20 * 60 * 1000),
        })),
      );
    }
    if (post.likes > 0)
      await tx
        .insert(communityLikes)
        .values(seekerIds.slice(0, post.likes).map((userId) => ({ postId: id, userId, createdAt })));
  }
}
