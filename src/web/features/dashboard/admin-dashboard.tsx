import type { Profile } from '@shared/auth';
import { AdminPayoutsPanel } from '../wallet/admin-payouts-panel';
import { DashboardShell } from './dashboard-shell';

export function AdminDashboard({ profile }: { profile: Profile }) {
  return (
    <DashboardShell title="Admin Dashboard" subtitle={`Signed in as ${profile.fullName}. Readers, users and sessions will appear here.`}>
      <div className="mt-8">
        <AdminPayoutsPanel />
      </div>
    </DashboardShell>
  );
}
