import { PolicySection } from './policy-section';

export function CommunityGuidelines() {
  return (
    <div className="grid gap-8">
      <PolicySection title="Respect every seeker and reader">
        <ul>
          <li>Be kind. No harassment, hate speech, threats or personal attacks, in sessions, streams or the forum.</li>
          <li>
            Keep it adult and appropriate: Soul Tribe is for people 18 and older, and sexual content is not allowed.
          </li>
          <li>
            Respect privacy: do not share anyone's personal details, or recordings or screenshots of a session, without
            their consent.
          </li>
        </ul>
      </PolicySection>
      <PolicySection title="Honest readings">
        <ul>
          <li>Readers present readings as guidance for entertainment, never as medical, legal or financial advice.</li>
          <li>
            No fear-based selling: readers must not claim curses, demand extra payments to lift them, or pressure anyone
            to stay in a session.
          </li>
          <li>All payments happen on Soul Tribe. Asking to be paid outside the platform is not allowed.</li>
        </ul>
      </PolicySection>
      <PolicySection title="Reporting a problem">
        <p>
          Use <strong>Report</strong> beside a forum post or reply, a review or a live chat message: our team reviews
          every report <strong>within 24 hours</strong> and takes down what breaks these guidelines. For anything else
          (a reading, a reader's conduct), write to the support address below with what happened, when, and the name of
          the person involved. We can <strong>suspend an account at once</strong> while we look into it. The person you
          report is not told who reported them.
        </p>
      </PolicySection>
      <PolicySection title="What happens when rules are broken">
        <p>
          Depending on how serious and how repeated a violation is, we issue a <strong>warning</strong>, a{' '}
          <strong>temporary suspension</strong> or a <strong>permanent ban</strong>. Serious harm to others, fraud or
          any involvement of minors leads straight to a permanent ban.
        </p>
      </PolicySection>
    </div>
  );
}
