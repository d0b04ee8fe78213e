import type { Profile } from '@shared/auth';
import { AddFundsButton } from '../wallet/add-funds-button';
import { WalletTab } from '../wallet/wallet-tab';
import { DashboardShell } from './dashboard-shell';

export function ClientDashboard({ profile }: { profile: Profile }) {
  return (
    <DashboardShell title="My Dashboard" subtitle={`Welcome, ${profile.fullName}.`} actions={<AddFundsButton />}>
      <section className="mt-8" aria-labelledby="wallet-heading">
        <h2 id="wallet-heading" className="mb-4 text-2xl font-semibold">
          Wallet
        </h2>
        <WalletTab profile={profile} />
      </section>
    </DashboardShell>
  );
}
