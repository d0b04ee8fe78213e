import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';

export interface DashboardTab {
  value: string;
  label: string;
  path: string;
}

/**
 * A dashboard's tabs, each with its own URL, so a reload or a shared link (the low-balance banner's
 * Add Funds) opens the same tab. The first tab lives at the dashboard's own path; a path below a
 * tab's (a reading's details under Session History) keeps that tab selected. `children` are the
 * `TabsContent` panels.
 */
export function DashboardTabs({
  tabs,
  label,
  children,
}: {
  tabs: readonly [DashboardTab, ...DashboardTab[]];
  label: string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [home, ...others] = tabs;
  const current = others.find((tab) => pathname.startsWith(tab.path)) ?? home;
  const select = (value: string) => {
    const tab = tabs.find((candidate) => candidate.value === value);
    if (tab) void navigate(tab.path);
  };
  return (
    <Tabs value={current.value} onValueChange={select} className="mt-8">
      <TabsList aria-label={label}>
        {tabs.map(({ value, label: tabLabel }) => (
          <TabsTrigger key={value} value={value}>
            {tabLabel}
          </TabsTrigger>
        ))}
      </TabsList>
      {children}
    </Tabs>
  );
}
