import type { SessionType } from '@shared/constants';
import type { ScheduleSlot } from '@shared/reader-schedule';

export const DEMO_PASSWORD = 'password123';
export const DEMO_ADMIN = { email: 'admin@soultribe.app', password: 'admin-password-123' };

/** Clients who start clean: a welcome balance and no readings (the end-to-end specs rely on it). */
export const DEMO_CLIENTS = [
  { name: 'Luna Martinez', email: 'luna@example.com', balanceCents: 5000 },
  { name: 'Sol Nakamura', email: 'sol@example.com', balanceCents: 12000 },
];

/**
 * Seekers with a past: each topped up their wallet and had the readings behind the demo readers'
 * ratings and session counts (demo-history.ts). `topUpCents` is what they usually add at a time.
 */
export const DEMO_SEEKERS = [
  { name: 'Maya Thompson', email: 'maya.thompson@example.com', topUpCents: 5000 },
  { name: 'Daniel Okafor', email: 'daniel.okafor@example.com', topUpCents: 10000 },
  { name: 'Priya Raman', email: 'priya.raman@example.com', topUpCents: 2500 },
  { name: 'Chloe Bennett', email: 'chloe.bennett@example.com', topUpCents: 5000 },
  { name: 'Jonah Fischer', email: 'jonah.fischer@example.com', topUpCents: 5000 },
  { name: 'Amara Osei', email: 'amara.osei@example.com', topUpCents: 10000 },
  { name: 'Elena Petrova', email: 'elena.petrova@example.com', topUpCents: 5000 },
  { name: 'Sam Whitaker', email: 'sam.whitaker@example.com', topUpCents: 5000 },
];

export interface DemoReader {
  firstName: string;
  lastName: string;
  username: string;
  yearsExperience: number;
  rates: Record<SessionType, number>;
  specialties: string[];
  bio: string;
  isOnline: boolean;
  /** Free first minutes offered to each client's first reading (decision 022). */
  freeMinutes?: number;
  /** A price per written question and the promised answer time (decision 047), for readers who take them. */
  writtenReading?: { priceCents: number; answerHours: 24 | 48 };
  /** A weekly schedule in the reader's zone, so 'Book a reading' can be tried from the demo accounts. */
  schedule?: { timeZone: string; slots: ScheduleSlot[] };
}

/** The same hours (HH:MM, in the reader's zone) on each of `weekdays` (0 = Sunday). */
function weekly(weekdays: number[], from: string, to: string): ScheduleSlot[] {
  const minute = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  return weekdays.map((weekday) => ({ weekday, startMinute: minute(from), endMinute: minute(to) }));
}
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const WEEKDAYS = [1, 2, 3, 4, 5];

