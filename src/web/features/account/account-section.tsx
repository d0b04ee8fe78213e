import { ExportCard } from './export-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/**
 * The person's own account: two-factor sign-in, where they are signed in, their data and deleting
 * the account. One section for every role: the client's Profile tab, the reader's Settings tab and
 * /account (where the admin reaches it from the dashboard).
 */
export function AccountSection() {
  return (
    <section aria-labelledby="account-security-heading" className="grid gap-4">
      <h2 id="account-security-heading" className="font-serif text-2xl">
        Security and your data
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <TwoFactorCard />
        <SessionsCard />
        <ExportCard />
      </div>
    </section>
  );
}
