import { CONTACT_MASK_CONTEXTS } from './contact-details';
import { z } from './zod-config';

/** What a user can report: a forum post or reply, a reading's review (by its session id), a live chat message. */
export const REPORTABLE_CONTENT_TYPES = ['post', 'reply', 'review', 'stream_message'] as const;
export type ReportableContentType = (typeof REPORTABLE_CONTENT_TYPES)[number];
/**
 * What a report can be about: the content users report, and a user, which only the product
 * reports, by itself (decision 068: a third masked contact detail in a day), with no reporter.
 */
export const REPORT_TARGET_TYPES = [...REPORTABLE_CONTENT_TYPES, 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/** How the admin queue names the reporter of a report the product filed by itself. */
export const PRODUCT_REPORTER_NAME = 'Soul Tribe';
export const REPORT_STATUSES = ['open', 'hidden', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** The Community Guidelines promise a decision within this long; the admin queue shows each report's age against it. */
export const REPORT_REVIEW_WITHIN_MS = 24 * 60 * 60 * 1000;
export const REPORT_REASON_MIN = 3;
export const REPORT_REASON_MAX = 500;

/** POST /api/reports (signed in) → 201 `{ id }`; a second open report of the same target by the same user is 409. */
export const createReportSchema = z.object({
  targetType: z.enum(REPORTABLE_CONTENT_TYPES, { error: 'targetType must be post, reply, review or stream_message' }),
  targetId: z.string().trim().min(1, 'This field is required').max(100),
  reason: z
    .string()
    .trim()
    .min(REPORT_REASON_MIN, `Tell us what is wrong (at least ${REPORT_REASON_MIN} characters)`)
    .max(REPORT_REASON_MAX, `A reason must be at most ${REPORT_REASON_MAX} characters`),
});
export type CreateReportInput = z.input<typeof createReportSchema>;

/** POST /api/admin/reports/:id/decision (admins): `hide` takes the content down, `dismiss` leaves it. */
/** POST /api/reports → 201: the new report's id. */
export const createdReportSchema = z.object({ id: z.string() });

export const reportParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const decideReportSchema = z.object({
  decision: z.enum(['hide', 'dismiss'], { error: 'decision must be hide or dismiss' }),
});
export type ReportDecision = z.infer<typeof decideReportSchema>['decision'];
/** The decision's answer: how the report was closed, and how many open reports of the same content closed with it. */
export const reportDecisionResultSchema = z.object({
  status: z.enum(['hidden', 'dismissed']),
  decided: z.number().int(),
});

/** An open report as the admin queue lists it, with the reported content. */
export const openReportSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reason: z.string(),
  reporterName: z.string(),
  createdAt: z.string(),
  /**
   * The reported text and who wrote it; null when the content is gone. A report about a user
   * carries, as `maskedOriginals`, what the contact-details rule took out of their messages
   * (newest first), which nobody but admins ever sees.
   */
  content: z
    .object({
      text: z.string(),
      authorName: z.string(),
      link: z.string().nullable(),
      maskedOriginals: z
        .array(z.object({ context: z.enum(CONTACT_MASK_CONTEXTS), original: z.string(), createdAt: z.string() }))
        .optional(),
      /**
       * A report about a user also shows readers' private notes written by them or about them (decision 068): the only
       * place an admin reads notes.
       */
      clientNotes: z
        .array(z.object({ readerName: z.string(), clientName: z.string(), text: z.string(), createdAt: z.string() }))
        .optional(),
    })
    .nullable(),
});
export type OpenReport = z.infer<typeof openReportSchema>;
export const openReportListSchema = z.object({ reports: z.array(openReportSchema) });
