import type { Profile } from '@shared/auth';
import { useLocation, useNavigate } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/lib/paths';
import { AddFundsButton } from '../wallet/add-funds-button';
import { WalletTab } from '../wallet/wallet-tab';
import { OverviewTab } from './client/overview-tab';
import { SessionHistoryTab } from './client/session-history-tab';
import { DashboardShell } from './dashboard-shell';

const TABS = [
  { value: 'overview', label: 'Overview', path: paths.dashboard },
  { value: 'sessions', label: 'Session History', path: paths.dashboardSessions },
  { value: 'wallet', label: 'Wallet', path: paths.dashboardWallet },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** Each tab has its own URL, so a reload or a shared link (the low-balance banner's Add Funds) opens the same tab. */
function useTabFromUrl(): [TabValue, (value: string) => void] {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = TABS.find((tab) => tab.path !== paths.dashboard && pathname.startsWith(tab.path))?.value ?? 'overview';
  const select = (value: string) => {
    const tab = TABS.find((candidate) => candidate.value === value);
    if (tab) void navigate(tab.path);
  };
  return [current, select];
}

export function ClientDashboard({ profile }: { profile: Profile }) {
  const [tab, setTab] = useTabFromUrl();
  return (
    <DashboardShell title="My Dashboard" subtitle={`Welcome, ${profile.fullName}.`} actions={<AddFundsButton />}>
      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        <TabsList aria-label="Dashboard sections">
          {TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab profile={profile} />
        </TabsContent>
        <TabsContent value="sessions">
          <SessionHistoryTab />
        </TabsContent>
        <TabsContent value="wallet">
          <WalletTab profile={profile} />
        </TabsContent>
      </Tabs>
    </DashboardShell>
  );
}
