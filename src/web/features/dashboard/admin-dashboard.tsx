import type { Profile } from '@shared/auth';
import { Link } from 'react-router';
import { TabsContent } from '@/components/ui/tabs';
import { AdminPayoutsPanel } from '@/features/wallet';
import { paths } from '@/lib/paths';
import { AnalyticsTab } from './admin/analytics-tab';
import { ApplicationsTab } from './admin/applications-tab';
import { PromotionsTab } from './admin/promotions-tab';
import { ReadersTab } from './admin/readers-tab';
import { ReportsTab } from './admin/reports-tab';
import { SessionsTab } from './admin/sessions-tab';
import { AdminStatCards } from './admin/stat-cards';
import { UsersTab } from './admin/users-tab';
import { DashboardShell } from './dashboard-shell';
import { type DashboardTab, DashboardTabs } from './dashboard-tabs';

const TABS: readonly [DashboardTab, ...DashboardTab[]] = [
  { value: 'readers', label: 'Readers', path: paths.dashboard },
  { value: 'users', label: 'Users', path: paths.dashboardUsers },
  { value: 'sessions', label: 'Sessions', path: paths.dashboardSessions },
  { value: 'analytics', label: 'Analytics', path: paths.dashboardAnalytics },
  { value: 'payouts', label: 'Payouts', path: paths.dashboardPayouts },
  { value: 'promotions', label: 'Promotions', path: paths.dashboardPromotions },
  { value: 'reports', label: 'Reports', path: paths.dashboardReports },
  { value: 'applications', label: 'Applications', path: paths.dashboardApplications },
];

export function AdminDashboard({ profile }: { profile: Profile }) {
  return (
    <DashboardShell
      title="Admin Dashboard"
      subtitle={`Signed in as ${profile.fullName}.`}
      description="Readers, users, sessions, analytics, payouts, promotion codes, reported content and reader applications of the Soul Tribe platform."
    >
      <AdminStatCards />
      <DashboardTabs tabs={TABS} label="Admin sections">
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
        <TabsContent value="payouts" className="grid gap-6">
          <AdminPayoutsPanel />
          {/* The shop's own orders to ship are on /shop/orders, where an admin looks for orders. */}
          <p className="text-sm text-muted-foreground">
            Soul Tribe’s own shop orders to ship are under{' '}
            <Link to={paths.shopOrders} className="font-semibold text-pink underline underline-offset-4">
              Shop › My Orders
            </Link>
            .
          </p>
        </TabsContent>
        <TabsContent value="promotions">
          <PromotionsTab />
        </TabsContent>
        <TabsContent value="reports">
          <ReportsTab />
        </TabsContent>
        <TabsContent value="applications">
          <ApplicationsTab />
        </TabsContent>
      </DashboardTabs>
    </DashboardShell>
  );
}