export const DEMO_READERS: DemoReader[] = [
  {
    firstName: 'Aurora',
    lastName: 'Starweaver',
    username: 'aurora',
    yearsExperience: 15,
    rates: { chat: 399, audio: 499, video: 599 },
    specialties: ['Tarot', 'Love & Relationships', 'Career Guidance', 'Clairvoyance'],
    bio: 'Third-generation tarot reader who blends the Rider-Waite tradition with intuitive clairvoyance. I help you see the threads connecting your heart, your work and your path, with honesty and warmth.',
    isOnline: true,
    writtenReading: { priceCents: 1500, answerHours: 24 },
    schedule: { timeZone: 'America/New_York', slots: weekly(EVERY_DAY, '09:00', '21:00') },
  },
  {
    firstName: 'Marcus',
    lastName: 'Moonstone',
    username: 'marcus',
    yearsExperience: 12,
    rates: { chat: 299, audio: 399, video: 499 },
    specialties: ['Mediumship', 'Spirit Guides', 'Grief Support'],
    bio: 'Evidential medium connecting you with loved ones who have passed. Gentle, grounded sessions focused on healing and closure.',
    isOnline: true,
  },
  {
    firstName: 'Celeste',
    lastName: 'Rivers',
    username: 'celeste',
    yearsExperience: 9,
    rates: { chat: 349, audio: 449, video: 649 },
    specialties: ['Astrology', 'Birth Charts', 'Transits', 'Compatibility', 'Life Purpose'],
    bio: 'Professional astrologer reading natal charts, transits and synastry. Bring your birth time and we will map what the sky is asking of you this season.',
    isOnline: true,
    schedule: {
      timeZone: 'Europe/London',
      slots: [...weekly(WEEKDAYS, '10:00', '18:00'), ...weekly([6], '10:00', '14:00')],
    },
  },
  {
    firstName: 'Orion',
    lastName: 'Blackwood',
    username: 'orion',
    yearsExperience: 20,
    rates: { chat: 599, audio: 749, video: 899 },
    specialties: ['Celtic Wisdom', 'Runes', 'Past Lives', 'Dream Interpretation'],
    bio: 'Twenty years walking the old ways: runes, ogham and past-life regression. Deep, unhurried readings for seekers ready for the long view.',
    isOnline: false,
    writtenReading: { priceCents: 2500, answerHours: 48 },
    schedule: { timeZone: 'Europe/Dublin', slots: weekly([2, 4, 6], '18:00', '23:00') },
  },
  {
    firstName: 'Isla',
    lastName: 'Fairweather',
    username: 'isla',
    yearsExperience: 6,
    rates: { chat: 299, audio: 349, video: 449 },
    specialties: ['Crystal Healing', 'Chakra Balancing', 'Energy Work'],
    bio: 'Energy worker and crystal healer. I read your energy field and suggest stones, practices and rituals to restore balance.',
    isOnline: true,
    freeMinutes: 3,
  },
  {
    firstName: 'Seraphina',
    lastName: 'Vale',
    username: 'seraphina',
    yearsExperience: 11,
    rates: { chat: 449, audio: 549, video: 749 },
    specialties: ['Angel Cards', 'Oracle Cards', 'Spiritual Awakening', 'Meditation'],
    bio: 'Angel and oracle card reader guiding you through spiritual awakening with compassion. Every session ends with a short meditation to take with you.',
    isOnline: false,
    freeMinutes: 2,
  },
  {
    firstName: 'Kai',
    lastName: 'Nightingale',
    username: 'kai',
    yearsExperience: 4,
    rates: { chat: 299, audio: 299, video: 399 },
    specialties: ['Numerology', 'Life Path', 'Manifestation'],
    bio: 'Numerologist decoding the patterns in your name and birth date. Practical guidance on timing, manifestation and life path numbers.',
    isOnline: true,
  },
  {
    firstName: 'Esmeralda',
    lastName: 'Quinn',
    username: 'esmeralda',
    yearsExperience: 25,
    rates: { chat: 699, audio: 799, video: 899 },
    specialties: ['Tarot', 'Palmistry', 'Tea Leaf Reading', 'Love & Relationships', 'Family'],
    bio: 'A quarter century of readings with tarot, palms and tea leaves. Direct, kind and precise: I tell you what I see.',
    isOnline: false,
    schedule: { timeZone: 'America/Los_Angeles', slots: weekly(EVERY_DAY, '12:00', '20:00') },
  },
  {
    firstName: 'Rowan',
    lastName: 'Ashby',
    username: 'rowan',
    yearsExperience: 8,
    rates: { chat: 349, audio: 449, video: 549 },
    specialties: ['Dream Interpretation', 'Lucid Dreaming', 'Intuitive Guidance'],
    bio: 'Dream worker and intuitive. Send me your recurring dreams and together we will listen to what your subconscious is saying.',
    isOnline: false,
  },
];

/**
 * The demo reader the server answers itself while demo data is on (features/demo-reader, decision 041):
 * a newcomer can try a reading with one browser. Nobody signs in as Sage (a random password).
 */
export const DEMO_AUTOMATED_READER = {
  firstName: 'Sage',
  lastName: '· demo reader',
  username: 'sage',
  email: 'sage@soultribe.app',
  yearsExperience: 1,
  rates: { chat: 99, audio: 99, video: 99 },
  specialties: ['Reflection', 'Intuitive Guidance'],
  bio: 'A practice reader for trying Soul Tribe on your own: start a chat and Sage answers with short, kind reflections. Sage is automated, not a person; billed like any reading, from your demo wallet.',
} as const;
