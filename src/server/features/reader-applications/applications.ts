import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AdminReaderApplication, ApplicationStatus, ReaderApplication } from '@shared/reader-applications';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { readerApplications, readerProfiles, user, verification } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../errors';
import type { OnUserCreated } from '../auth';
import { applicationApprovedMail, applicationReceivedMail, applicationRejectedMail, queueMail } from '../mail';
import { createReader } from '../readers';
import { DAY_MS } from '@shared/time-units';
import type { PasswordHasher } from '../../auth/password-hasher';

export interface ApplicationDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  isProduction: boolean;
  onUserCreated: OnUserCreated;
  passwordHasher: PasswordHasher;
}

/**
 * The set-password link of an approval lasts longer than a reset's hour: a new reader may read the
 * mail days later. It is Better Auth's own reset token, so /reset-password consumes it once.
 */
export const SET_PASSWORD_LINK_DAYS = 7;

export const OPEN_APPLICATION_MESSAGE =
  'An application with this email is already under review. Its status link is in the confirmation mail.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const statusUrl = (publicUrl: string, token: string) => `${publicUrl}/apply/status?token=${encodeURIComponent(token)}`;

type Application = typeof readerApplications.$inferSelect;

function toAdminApplication(row: Application): AdminReaderApplication {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    specialties: row.specialties,
    yearsExperience: row.yearsExperience,
    bio: row.bio,
    sampleReading: row.sampleReading,
    chatRateCents: row.chatRateCents,
    audioRateCents: row.audioRateCents,
    videoRateCents: row.videoRateCents,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    rejectionReason: row.rejectionReason,
    readerId: row.readerId,
  };
}

/**
 * Stores an application and queues its confirmation (with the status link) in one transaction.
 * The token exists only in that mail; the table keeps its hash. The partial unique index decides
 * two submissions of one email at once.
 */
export async function submitApplication(deps: ApplicationDeps, input: ReaderApplication) {
  const { db, clock } = deps;
  const now = new Date(clock.now());
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: readerApplications.id })
        .from(readerApplications)
        .where(and(eq(readerApplications.email, input.email), eq(readerApplications.status, 'pending')));
      if (open) throw conflict(OPEN_APPLICATION_MESSAGE);
      const { acceptsReaderTerms: _consent, ...fields } = input;
      await tx.insert(readerApplications).values({
        ...fields,
        id,
        specialties: [...new Set(input.specialties)],
        termsAcceptedAt: now,
        statusTokenHash: hashToken(token),
        createdAt: now,
      });
      const content = applicationReceivedMail({ name: input.firstName, statusUrl: statusUrl(deps.publicUrl, token) });
      await queueMail(tx, clock, { kind: 'reader_application_received', to: input.email, content });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(OPEN_APPLICATION_MESSAGE);
    throw error;
  }
  return { id, status: 'pending' as const, createdAt: now.toISOString() };
}

/** What the status link shows; an unknown token is 404, as any unknown id. */
export async function applicationStatus(db: Db, token: string): Promise<ApplicationStatus> {
  const [row] = await db
    .select()
    .from(readerApplications)
    .where(eq(readerApplications.statusTokenHash, hashToken(token)));
  if (!row) throw notFound('This status link is not valid. Use the link in your confirmation mail.');
  return {
    firstName: row.firstName,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    rejectionReason: row.rejectionReason,
  };
}

/** The admin's queue: open applications, oldest first. */
export async function listOpenApplications(db: Db) {
  const rows = await db
    .select()
    .from(readerApplications)
    .where(eq(readerApplications.status, 'pending'))
    .orderBy(asc(readerApplications.createdAt), asc(readerApplications.id));
  return { applications: rows.map(toAdminApplication) };
}

/**
 * Locks the application for its decision: two admins deciding at once queue on the row lock, and
 * the second finds it decided (409), so one approval makes exactly one account.
 */
async function lockPending(tx: Tx, id: string): Promise<Application> {
  const [row] = await tx.select().from(readerApplications).where(eq(readerApplications.id, id)).for('update');
  if (!row) throw notFound('Unknown application');
  if (row.status !== 'pending') throw conflict(`This application was already ${row.status}.`);
  return row;
}

/** A username from the applicant's name ('Luna Starr' → 'lunastarr', then 'lunastarr2'…), free at the time of approval. */
async function freeUsername(tx: Tx, row: Application): Promise<string> {
  const base =
    `${row.firstName}${row.lastName}`
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 24)
      .padEnd(3, '0') || 'reader';
  const taken = await tx
    .select({ username: readerProfiles.username })
    .from(readerProfiles)
    .where(sql`lower(${readerProfiles.username}) like ${`${base}%`}`);
  const names = new Set(taken.map((t) => t.username.toLowerCase()));
  if (!names.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) if (!names.has(`${base}${suffix}`)) return `${base}${suffix}`;
}

/**
 * Approves: the reader account (role reader, the profile the applicant wrote) is made by the admin's
 * own Create Reader code, with a random password nobody knows; the mail carries a reset token
 * (Better Auth's, consumed by /reset-password) so the new reader chooses theirs. All in the
 * transaction that holds the application's lock.
 */
export async function approveApplication(
  deps: ApplicationDeps,
  adminId: string,
  id: string,
): Promise<AdminReaderApplication> {
  const { db, clock } = deps;
  const now = new Date(clock.now());
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.email, row.email));
    if (account)
      throw conflict(
        'An account with this email already exists, so this application cannot become a new reader account.',
      );
    const { id: readerId } = await createReader(
      {
        db: tx,
        isProduction: deps.isProduction,
        now,
        onUserCreated: deps.onUserCreated,
        passwordHasher: deps.passwordHasher,
      },
      {
        email: row.email,
        password: randomBytes(32).toString('base64url'),
        firstName: row.firstName,
        lastName: row.lastName,
        username: await freeUsername(tx, row),
        yearsExperience: row.yearsExperience,
        chatRateCents: row.chatRateCents,
        audioRateCents: row.audioRateCents,
        videoRateCents: row.videoRateCents,
        specialties: row.specialties,
        bio: row.bio,
      },
    );
    const token = randomBytes(24).toString('base64url');
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: `reset-password:${token}`,
      value: readerId,
      expiresAt: new Date(now.getTime() + SET_PASSWORD_LINK_DAYS * DAY_MS),
      createdAt: now,
      updatedAt: now,
    });
    const [approved] = await tx
      .update(readerApplications)
      .set({ status: 'approved', readerId, decidedBy: adminId, decidedAt: now })
      .where(eq(readerApplications.id, id))
      .returning();
    const url = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const content = applicationApprovedMail({ name: row.firstName, url, validDays: SET_PASSWORD_LINK_DAYS });
    await queueMail(tx, clock, { kind: 'reader_application_approved', to: row.email, content });
    return toAdminApplication(approved!);
  });
}

/** Rejects with the admin's reason, which the applicant reads in the mail and on the status page. */
export async function rejectApplication(
  deps: ApplicationDeps,
  adminId: string,
  id: string,
  reason: string,
): Promise<AdminReaderApplication> {
  const { db, clock } = deps;
  const now = new Date(clock.now());
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    const [rejected] = await tx
      .update(readerApplications)
      .set({ status: 'rejected', rejectionReason: reason, decidedBy: adminId, decidedAt: now })
      .where(eq(readerApplications.id, id))
      .returning();
    await queueMail(tx, clock, {
      kind: 'reader_application_rejected',
      to: row.email,
      content: applicationRejectedMail({ name: row.firstName, reason }),
    });
    return toAdminApplication(rejected!);
  });
}
