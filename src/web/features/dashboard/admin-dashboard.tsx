import type { Profile } from '@shared/auth';
import { useLocation, useNavigate } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/lib/paths';
import { AdminPayoutsPanel } from '../wallet/admin-payouts-panel';
import { AnalyticsTab } from './admin/analytics-tab';
import { ReadersTab } from './admin/readers-tab';
import { SessionsTab } from './admin/sessions-tab';
import { AdminStatCards } from './admin/stat-cards';
import { UsersTab } from './admin/users-tab';
import { DashboardShell } from './dashboard-shell';

const TABS = [
  { value: 'readers', label: 'Readers', path: paths.dashboard },
  { value: 'users', label: 'Users', path: paths.dashboardUsers },
  { value: 'sessions', label: 'Sessions', path: paths.dashboardSessions },
  { value: 'analytics', label: 'Analytics', path: paths.dashboardAnalytics },
  { value: 'payouts', label: 'Payouts', path: paths.dashboardPayouts },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** Each tab has its own URL, so a reload or a shared link opens the same tab; Readers is the default. */
function useTabFromUrl(): [TabValue, (value: string) => void] {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = TABS.find((tab) => tab.path !== paths.dashboard && pathname.startsWith(tab.path))?.value ?? 'readers';
  const select = (value: string) => {
    const tab = TABS.find((candidate) => candidate.value === value);
    if (tab) void navigate(tab.path);
  };
  return [current, select];
}

export function AdminDashboard({ profile }: { profile: Profile }) {
  const [tab, setTab] = useTabFromUrl();
  return (
    <DashboardShell title="Admin Dashboard" subtitle={`Signed in as ${profile.fullName}.`}>
      <AdminStatCards />
      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        <TabsList aria-label="Admin sections">
          {TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="readers">
          <ReadersTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="sessions">
          <SessionsTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="payouts">
          <AdminPayoutsPanel />
        </TabsContent>
      </Tabs>
    </DashboardShell>
  );
}
