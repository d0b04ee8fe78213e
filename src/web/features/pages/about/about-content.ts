import { READER_SHARE_PERCENT } from '@shared/constants';
import { ABOUT_PAGE } from '@shared/public-pages';

/** SPEC.md §1: the About page's mission, founder story, three values and what each side gets; its counts come from the database (about-page.tsx). */
export const readerShareFigure = {
  value: `${READER_SHARE_PERCENT}%`,
  label: 'of every minute goes to the reader',
} as const;

export const mission = ABOUT_PAGE.description;

export const founderStory = [
  'Soul Tribe began with one reader and a kitchen table. For years our founder gave readings in person and by phone, and saw the same two problems again and again: seekers could not tell a genuine reader from a script, and readers gave away most of what they earned to the services that booked them.',
  'So we built the place we wanted to work in ourselves. Every reader is vetted before they take a reading. Seekers top up a wallet, see the exact rate before they start, and are billed by the minute, with a refund in the first minutes if a reading does not feel right. Readers keep most of every minute and are paid from what they have earned.',
  'The idea is still the same: a small, caring community where intuition is treated with respect.',
];

export const values = [
  {
    title: 'Authentic Connection',
    text: 'Every reader is verified by our team before their first reading, and clients rate each reading, so the trust you place in a reader is earned.',
  },
  {
    title: 'Sacred Privacy',
    text: 'A reading is a private conversation between you and your reader: no other member of the community can see it.',
  },
  {
    title: 'Empowerment',
    text: 'A reading should leave you clearer and freer, never dependent. You choose the reader, see the price first and end the reading whenever you wish.',
  },
] as const;

export const seekerBenefits = [
  'Chat, audio and video readings with verified readers, whenever one is online',
  'The exact per-minute rate before you start, billed by the minute from a prepaid wallet',
  'A full refund if you ask for it within the first 3 minutes of a reading',
  'A history of every reading, its cost and its receipt, and ratings you can leave later',
];

export const readerBenefits = [
  `${READER_SHARE_PERCENT}% of every minute you read; the platform keeps ${100 - READER_SHARE_PERCENT}% to run the service`,
  'Your own rates for chat, audio and video, changed whenever you like',
  'Online when you choose, with your weekly hours shown to seekers',
  'A dashboard of your earnings, readings and reviews, and payouts of what you have earned',
];
