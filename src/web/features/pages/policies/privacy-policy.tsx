import { PolicySection } from './policy-section';

/** Session content retention and request deadlines come from SPEC.md §9 'Policy statements'. */
export const SESSION_CONTENT_RETENTION_DAYS = 30;
export const PRIVACY_REQUEST_DAYS = 30;

export function PrivacyPolicy() {
  return (
    <div className="grid gap-8">
      <PolicySection title="1. What we collect">
        <ul>
          <li>Account details: your name, email address and a securely hashed password.</li>
          <li>Wallet activity: deposits, session charges, refunds and gifts, kept as a ledger so every cent can be accounted for.</li>
          <li>Session details: who took part, the type of reading, its start and end time and its cost.</li>
          <li>Chat messages sent during a reading, so both participants can see the conversation.</li>
        </ul>
        <p>
          Audio and video travel directly between you and your reader and are <strong>not recorded</strong> by Soul Tribe.
        </p>
      </PolicySection>
      <PolicySection title="2. How long we keep session content">
        <p>
          Chat messages and other session content are <strong>automatically deleted after {SESSION_CONTENT_RETENTION_DAYS} days</strong>,
          unless both you and your reader agree to save them (mutual consent). Billing records are kept for as long as the law
          requires us to keep financial records.
        </p>
      </PolicySection>
      <PolicySection title="3. How we use your information">
        <ul>
          <li>To run your account, your wallet and your readings.</li>
          <li>To keep the platform safe, investigate reports and prevent fraud.</li>
          <li>To answer you when you contact support.</li>
        </ul>
        <p>We never sell your personal information, and readers only see the name you choose to show.</p>
      </PolicySection>
      <PolicySection title="4. Cookies">
        <p>
          We use one essential cookie to keep you signed in, and store your theme choice in your browser. We use no advertising
          or third-party tracking cookies, and our fonts and images are served from our own site.
        </p>
      </PolicySection>
      <PolicySection title="5. Your rights">
        <p>
          You may ask to see, correct, export or delete your personal information. Write to the support address below; we
          answer every <strong>privacy request within {PRIVACY_REQUEST_DAYS} days</strong>.
        </p>
      </PolicySection>
    </div>
  );
}
