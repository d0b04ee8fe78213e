import { REFUND_WINDOW_MINUTES } from '@shared/constants';

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface FaqTopic {
  id: string;
  title: string;
  entries: readonly FaqEntry[];
}

export const faqTopics: readonly FaqTopic[] = [
  {
    id: 'billing',
    title: 'Billing & Wallet',
    entries: [
      {
        question: 'How does per-minute billing work?',
        answer:
          'Each reader sets a rate per minute for chat, audio and video. You see the rate before the session starts and it stays fixed for that session. Each started minute is charged from your wallet at the start of that minute.',
      },
      {
        question: 'Is there a subscription or a sign-up fee?',
        answer:
          'No. Creating an account is free and there is no subscription. You only pay for the minutes of the readings you take.',
      },
      {
        question: 'How do I add funds?',
        answer:
          'Open your dashboard and choose Add Funds, or use the Quick Add buttons for $25, $50 or $100. Your balance appears in the wallet chip at the top of every page.',
      },
      {
        question: 'What happens when my balance runs low during a reading?',
        answer:
          'You see a low-balance banner when fewer than two minutes remain. If your balance cannot pay for the next minute, you are warned; at the end of the last minute you paid for, the reading pauses for two minutes, free of charge, and the Add Funds window opens. Add enough for a minute and the reading carries on at once; otherwise it ends. You are never charged more than your balance.',
      },
    ],
  },
  {
    id: 'refunds',
    title: 'Refunds',
    entries: [
      {
        question: 'Can I get my money back if a reading does not feel right?',
        answer: `Yes. End the session within the first ${REFUND_WINDOW_MINUTES} minutes and ask for a refund: every charge of that session goes back to your wallet.`,
      },
      {
        question: 'What if the connection drops?',
        answer:
          'The reading pauses and no minute is charged until you are both back. If one of you is away for a whole minute, the session ends on its own.',
      },
      {
        question: 'Something else went wrong with a charge. Who do I contact?',
        answer:
          'Write to our support team with the date of the session and we will look into it. We review every request.',
      },
    ],
  },
  {
    id: 'sessions',
    title: 'Readings & Sessions',
    entries: [
      {
        question: 'How do I start a reading?',
        answer:
          'Browse the readers, pick one who is online and choose chat, audio or video. The reader has a minute to accept; the session and billing start once you are both connected.',
      },
      {
        question: 'What do I need for an audio or video reading?',
        answer:
          'A recent browser and a microphone, plus a camera for video. Your browser will ask for permission to use them when the session starts.',
      },
      {
        question: 'Are my readings private?',
        answer:
          "Only you and your reader can join a session. Audio and video are not recorded. Chat messages are kept with the reading so you can both read them again, and are deleted automatically after the number of days our Privacy Policy states; until then, download the transcript from the reading's page to keep a copy.",
      },
      {
        question: 'Are readings advice I can rely on?',
        answer:
          'Readings are offered for entertainment. They are not a substitute for medical, legal, psychological or financial advice. Soul Tribe is for adults 18 and older.',
      },
    ],
  },
];
