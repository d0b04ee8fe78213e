import {
  DEPOSIT_MAX_CENTS,
  DEPOSIT_MIN_CENTS,
  PAYOUT_MIN_CENTS,
  READER_SHARE_PERCENT,
  REFUND_WINDOW_MINUTES,
} from '@shared/constants';
import { formatCents } from '@shared/money';
import { PolicySection } from './policy-section';

export function TermsOfService() {
  return (
    <div className="grid gap-8">
      <PolicySection title="1. Who may use Soul Tribe">
        <p>
          Soul Tribe is open only to people who are <strong>18 years of age or older</strong>. By creating an account
          you confirm that you are at least 18 and that the information you give us is true. We suspend accounts that we
          find belong to anyone younger.
        </p>
      </PolicySection>
      <PolicySection title="2. Readings are for entertainment">
        <p>
          Readings, streams and community posts on Soul Tribe are provided{' '}
          <strong>for entertainment purposes only</strong>. They are not a substitute for medical, psychological, legal
          or financial advice. Please consult a qualified professional for those matters, and never delay treatment or
          make an important decision on the strength of a reading alone.
        </p>
      </PolicySection>
      <PolicySection title="3. Your wallet and per-minute billing">
        <ul>
          <li>
            Readings are paid from your prepaid Soul Tribe wallet, held in US dollars. You add between{' '}
            {formatCents(DEPOSIT_MIN_CENTS)} and {formatCents(DEPOSIT_MAX_CENTS)} at a time. There is no subscription.
          </li>
          <li>
            Each reader sets a <strong>per-minute rate</strong> for chat, audio and video. The rate is{' '}
            <strong>shown before a session starts</strong> and is fixed for that session.
          </li>
          <li>
            Billing is per started minute and is charged at the start of each minute. You need enough balance for at
            least one minute to start; when your balance cannot cover the next minute we warn you, and at the end of the
            last paid minute the reading pauses, unbilled, for two minutes: add funds to carry on, or it ends.
          </li>
          <li>
            If you or your reader lose the connection, the reading pauses and no minute is charged until you are both
            back. A reading in which one of you has been away for a whole minute ends.
          </li>
          <li>
            Readers receive {READER_SHARE_PERCENT}% of each minute's charge, rounded down to the cent; Soul Tribe keeps
            the rest (about {100 - READER_SHARE_PERCENT}%) to run the platform.
          </li>
          <li>
            A reader's share of a reading becomes available once the reading has ended without a refund. Readers may ask
            for a payout of {formatCents(PAYOUT_MIN_CENTS)} or more of their available earnings; our team reviews every
            payout before it is paid.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="4. Satisfaction guarantee and refunds">
        <p>
          If a reading is not right for you, end it within the <strong>first {REFUND_WINDOW_MINUTES} minutes</strong>{' '}
          and ask for a refund: every charge of that session is returned to your wallet. After the first{' '}
          {REFUND_WINDOW_MINUTES} minutes, minutes used are not refundable unless the law requires otherwise. If you
          think a fault on our side spoiled a reading, write to the support address below with its date and we will look
          into it.
        </p>
      </PolicySection>
      <PolicySection title="5. Your account">
        <p>
          Keep your password private; you are responsible for activity on your account. Tell us at once at the support
          address below if you think someone else has used it.
        </p>
      </PolicySection>
      <PolicySection title="6. Conduct and enforcement">
        <p>
          Everyone must follow our Community Guidelines. Violations lead to{' '}
          <strong>warnings, temporary suspensions or permanent bans</strong>, depending on how serious and how repeated
          they are. We may decline a reader's payout of earnings from readings found to be fraudulent.
        </p>
      </PolicySection>
      <PolicySection title="7. Changes to these terms">
        <p>
          We may update these terms. We publish every new version on this page, with its date under 'Last updated',
          before it takes effect. Using Soul Tribe after that date means you accept the updated terms.
        </p>
      </PolicySection>
    </div>
  );
}
