import type { Role } from '@shared/constants';
import { paths } from './paths';

export interface RoleLink {
  to: string;
  label: string;
}

/** SPEC.md 'Signed-in menu links by role'. */
const linksByRole: Record<Role, readonly RoleLink[]> = {
  client: [
    { to: paths.dashboard, label: 'Dashboard' },
    { to: paths.dashboardSessions, label: 'My Sessions' },
    { to: paths.dashboardWallet, label: 'Wallet' },
    { to: paths.shopOrders, label: 'My Orders' },
  ],
  reader: [
    { to: paths.dashboard, label: 'Reader Dashboard' },
    { to: paths.dashboardSessions, label: 'My Sessions' },
    { to: paths.dashboardEarnings, label: 'Earnings' },
    { to: paths.dashboardSchedule, label: 'Schedule' },
    { to: paths.shopOrders, label: 'My Orders' },
  ],
  admin: [
    { to: paths.dashboard, label: 'Admin Dashboard' },
    { to: paths.dashboardUsers, label: 'Users' },
    { to: paths.dashboardSessions, label: 'All Sessions' },
    { to: paths.dashboardAnalytics, label: 'Analytics' },
    { to: paths.shopOrders, label: 'My Orders' },
  ],
};

export function isRole(value: string): value is Role {
  return Object.hasOwn(linksByRole, value);
}

/** An unknown role gets only the dashboard link, which then explains the problem. */
export function roleLinks(role: string): readonly RoleLink[] {
  return isRole(role) ? linksByRole[role] : [{ to: paths.dashboard, label: 'Dashboard' }];
}

export const roleLabels: Record<Role, string> = { client: 'Client', reader: 'Reader', admin: 'Admin' };

export function roleLabel(role: string): string {
  return isRole(role) ? roleLabels[role] : role;
}
