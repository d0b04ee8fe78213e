import type { Profile } from '@shared/auth';
import { DashboardShell } from './dashboard-shell';

export function ReaderDashboard({ profile }: { profile: Profile }) {
  return <DashboardShell title="Reader Dashboard" subtitle={`Welcome back, ${profile.fullName}. Your sessions and earnings will appear here.`} />;
}
