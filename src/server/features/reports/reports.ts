import { randomUUID } from 'node:crypto';
import { type createReportSchema, type OpenReport, PRODUCT_REPORTER_NAME, type ReportDecision } from '@shared/reports';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { reports, user } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../errors';
import { REPORT_TARGETS } from './report-targets';

type ReportInput = z.output<typeof createReportSchema>;

/** Any signed-in user reports content that is there to see; their second open report of it is a 409. */
export async function createReport(db: Db, reporterId: string, input: ReportInput, now: Date): Promise<{ id: string }> {
  const content = await REPORT_TARGETS[input.targetType].read(db, input.targetId);
  if (!content) throw notFound('That content was not found');
  const id = randomUUID();
  try {
    await db.insert(reports).values({ id, reporterId, ...input, createdAt: now });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('You have already reported this; an admin will review it within 24 hours');
    throw error;
  }
  return { id };
}

/** The admin queue: open reports, oldest first (the 24-hour promise is kept from the top). */
export async function listOpenReports(db: Db): Promise<{ reports: OpenReport[] }> {
  const rows = await db
    .select({ report: reports, reporterName: user.name })
    .from(reports)
    .leftJoin(user, eq(user.id, reports.reporterId))
    .where(eq(reports.status, 'open'))
    .orderBy(asc(reports.createdAt), asc(reports.id));
  const list = await Promise.all(
    rows.map(async ({ report, reporterName }) => ({
      id: report.id,
      targetType: report.targetType,
      targetId: report.targetId,
      reason: report.reason,
      reporterName: reporterName ?? PRODUCT_REPORTER_NAME,
      createdAt: report.createdAt.toISOString(),
      content: await REPORT_TARGETS[report.targetType].read(db, report.targetId),
    })),
  );
  return { reports: list };
}

/**
 * An admin decides: `hide` takes the content down where it lives (a forum author is told the
 * report's reason); either way every open report of that content is closed with it, so the queue
 * never asks twice.
 */
export async function decideReport(db: Db, reportId: string, adminId: string, decision: ReportDecision, now: Date) {
  return db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
    if (!report) throw notFound('Report not found');
    if (report.status !== 'open') throw conflict('This report has already been decided');
    const targetType = report.targetType;
    if (decision === 'hide')
      await REPORT_TARGETS[targetType].hide(tx, report.targetId, { now, reason: report.reason, adminId });
    const decided = await tx
      .update(reports)
      .set({ status: decision === 'hide' ? 'hidden' : 'dismissed', decidedAt: now, decidedBy: adminId })
      .where(
        and(
          eq(reports.targetType, report.targetType),
          eq(reports.targetId, report.targetId),
          eq(reports.status, 'open'),
        ),
      )
      .returning({ id: reports.id });
    return { status: decision === 'hide' ? ('hidden' as const) : ('dismissed' as const), decided: decided.length };
  });
}
