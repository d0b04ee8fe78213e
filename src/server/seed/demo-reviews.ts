import type { SessionType } from '@shared/constants';

/** How one past reading ended for its client: their rating (null: never rated) and what they wrote. */
export interface DemoReadingOutcome {
  rating: 1 | 2 | 3 | 4 | 5 | null;
  review?: string;
  /** Set where the review speaks of the medium (a palm shown on camera); otherwise drawn at random. */
  sessionType?: SessionType;
}

const unrated: DemoReadingOutcome = { rating: null };

/**
 * Every completed reading of each demo reader, oldest first: the whole of what their ratings, review
 * counts and session counts are made of. The counts differ so each sort of the directory gives its
 * own order (rating: Marcus, Aurora, Esmeralda…; sessions: Aurora, Marcus, Celeste…), and the most
 * experienced readers, Esmeralda and Orion, do not lead every list.
 */
export const DEMO_READINGS: Record<string, DemoReadingOutcome[]> = {
  aurora: [
    {
      rating: 5,
      review:
        "She picked up on the job situation before I'd said a word. The Three of Pentacles has never looked so hopeful.",
    },
    { rating: 5, review: "Warm, honest and she didn't sugar-coat anything. Exactly what I needed." },
    unrated,
    { rating: 4, review: 'Good reading, though we ran short on time for my second question.' },
    { rating: 5 },
    {
      rating: 5,
      review:
        'Second reading with Aurora. What she saw a few weeks ago about my relationship played out almost to the week.',
    },
    { rating: 5, review: 'Calm and clear. I left with a plan instead of more worries.' },
    unrated,
    { rating: 4, review: 'Helpful on the career side; the love part felt a bit general.' },
    { rating: 5, review: 'She explained every card she pulled, which I really appreciated.' },
    { rating: 5 },
    { rating: 5, review: 'I was nervous about my first reading and she put me at ease straight away.' },
    unrated,
    { rating: 5, review: 'Spot on about my sister. Thank you.' },
    { rating: 5 },
  ],
  marcus: [
    { rating: 5, review: "He described my grandmother's kitchen down to the blue tiles. I cried, in a good way." },
    unrated,
    { rating: 5, review: 'Gentle and grounded. He never pushed, and what came through felt real.' },
    { rating: 5 },
    { rating: 4, review: 'A quieter session than I hoped, but what did come through was very specific.' },
    { rating: 5, review: "I finally got to say goodbye to my dad. I can't put a price on that.", sessionType: 'audio' },
    unrated,
    { rating: 5, review: 'Compassionate from start to finish.' },
    { rating: 5, review: 'He checked in on how I was feeling several times. Felt very safe.' },
    { rating: 5 },
    { rating: 5, review: "Evidence first, no fishing. I've tried others; Marcus is the real thing." },
    unrated,
    { rating: 5, review: "Booked again for my mum. She's already asking when she can talk to him." },
  ],
  celeste: [
    { rating: 5, review: 'She walked me through my Saturn return and suddenly the last two years made sense.' },
    { rating: 4, review: 'Very knowledgeable. A lot of jargon at first, but she slowed down when I asked.' },
    unrated,
    { rating: 5, review: 'Our compatibility chart reading was fun and surprisingly practical.' },
    { rating: 3, review: 'Interesting, but I forgot my birth time and we spent half the session working around it.' },
    { rating: 5 },
    { rating: 5, review: "Clear timing for the move we're planning. Recommended." },
    unrated,
    { rating: 4, review: 'Good overview of the year ahead.' },
    { rating: 5, review: "Best astrology reading I've had. She gave me dates to watch for the next few months." },
    { rating: 5, review: 'So patient with all my questions about my moon sign.' },
  ],
  orion: [
    {
      rating: 5,
      review: "The rune cast was beautiful and eerily accurate. Unlike any reading I've had.",
      sessionType: 'video',
    },
    { rating: 4, review: 'Deep and thoughtful. Be ready for a slow pace.' },
    unrated,
    { rating: 3, review: 'Fascinating past-life material, but it took a long time to get going at his rate.' },
    { rating: 4 },
  ],
  isla: [
    { rating: 4, review: "She recommended rose quartz and a simple evening routine. I'm sleeping better already." },
    { rating: 5, review: 'Felt my energy shift during the session. Hard to explain, but real.' },
    unrated,
    { rating: 3, review: 'Pleasant, but more wellness tips than a reading.' },
    { rating: 5 },
    { rating: 4, review: 'Kind and thoughtful; the chakra explanation was really clear.' },
    unrated,
    { rating: 4 },
    { rating: 5, review: 'Exactly the reset I needed after a rough month.' },
  ],
  seraphina: [
    { rating: 5, review: 'The closing meditation alone was worth it. I felt lighter for days.', sessionType: 'audio' },
    { rating: 4, review: 'Lovely energy. The cards were on point about a decision at work.' },
    unrated,
    { rating: 5, review: 'Gentle, wise and never rushed.' },
    { rating: 3, review: 'Comforting, but I was hoping for more concrete guidance.' },
    { rating: 4 },
    { rating: 5, review: 'The angel card she pulled for me is now my phone wallpaper.' },
    unrated,
    { rating: 4, review: 'Helped me make sense of a very strange few months.' },
    { rating: 5, review: 'I keep coming back. She always finds the right words.' },
  ],
  kai: [
    { rating: 5, review: 'My life path number explained so much. Practical and upbeat.' },
    { rating: 3, review: 'Nice guy, but it felt more like a lecture on numerology than a reading.' },
    { rating: 5 },
    unrated,
    { rating: 4, review: 'Useful advice on timing a job change.' },
    { rating: 5, review: 'Fun, clear and down to earth. Great value.' },
    { rating: 5, review: 'He worked out my personal year on the spot and it fit perfectly.' },
  ],
  esmeralda: [
    { rating: 5, review: "Direct is the word. She told me what I didn't want to hear, and she was right." },
    {
      rating: 4,
      review: 'Blunt but kind. The palm reading over video worked better than I expected.',
      sessionType: 'video',
    },
    { rating: 5 },
    unrated,
    { rating: 5, review: 'Twenty-five years of experience shows. No filler, every minute counted.' },
    { rating: 4, review: 'Accurate, though I wanted a little more on the family question.' },
    { rating: 5, review: 'Uncannily accurate about my new relationship.' },
    { rating: 5, review: 'Worth every cent.' },
  ],
  rowan: [
    {
      rating: 4,
      review: "He connected my falling dreams to the pressure I've been under at work. Made a lot of sense.",
    },
    { rating: 5, review: "Finally understood a dream I've had since childhood." },
    unrated,
    { rating: 4, review: "Good listener. Gave me a dream journal exercise I'm still using." },
    { rating: 4 },
    { rating: 4, review: 'Thoughtful, though the session ended right as we got to the interesting part.' },
  ],
};
