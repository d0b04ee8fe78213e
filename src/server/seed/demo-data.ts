import type { SessionType } from '@shared/constants';

export const DEMO_PASSWORD = 'password123';
export const DEMO_ADMIN = { email: 'admin@soultribe.app', password: 'admin-password-123' };

export const DEMO_CLIENTS = [
  { name: 'Luna Martinez', email: 'luna@example.com', balanceCents: 5000 },
  { name: 'Sol Nakamura', email: 'sol@example.com', balanceCents: 12000 },
];

interface DemoReader {
  firstName: string;
  lastName: string;
  username: string;
  yearsExperience: number;
  rates: Record<SessionType, number>;
  specialties: string[];
  bio: string;
  isOnline: boolean;
  /** Demo reviews so the directory has something to sort by before real sessions exist. */
  ratingSum: number;
  ratingCount: number;
  completedSessions: number;
}

export const DEMO_READERS: DemoReader[] = [
  { firstName: 'Aurora', lastName: 'Starweaver', username: 'aurora', yearsExperience: 15, rates: { chat: 399, audio: 499, video: 599 }, specialties: ['Tarot', 'Love & Relationships', 'Career Guidance', 'Clairvoyance'], bio: 'Third-generation tarot reader who blends the Rider-Waite tradition with intuitive clairvoyance. I help you see the threads connecting your heart, your work and your path, with honesty and warmth.', isOnline: true, ratingSum: 4 * 96 + 5 * 212, ratingCount: 308, completedSessions: 1420 },
  { firstName: 'Marcus', lastName: 'Moonstone', username: 'marcus', yearsExperience: 12, rates: { chat: 299, audio: 399, video: 499 }, specialties: ['Mediumship', 'Spirit Guides', 'Grief Support'], bio: 'Evidential medium connecting you with loved ones who have passed. Gentle, grounded sessions focused on healing and closure.', isOnline: true, ratingSum: 4 * 40 + 5 * 150, ratingCount: 190, completedSessions: 860 },
  { firstName: 'Celeste', lastName: 'Rivers', username: 'celeste', yearsExperience: 9, rates: { chat: 349, audio: 449, video: 649 }, specialties: ['Astrology', 'Birth Charts', 'Transits', 'Compatibility', 'Life Purpose'], bio: 'Professional astrologer reading natal charts, transits and synastry. Bring your birth time and we will map what the sky is asking of you this season.', isOnline: true, ratingSum: 4 * 30 + 5 * 98, ratingCount: 128, completedSessions: 540 },
  { firstName: 'Orion', lastName: 'Blackwood', username: 'orion', yearsExperience: 20, rates: { chat: 599, audio: 749, video: 899 }, specialties: ['Celtic Wisdom', 'Runes', 'Past Lives', 'Dream Interpretation'], bio: 'Twenty years walking the old ways: runes, ogham and past-life regression. Deep, unhurried readings for seekers ready for the long view.', isOnline: false, ratingSum: 4 * 20 + 5 * 180, ratingCount: 200, completedSessions: 1980 },
  { firstName: 'Isla', lastName: 'Fairweather', username: 'isla', yearsExperience: 6, rates: { chat: 299, audio: 349, video: 449 }, specialties: ['Crystal Healing', 'Chakra Balancing', 'Energy Work'], bio: 'Energy worker and crystal healer. I read your energy field and suggest stones, practices and rituals to restore balance.', isOnline: true, ratingSum: 4 * 25 + 5 * 60 + 3 * 5, ratingCount: 90, completedSessions: 310 },
  { firstName: 'Seraphina', lastName: 'Vale', username: 'seraphina', yearsExperience: 11, rates: { chat: 449, audio: 549, video: 749 }, specialties: ['Angel Cards', 'Oracle Cards', 'Spiritual Awakening', 'Meditation'], bio: 'Angel and oracle card reader guiding you through spiritual awakening with compassion. Every session ends with a short meditation to take with you.', isOnline: false, ratingSum: 4 * 50 + 5 * 110, ratingCount: 160, completedSessions: 720 },
  { firstName: 'Kai', lastName: 'Nightingale', username: 'kai', yearsExperience: 4, rates: { chat: 299, audio: 299, video: 399 }, specialties: ['Numerology', 'Life Path', 'Manifestation'], bio: 'Numerologist decoding the patterns in your name and birth date. Practical guidance on timing, manifestation and life path numbers.', isOnline: true, ratingSum: 4 * 18 + 5 * 22, ratingCount: 40, completedSessions: 150 },
  { firstName: 'Esmeralda', lastName: 'Quinn', username: 'esmeralda', yearsExperience: 25, rates: { chat: 699, audio: 799, video: 899 }, specialties: ['Tarot', 'Palmistry', 'Tea Leaf Reading', 'Love & Relationships', 'Family'], bio: 'A quarter century of readings with tarot, palms and tea leaves. Direct, kind and precise: I tell you what I see.', isOnline: false, ratingSum: 4 * 60 + 5 * 340, ratingCount: 400, completedSessions: 3100 },
  { firstName: 'Rowan', lastName: 'Ashby', username: 'rowan', yearsExperience: 8, rates: { chat: 349, audio: 449, video: 549 }, specialties: ['Dream Interpretation', 'Lucid Dreaming', 'Intuitive Guidance'], bio: 'Dream worker and intuitive. Send me your recurring dreams and together we will listen to what your subconscious is saying.', isOnline: false, ratingSum: 4 * 22 + 5 * 41, ratingCount: 63, completedSessions: 240 },
];
