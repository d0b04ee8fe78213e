import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { messageRetentionQuery } from './message-retention-api';
import { PolicySection } from './policy-section';

/** SPEC.md §9 'Policy statements': privacy requests are answered within 30 days (by the support team). */
export const PRIVACY_REQUEST_DAYS = 30;

/** The retention in days comes from the server, which deletes messages by the same number. */
function MessageRetention() {
  const query = useQuery(messageRetentionQuery);
  if (query.isError) return <LoadFailed query={query} message="Failed to load how long chat messages are kept." />;
  if (query.isPending)
    return <Skeleton className="h-12" role="status" aria-label="Loading how long chat messages are kept" />;
  const days = query.data.retentionDays;
  return (
    <p data-testid="retention-policy">
      Chat messages are kept with their reading, and the reading's page shows them again, until they are{' '}
      <strong>deleted automatically {days} days after they were sent</strong>. Until then, either participant can
      download the reading's transcript from its page. To have them deleted sooner, write to the support address below.
    </p>
  );
}

export function PrivacyPolicy() {
  return (
    <div className="grid gap-8">
      <PolicySection title="1. What we collect">
        <ul>
          <li>Account details: your name, email address and a securely hashed password.</li>
          <li>
            Wallet activity: deposits, reading charges and refunds, and for readers their earnings and payouts, kept as
            a ledger so every cent can be accounted for.
          </li>
          <li>Session details: who took part, the type of reading, its start and end time and its cost.</li>
          <li>Chat messages sent during a reading, so both participants can see the conversation.</li>
          <li>The rating and review you give a reading, and the readers you mark as favorites.</li>
          <li>For each sign-in, the IP address and browser it came from, to keep your account safe.</li>
        </ul>
        <p>
          Audio and video travel directly between you and your reader and are <strong>not recorded</strong> by Soul
          Tribe.
        </p>
      </PolicySection>
      <PolicySection title="2. How long we keep session content">
        <MessageRetention />
        <p>
          A reading's receipt (each billed minute and what it cost) and our other billing records are money records:
          they are kept for as long as the law requires us to keep financial records.
        </p>
      </PolicySection>
      <PolicySection title="3. How we use your information">
        <ul>
          <li>To run your account, your wallet and your readings.</li>
          <li>To keep the platform safe, investigate reports and prevent fraud.</li>
          <li>To answer you when you contact support.</li>
        </ul>
        <p>
          We never sell your personal information. Your reader sees the name and picture of your profile, never your
          email address. A review you write appears on the reader's public profile with your rating and text, signed
          'Anonymous': never with your name.
        </p>
      </PolicySection>
      <PolicySection title="4. Cookies">
        <p>
          We use one essential cookie to keep you signed in, and store your theme choice in your browser. We use no
          advertising or third-party tracking cookies, and our fonts and images are served from our own site; only a
          profile picture given as a link to another site is loaded from that site.
        </p>
      </PolicySection>
      <PolicySection title="5. Your rights">
        <p>
          You can change your name and picture yourself in your dashboard. To see, correct or export anything else, or
          to have your account and its personal information deleted, write to the support address below; we answer every{' '}
          <strong>privacy request within {PRIVACY_REQUEST_DAYS} days</strong>.
        </p>
      </PolicySection>
    </div>
  );
}
