// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TabsContent } from '@/components/ui/tabs';
import { type DashboardTab, DashboardTabs } from './dashboard-tabs';

const TABS: [DashboardTab, ...DashboardTab[]] = [
  { value: 'overview', label: 'Overview', path: '/dashboard' },
  { value: 'sessions', label: 'Session History', path: '/dashboard/sessions' },
  { value: 'wallet', label: 'Wallet', path: '/dashboard/wallet' },
];

function open(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/*',
        element: (
          <DashboardTabs tabs={TABS} label="Dashboard sections">
            {TABS.map((tab) => (
              <TabsContent key={tab.value} value={tab.value}>
                {`${tab.label} panel`}
              </TabsContent>
            ))}
          </DashboardTabs>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const selected = () => screen.getByRole('tab', { selected: true }).textContent;

describe('DashboardTabs', () => {
  afterEach(cleanup);

  it('opens the tab of the URL, the first at the dashboard itself and the parent tab below it', () => {
    open('/dashboard');
    expect(selected()).toBe('Overview');
    cleanup();
    open('/dashboard/wallet');
    expect(selected()).toBe('Wallet');
    expect(screen.getByText('Wallet panel')).toBeTruthy();
    cleanup();
    open('/dashboard/sessions/3f0c');
    expect(selected()).toBe('Session History');
  });

  it('moves the URL with the chosen tab', () => {
    const router = open('/dashboard');
    const tab = screen.getByRole('tab', { name: 'Wallet' });
    // Radix tabs switch on mouse down.
    fireEvent.mouseDown(tab, { button: 0 });
    expect(router.state.location.pathname).toBe('/dashboard/wallet');
  });
});
