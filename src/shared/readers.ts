import { RATE_MAX_CENTS, RATE_MIN_CENTS, SESSION_TYPES } from './constants';
import { emailSchema, imageUrlSchema, passwordSchema } from './auth';
import { DIRECTORY_PAGE_SIZE, DIRECTORY_PAGE_SIZE_MAX, DIRECTORY_SORTS, READER_PRESENCES } from './reader-directory';
import { readerScheduleSchema } from './reader-schedule';
import { z } from './zod-config';

export * from './reader-directory';

/** Who a client–reader thing (a written reading, an appointment) is between, as both sides see them: the client's account name, the reader's profile name. */
export const clientAndReaderFields = {
  clientId: z.string(),
  clientName: z.string(),
  readerId: z.string(),
  readerName: z.string(),
  readerUsername: z.string(),
};

export const rateCentsSchema = z
  .number({ error: 'Rate must be a number of cents' })
  .int('Rate must be a whole number of cents')
  .min(RATE_MIN_CENTS, `Rate must be at least $${(RATE_MIN_CENTS / 100).toFixed(2)}`)
  .max(RATE_MAX_CENTS, `Rate must be at most $${(RATE_MAX_CENTS / 100).toFixed(2)}`);

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[a-zA-Z0-9_.-]+$/, 'Use letters, digits, dot, dash or underscore');

export const createReaderSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  // The account's display name is `${firstName} ${lastName}`: 30 + 1 + 29 keeps it within DISPLAY_NAME_MAX_LENGTH.
  firstName: z.string().trim().min(1, 'Enter a first name').max(30, 'First name must be at most 30 characters'),
  lastName: z.string().trim().min(1, 'Enter a last name').max(29, 'Last name must be at most 29 characters'),
  username: usernameSchema,
  yearsExperience: z.number().int('Years must be a whole number').min(0).max(80),
  chatRateCents: rateCentsSchema,
  audioRateCents: rateCentsSchema,
  videoRateCents: rateCentsSchema,
  profileImage: imageUrlSchema.optional().or(z.literal('').transform(() => undefined)),
  specialties: z
    .array(z.string().trim().min(1).max(40))
    .min(1, 'Add at least one specialty')
    .max(12, 'At most 12 specialties'),
  bio: z.string().trim().min(1, 'Enter a bio').max(2000),
});
export type CreateReaderInput = z.infer<typeof createReaderSchema>;

const rateSchema = z.number().min(0).max(1).nullable();

/**
 * How the reader served in the last 90 days (docs/decisions/067), counted by the database.
 * Each figure is null while it rests on fewer than SERVICE_MINIMUM_COUNT events.
 */
export const readerServiceSchema = z.object({
  /** Requests accepted of those the reader answered or let expire (a request the client withdrew first is not counted). */
  acceptanceRate: rateSchema,
  /** The median time from a request to the reader's accept, in whole seconds. */
  medianAcceptSeconds: z.number().int().min(0).nullable(),
  /** Readings neither ended by the reader in their first 3 minutes nor refunded, of the readings that ended. */
  completionRate: rateSchema,
  /** Written questions answered by their due time, of those answered or past due. */
  writtenOnTimeRate: rateSchema,
  /** Readings that started and ended in the window: what the completion rate counts. */
  readingsCounted: z.number().int().min(0),
});
export type ReaderService = z.infer<typeof readerServiceSchema>;

/** A reader's card without the service figures: what admins and link previews read. */
export const readerDetailsSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string().optional(),
  bio: z.string(),
  specialties: z.array(z.string()),
  yearsExperience: z.number().int(),
  chatRateCents: z.number().int(),
  audioRateCents: z.number().int(),
  videoRateCents: z.number().int(),
  profileImage: z.string().nullable(),
  isOnline: z.boolean(),
  /** In an active reading right now: online but cannot take a request. */
  isBusy: z.boolean(),
  /** `readerPresence` of the two above: what the directory and the profile show. */
  status: z.enum(READER_PRESENCES),
  rating: z.number(),
  totalReviews: z.number().int(),
  totalSessions: z.number().int(),
  createdAt: z.string(),
  /** When the reader is usually available, in their own zone; the directory shows it in the viewer's. */
  schedule: readerScheduleSchema,
  /** Free first minutes the viewer's next reading with this reader would get (the reader's offer to a first reading; 0 when none). */
  freeMinutes: z.number().int(),
  /** The demo reader the server answers itself (demo mode only): chat only, shown with DEMO_READER_NOTE. */
  repliesAutomated: z.boolean(),
  /** The kinds of reading this reader offers (`offeredSessionTypes`); Sage's is ['chat']. */
  sessionTypes: z.array(z.enum(SESSION_TYPES)),
  /** The price of one written question (decision 047), or null when the reader does not take them. */
  writtenReadingPriceCents: z.number().int().nullable(),
  /** The answer time the reader promises for a written question: 24 or 48 hours. */
  writtenReadingAnswerHours: z.number().int(),
});
export type ReaderDetails = z.infer<typeof readerDetailsSchema>;

/** A listed reader as the directory and the profile show them. */
export const readerSchema = readerDetailsSchema.extend({ service: readerServiceSchema });
export type Reader = z.infer<typeof readerSchema>;

/** GET /api/readers: every parameter optional; `online=true` keeps online readers, busy ones included. */
export const directoryQuerySchema = z.object({
  search: z.string().trim().max(100, 'search is at most 100 characters').default(''),
  specialty: z.string().trim().max(40, 'specialty is at most 40 characters').default(''),
  sort: z.enum(DIRECTORY_SORTS, { error: `sort must be one of ${DIRECTORY_SORTS.join(', ')}` }).default('recommended'),
  online: z
    .enum(['true', 'false'], { error: 'online must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  page: z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int('pageSize must be a whole number')
    .min(1, 'pageSize is at least 1')
    .max(DIRECTORY_PAGE_SIZE_MAX, `pageSize is at most ${DIRECTORY_PAGE_SIZE_MAX}`)
    .default(DIRECTORY_PAGE_SIZE),
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

/** GET /api/readers/:id: a listed reader by id. */
export const readerIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
/** GET /api/readers/by-username/:username: the public profile's address. */
export const readerUsernameParamsSchema = z.object({ username: z.string().min(1).max(100) });

/** GET /api/readers: one page of the directory and how many readers match in all. */
export const readerListSchema = z.object({
  readers: z.array(readerSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReaderList = z.infer<typeof readerListSchema>;

/** GET /api/readers/specialties: every listed reader's specialties, once each, alphabetically. */
export const readerSpecialtiesSchema = z.object({ specialties: z.array(z.string()) });
export type ReaderSpecialties = z.infer<typeof readerSpecialtiesSchema>;
