import type { Profile } from '@shared/auth';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { TabsContent } from '@/components/ui/tabs';
import { AppointmentsTab } from '@/features/appointments';
import { MyStreams } from '@/features/live';
import { MyProducts, SalesList } from '@/features/shop';
import { MessagesTab } from '@/features/written-readings';
import { paths } from '@/lib/paths';
import { sessionIdFromPath } from './client/session-route';
import { DashboardShell, READING_PAGE_META } from './dashboard-shell';
import { type DashboardTab, DashboardTabs } from './dashboard-tabs';
import { ReaderEarningsTab } from './reader/earnings-tab';
import { myReaderQuery } from './reader/reader-api';
import { ReaderAvailability } from './reader/reader-availability';
import { ReaderOverview } from './reader/reader-overview';
import { ReaderStatCards } from './reader/reader-stat-cards';
import { ReaderReadingDetailsPage } from './reader/reading-details-page';
import { ReaderScheduleTab } from './reader/schedule-tab';
import { ReaderSessionsTab } from './reader/sessions-tab';
import { ReaderSettingsTab } from './reader/settings-tab';
import { useReaderFigureUpdates } from './reader/use-reader-figure-updates';

const TABS: readonly [DashboardTab, ...DashboardTab[]] = [
  { value: 'overview', label: 'Overview', path: paths.dashboard },
  { value: 'sessions', label: 'Sessions', path: paths.dashboardSessions },
  { value: 'earnings', label: 'Earnings', path: paths.dashboardEarnings },
  { value: 'appointments', label: 'Appointments', path: paths.dashboardAppointments },
  { value: 'messages', label: 'Messages', path: paths.dashboardMessages },
  { value: 'schedule', label: 'Schedule', path: paths.dashboardSchedule },
  { value: 'live', label: 'Live', path: paths.dashboardLive },
  { value: 'products', label: 'Products', path: paths.dashboardProducts },
  { value: 'settings', label: 'Settings', path: paths.dashboardSettings },
];

export function ReaderDashboard({ profile }: { profile: Profile }) {
  const reader = useQuery(myReaderQuery);
  useReaderFigureUpdates();
  // A reading's receipt lives under Sessions (/dashboard/sessions/:id).
  const detailsId = sessionIdFromPath(useLocation().pathname);
  const firstName = reader.data?.firstName ?? profile.fullName.split(' ')[0] ?? profile.fullName;
  // Rates and settings edit the reader's profile: until it is here, those tabs wait (or offer Retry).
  const withReader = (render: (loaded: NonNullable<typeof reader.data>) => ReactNode) =>
    reader.data ? (
      render(reader.data)
    ) : reader.isError ? (
      <LoadFailed query={reader} />
    ) : (
      <ListSkeleton label="Loading..." />
    );

  return (
    <DashboardShell
      title="Reader Dashboard"
      subtitle={`Welcome back, ${firstName}`}
      description="Your availability, rates, readings, earnings and schedule as a Soul Tribe reader."
      actions={reader.data ? <ReaderAvailability reader={reader.data} /> : null}
      meta={detailsId ? READING_PAGE_META : undefined}
    >
      <ReaderStatCards />
      <DashboardTabs tabs={TABS} label="Dashboard sections">
        <TabsContent value="overview">
          {withReader((loaded) => (
            <ReaderOverview reader={loaded} />
          ))}
        </TabsContent>
        <TabsContent value="sessions">
          {detailsId ? <ReaderReadingDetailsPage sessionId={detailsId} /> : <ReaderSessionsTab />}
        </TabsContent>
        <TabsContent value="earnings">
          <ReaderEarningsTab />
        </TabsContent>
        <TabsContent value="appointments">
          <AppointmentsTab viewerId={profile.id} side="reader" />
        </TabsContent>
        <TabsContent value="messages">
          <MessagesTab viewerId={profile.id} side="reader" />
        </TabsContent>
        <TabsContent value="schedule">
          <ReaderScheduleTab />
        </TabsContent>
        <TabsContent value="live">
          <MyStreams />
        </TabsContent>
        <TabsContent value="products" className="grid gap-6">
          <MyProducts />
          <SalesList />
        </TabsContent>
        <TabsContent value="settings">
          {withReader((loaded) => (
            <ReaderSettingsTab reader={loaded} />
          ))}
        </TabsContent>
      </DashboardTabs>
    </DashboardShell>
  );
}
