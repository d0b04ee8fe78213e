import type { Profile } from '@shared/auth';
import { useLocation, useNavigate } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/lib/paths';
import { useLiveFavoritePresence } from '../favorites/api';
import { AddFundsButton } from '../wallet/add-funds-button';
import { WalletTab } from '../wallet/wallet-tab';
import { FavoritesTab } from './client/favorites-tab';
import { OverviewTab } from './client/overview-tab';
import { ProfileTab } from './client/profile-tab';
import { SessionDetailsPage } from './client/session-details-page';
import { SessionHistoryTab } from './client/session-history-tab';
import { sessionIdFromPath } from './client/session-route';
import { ClientStatCards } from './client/stat-cards';
import { DashboardShell } from './dashboard-shell';

const TABS = [
  { value: 'overview', label: 'Overview', path: paths.dashboard },
  { value: 'favorites', label: 'Favorite Readers', path: paths.dashboardFavorites },
  { value: 'sessions', label: 'Session History', path: paths.dashboardSessions },
  { value: 'wallet', label: 'Wallet', path: paths.dashboardWallet },
  { value: 'profile', label: 'Profile', path: paths.dashboardProfile },
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
  // The favorites' Online/Busy/Offline state shows on several tabs and cards: one listener keeps it live.
  useLiveFavoritePresence();
  // A reading's details live under Session History (/dashboard/sessions/:id).
  const detailsId = sessionIdFromPath(useLocation().pathname);
  return (
    <DashboardShell title="My Dashboard" subtitle={`Welcome, ${profile.fullName}.`} actions={<AddFundsButton />}>
      <ClientStatCards profile={profile} />
      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        <TabsList aria-label="Dashboard sections">
          {TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="favorites">
          <FavoritesTab />
        </TabsContent>
        <TabsContent value="sessions">{detailsId ? <SessionDetailsPage sessionId={detailsId} /> : <SessionHistoryTab />}</TabsContent>
        <TabsContent value="wallet">
          <WalletTab profile={profile} />
        </TabsContent>
        <TabsContent value="profile">
          <ProfileTab profile={profile} />
        </TabsContent>
      </Tabs>
    </DashboardShell>
  );
}
