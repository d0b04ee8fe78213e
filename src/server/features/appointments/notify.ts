import type { NotificationKind } from '@shared/notifications';
import { paths } from '@shared/paths';
import type { Tx } from '../../db/client';
import { type NotificationRow, storeNotification } from '../notifications';

/** A notification about an appointment: it opens the Appointments tab of the dashboard. */
export const notifyAboutAppointment = (
  tx: Tx,
  input: { userId: string; kind: NotificationKind; title: string; body: string; subjectId: string; now: Date },
): Promise<NotificationRow> => storeNotification(tx, { ...input, link: paths.dashboardAppointments });
