import type { Profile } from '@shared/auth';
import { DashboardShell } from './dashboard-shell';

export function AdminDashboard({ profile }: { profile: Profile }) {
  return <DashboardShell title="Admin Dashboard" subtitle={`Signed in as ${profile.fullName}. Readers, users and sessions will appear here.`} />;
}
