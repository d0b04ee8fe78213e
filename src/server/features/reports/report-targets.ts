import { communityPostPath } from '@shared/community';
import type { ContactMaskContext } from '@shared/contact-details';
import type { ReportTargetType } from '@shared/reports';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  communityPosts,
  communityReplies,
  readerProfiles,
  readingSessions,
  streamMessages,
  user,
} from '../../db/schema';
import { MASKED_ORIGINALS_DAYS, maskedOriginalsOf } from '../contact-masks';
import { firstNameOf } from '../readers';
import { notesInvolving } from '../client-notes';

/** What a report is about, as the admin queue shows it. */
export interface ReportedContent {
  text: string;
  authorName: string;
  link: string | null;
  maskedOriginals?: { context: ContactMaskContext; original: string; createdAt: string }[];
  clientNotes?: { readerName: string; clientName: string; text: string; createdAt: string }[];
}

const byline = (name: string) => firstNameOf(name) ?? 'Anonymous';

/** A take-down decided on a report: the report's reason is the one a forum author is shown. */
export interface TakeDown {
  now: Date;
  reason: string;
  adminId: string;
}

/**
 * Each kind of reportable content: how to read it (null when it is gone or already taken down)
 * and how to take it down. A review is a reading's, reported by the reading's id; hiding it
 * withdraws the text and keeps the stars. A user is reported only by the product (decision 068), for
 * contact details it masked: what they wrote never reached anyone, so there is nothing to take
 * down, and hiding only closes the report as acted on (an admin who wants more suspends the
 * account from the users tab).
 */
export const REPORT_TARGETS: Record<
  ReportTargetType,
  {
    read(db: DbOrTx, id: string): Promise<ReportedContent | null>;
    hide(db: DbOrTx, id: string, takeDown: TakeDown): Promise<void>;
  }
> = {
  post: {
    async read(db, id) {
      const [row] = await db
        .select({ title: communityPosts.title, content: communityPosts.content, name: user.name })
        .from(communityPosts)
        .innerJoin(user, eq(user.id, communityPosts.authorId))
        .where(and(eq(communityPosts.id, id), isNull(communityPosts.hiddenAt)));
      return row ? { text: `${row.title}\n\n${row.content}`, authorName: row.name, link: communityPostPath(id) } : null;
    },
    async hide(db, id, { now, reason, adminId }) {
      await db
        .update(communityPosts)
        .set({ hiddenAt: now, moderationReason: reason, moderatedBy: adminId })
        .where(and(eq(communityPosts.id, id), isNull(communityPosts.hiddenAt)));
    },
  },
  reply: {
    async read(db, id) {
      const [row] = await db
        .select({ content: communityReplies.content, postId: communityReplies.postId, name: user.name })
        .from(communityReplies)
        .innerJoin(user, eq(user.id, communityReplies.authorId))
        .where(and(eq(communityReplies.id, id), isNull(communityReplies.hiddenAt)));
      return row ? { text: row.content, authorName: row.name, link: communityPostPath(row.postId) } : null;
    },
    async hide(db, id, { now, reason, adminId }) {
      await db
        .update(communityReplies)
        .set({ hiddenAt: now, moderationReason: reason, moderatedBy: adminId })
        .where(and(eq(communityReplies.id, id), isNull(communityReplies.hiddenAt)));
    },
  },
  review: {
    async read(db, id) {
      const [row] = await db
        .select({ review: readingSessions.review, name: user.name, username: readerProfiles.username })
        .from(readingSessions)
        .innerJoin(user, eq(user.id, readingSessions.clientId))
        .innerJoin(readerProfiles, eq(readerProfiles.userId, readingSessions.readerId))
        .where(
          and(eq(readingSessions.id, id), isNotNull(readingSessions.review), isNull(readingSessions.reviewHiddenAt)),
        );
      return row?.review
        ? { text: row.review, authorName: row.name, link: `/readers/${encodeURIComponent(row.username)}` }
        : null;
    },
    async hide(db, id, { now }) {
      await db
        .update(readingSessions)
        .set({ reviewHiddenAt: now })
        .where(and(eq(readingSessions.id, id), isNull(readingSessions.reviewHiddenAt)));
    },
  },
  stream_message: {
    async read(db, id) {
      const [row] = await db
        .select({ content: streamMessages.content, streamId: streamMessages.streamId, name: user.name })
        .from(streamMessages)
        .innerJoin(user, eq(user.id, streamMessages.userId))
        .where(and(eq(streamMessages.id, id), isNull(streamMessages.removedAt)));
      return row
        ? { text: row.content, authorName: byline(row.name), link: `/live/${encodeURIComponent(row.streamId)}` }
        : null;
    },
    async hide(db, id, { now }) {
      await db
        .update(streamMessages)
        .set({ removedAt: now })
        .where(and(eq(streamMessages.id, id), isNull(streamMessages.removedAt)));
    },
  },
  user: {
    async read(db, id) {
      const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, id));
      if (!row) return null;
      const originals = await maskedOriginalsOf(db, id);
      const attempts = originals.length === 1 ? '1 message' : `${originals.length} messages`;
      return {
        text: `${attempts} with contact details in their last ${MASKED_ORIGINALS_DAYS} days; the other side saw them masked.`,
        authorName: row.name,
        link: null,
        maskedOriginals: originals.map(({ context, original, createdAt }) => ({
          context,
          original,
          createdAt: createdAt.toISOString(),
        })),
        clientNotes: await notesInvolving(db, id),
      };
    },
    async hide() {},
  },
};
