import type { Profile } from '@shared/auth';
import { DashboardShell } from './dashboard-shell';

export function ClientDashboard({ profile }: { profile: Profile }) {
  return <DashboardShell title="My Dashboard" subtitle={`Welcome, ${profile.fullName}. Your readings and wallet will appear here.`} />;
}
