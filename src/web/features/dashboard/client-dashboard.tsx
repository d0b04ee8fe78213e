import type { Profile } from '@shared/auth';
import { useLocation } from 'react-router';
import { TabsContent } from '@/components/ui/tabs';
import { AppointmentsTab } from '@/features/appointments';
import { useLiveFavoritePresence } from '@/features/favorites';
import { AddFundsButton, WalletTab } from '@/features/wallet';
import { MessagesTab } from '@/features/written-readings';
import { paths } from '@/lib/paths';
import { FavoritesTab } from './client/favorites-tab';
import { OverviewTab } from './client/overview-tab';
import { ProfileTab } from './client/profile-tab';
import { SessionDetailsPage } from './client/session-details-page';
import { SessionHistoryTab } from './client/session-history-tab';
import { sessionIdFromPath } from './client/session-route';
import { ClientStatCards } from './client/stat-cards';
import { DashboardShell, READING_PAGE_META } from './dashboard-shell';
import { type DashboardTab, DashboardTabs } from './dashboard-tabs';

const TABS: readonly [DashboardTab, ...DashboardTab[]] = [
  { value: 'overview', label: 'Overview', path: paths.dashboard },
  { value: 'favorites', label: 'Favorite Readers', path: paths.dashboardFavorites },
  { value: 'sessions', label: 'Session History', path: paths.dashboardSessions },
  { value: 'appointments', label: 'Appointments', path: paths.dashboardAppointments },
  { value: 'messages', label: 'Messages', path: paths.dashboardMessages },
  { value: 'wallet', label: 'Wallet', path: paths.dashboardWallet },
  { value: 'profile', label: 'Profile', path: paths.dashboardProfile },
];

export function ClientDashboard({ profile }: { profile: Profile }) {
  // The favorites' Online/Busy/Offline state shows on several tabs and cards: one listener keeps it live.
  useLiveFavoritePresence();
  // A reading's details live under Session History (/dashboard/sessions/:id).
  const detailsId = sessionIdFromPath(useLocation().pathname);
  return (
    <DashboardShell
      title="My Dashboard"
      subtitle={`Welcome, ${profile.fullName}.`}
      description="Your wallet, favorite readers, past readings and profile on Soul Tribe."
      actions={<AddFundsButton />}
      meta={detailsId ? READING_PAGE_META : undefined}
    >
      <ClientStatCards profile={profile} />
      <DashboardTabs tabs={TABS} label="Dashboard sections">
        <TabsContent value="overview">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="favorites">
          <FavoritesTab />
        </TabsContent>
        <TabsContent value="sessions">
          {detailsId ? <SessionDetailsPage sessionId={detailsId} /> : <SessionHistoryTab />}
        </TabsContent>
        <TabsContent value="appointments">
          <AppointmentsTab viewerId={profile.id} side="client" />
        </TabsContent>
        <TabsContent value="messages">
          <MessagesTab viewerId={profile.id} side="client" />
        </TabsContent>
        <TabsContent value="wallet">
          <WalletTab profile={profile} />
        </TabsContent>
        <TabsContent value="profile">
          <ProfileTab profile={profile} />
        </TabsContent>
      </DashboardTabs>
    </DashboardShell>
  );
}
