import { describe, expect, it } from 'vitest';
import { DEMO_REPLIES, greetingFor, nextLine, TYPING_PAUSE_MS } from './demo-reader';

const at = (ms: number) => new Date(Date.parse('2026-11-27T09:00:00.000Z') + ms).toISOString();
const sage = (ms: number) => ({ senderId: 'sage', createdAt: at(ms) });
const luna = (ms: number) => ({ senderId: 'luna', createdAt: at(ms) });
const next = (messages: { senderId: string; createdAt: string }[], nowMs: number) =>
  nextLine({ clientName: ' Luna  Martinez ', sageId: 'sage', messages, nowMs: Date.parse(at(nowMs)) });

describe('the demo reader’s next line', () => {
  it('greets the client by first name before anything else', () => {
    expect(next([], 0)).toBe(greetingFor('Luna Martinez'));
    expect(greetingFor('Luna Martinez')).toMatch(/^Welcome, Luna\. /);
    expect(greetingFor('  ')).toMatch(/^Welcome, friend\. /);
  });

  it('answers each message once, after a typing pause, from the fixed replies in turn', () => {
    const greeted = [sage(0)];
    expect(next(greeted, 60_000)).toBeNull();
    const asked = [...greeted, luna(1000)];
    expect(next(asked, 1000 + TYPING_PAUSE_MS - 1)).toBeNull();
    expect(next(asked, 1000 + TYPING_PAUSE_MS)).toBe(DEMO_REPLIES[0]);
    const answered = [...asked, sage(3000)];
    expect(next(answered, 60_000)).toBeNull();
    // Two quick messages get two replies, the pause counted from the latest.
    const twice = [...answered, luna(4000), luna(4500)];
    expect(next(twice, 4500 + TYPING_PAUSE_MS)).toBe(DEMO_REPLIES[1]);
    expect(next([...twice, sage(6000)], 6100)).toBe(DEMO_REPLIES[2]);
    expect(next([...twice, sage(6000), sage(6100)], 9000)).toBeNull();
  });

  it('does not trust the order of a reply and a message written in the same millisecond', () => {
    expect(next([luna(0), sage(0)], TYPING_PAUSE_MS)).toBe(DEMO_REPLIES[0]);
  });
});
