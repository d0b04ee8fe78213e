import { isRole, type Role } from '@shared/constants';
import { BlockedPeopleCard } from '@/features/blocks';
import { useProfile } from '@/lib/auth';
import { DeleteAccountCard } from './delete-account-card';
import { ExportCard } from './export-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

const DELETABLE_ROLES: Role[] = ['client', 'reader'];
/** Clients and readers block each other (decision 068); an admin blocks no one. */
const BLOCKING_ROLES: Role[] = ['client', 'reader'];

/**
 * The person's own account: two-factor sign-in, where they are signed in, their data and deleting
 * the account (clients and readers; an admin's access is removed by another admin), and the people
 * they blocked. One section for every role: the client's Profile tab, the reader's Settings tab and
 * /account (the admin's).
 */
export function AccountSection() {
  const { data: profile } = useProfile();
  const storedRole = profile?.role;
  const role = isRole(storedRole) ? storedRole : undefined;
  return (
    <section aria-labelledby="account-security-heading" className="grid gap-4">
      <h2 id="account-security-heading" className="font-serif text-2xl">
        Security and your data
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <TwoFactorCard />
        <SessionsCard />
        <ExportCard />
        {role && BLOCKING_ROLES.includes(role) ? <BlockedPeopleCard /> : null}
        {role && DELETABLE_ROLES.includes(role) ? <DeleteAccountCard role={role} /> : null}
      </div>
    </section>
  );
}
