import { BadgeCheck, Clock, HeartHandshake, type LucideIcon, MessageCircle, Radio, Video } from 'lucide-react';

export interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

/** SPEC.md 'Home': the six feature cards. */
export const features: readonly Feature[] = [
  {
    title: 'Live Video Readings',
    description: 'Sit face to face with your reader in a private, secure video session, wherever you are.',
    icon: Video,
  },
  {
    title: 'Real-time Chat',
    description: 'Prefer to type? Chat with your reader live and keep the conversation at your own pace.',
    icon: MessageCircle,
  },
  {
    title: 'Per-Minute Billing',
    description:
      'No subscription and no hidden costs. Rates are shown before you start and you pay only for the minutes you use.',
    icon: Clock,
  },
  {
    title: 'Verified Readers',
    description:
      'Every reader is reviewed by our team before their first session, and rated by the seekers they guide.',
    icon: BadgeCheck,
  },
  {
    title: 'Compassionate Guidance',
    description: 'Readings offered with warmth and respect, to help you reflect on love, career and your path.',
    icon: HeartHandshake,
  },
  {
    title: 'Live Streaming',
    description: 'Join readers live for group readings, send gifts and ask your question in the chat.',
    icon: Radio,
  },
];

export interface Testimonial {
  quote: string;
  name: string;
  detail: string;
  rating: 5;
}

/** SPEC.md 'Home': three fixed testimonials, each rated 5. */
export const testimonials: readonly Testimonial[] = [
  {
    quote: 'My reader picked up on things I had not told anyone. I left the session calmer and with a clear next step.',
    name: 'Maya R.',
    detail: 'Tarot reading, Portland',
    rating: 5,
  },
  {
    quote: 'I love that I can see the rate before I start and stop whenever I want. No surprises on my card, ever.',
    name: 'Daniel K.',
    detail: 'Chat reading, Austin',
    rating: 5,
  },
  {
    quote: 'The video session felt like talking to an old friend. Soul Tribe is now part of my monthly ritual.',
    name: 'Priya S.',
    detail: 'Video reading, Toronto',
    rating: 5,
  },
];
