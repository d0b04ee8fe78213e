import { formatCount } from './count-format';
import { z } from './zod-config';
import { createReaderSchema } from './readers';

/**
 * Readers who apply to join (decision 045): a public form, an admin's decision, a status page reached
 * by the link in the confirmation mail. The profile fields hold the same rules as an admin's
 * Create Reader, so an approved application always makes a valid reader.
 */
export const READER_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReaderApplicationStatus = (typeof READER_APPLICATION_STATUSES)[number];

export const SAMPLE_READING_MIN = 300;
export const SAMPLE_READING_MAX = 3000;
export const SHORT_BIO_MAX = 1000;
export const REJECTION_REASON_MIN = 3;
export const REJECTION_REASON_MAX = 1000;

const { shape } = createReaderSchema;

/** POST /api/reader-applications (public) → 201; a second open application of one email is 409. */
export const readerApplicationSchema = z.object({
  firstName: shape.firstName,
  lastName: shape.lastName,
  email: shape.email,
  specialties: shape.specialties,
  yearsExperience: shape.yearsExperience,
  bio: z
    .string()
    .trim()
    .min(1, 'Tell us about yourself')
    .max(SHORT_BIO_MAX, `Keep the bio to ${SHORT_BIO_MAX} characters`),
  sampleReading: z
    .string()
    .trim()
    .min(SAMPLE_READING_MIN, `A sample reading needs at least ${SAMPLE_READING_MIN} characters`)
    .max(SAMPLE_READING_MAX, `A sample reading may be at most ${formatCount(SAMPLE_READING_MAX)} characters`),
  chatRateCents: shape.chatRateCents,
  audioRateCents: shape.audioRateCents,
  videoRateCents: shape.videoRateCents,
  acceptsReaderTerms: z.literal(true, { error: 'Please agree to the reader terms' }),
});
export type ReaderApplicationInput = z.input<typeof readerApplicationSchema>;
export type ReaderApplication = z.output<typeof readerApplicationSchema>;

/** The answer to an application: when it was received (the status link goes by mail only). */
export const submittedApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(READER_APPLICATION_STATUSES),
  createdAt: z.string(),
});

/** GET /api/reader-applications/status?token=… (public): what the applicant sees at /apply/status. */
export const applicationStatusQuerySchema = z.object({
  token: z.string().trim().min(1, 'The status link is missing its token').max(200),
});
export const applicationStatusSchema = z.object({
  firstName: z.string(),
  status: z.enum(READER_APPLICATION_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Why it was declined; null unless rejected. */
  rejectionReason: z.string().nullable(),
});
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

/** An application as the admin's queue shows it. */
export const adminReaderApplicationSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  specialties: z.array(z.string()),
  yearsExperience: z.number().int(),
  bio: z.string(),
  sampleReading: z.string(),
  chatRateCents: z.number().int(),
  audioRateCents: z.number().int(),
  videoRateCents: z.number().int(),
  status: z.enum(READER_APPLICATION_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** The reader account an approval made. */
  readerId: z.string().nullable(),
});
export type AdminReaderApplication = z.infer<typeof adminReaderApplicationSchema>;

/** GET /api/admin/reader-applications: the open applications, oldest first. */
export const adminReaderApplicationListSchema = z.object({ applications: z.array(adminReaderApplicationSchema) });

export const readerApplicationIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** POST /api/admin/reader-applications/:id/reject: the reason is mailed to the applicant. */
export const rejectApplicationSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(REJECTION_REASON_MIN, `Give the applicant a reason (at least ${REJECTION_REASON_MIN} characters)`)
    .max(REJECTION_REASON_MAX, `A reason may be at most ${REJECTION_REASON_MAX} characters`),
});
