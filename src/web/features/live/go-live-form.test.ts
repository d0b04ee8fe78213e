import { describe, expect, it } from 'vitest';
import { goLiveDefaults, goLiveFormSchema } from './go-live-form';

const now = new Date('2026-11-23T10:00:00');
const parse = (change: Partial<typeof goLiveDefaults>) =>
  goLiveFormSchema(now).safeParse({ ...goLiveDefaults, title: 'Full moon tarot', ...change });
const messages = (change: Partial<typeof goLiveDefaults>) => {
  const result = parse(change);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('goLiveFormSchema', () => {
  it('goes live at once, free, when nothing is scheduled and no price is given', () => {
    expect(parse({})).toEqual({
      success: true,
      data: { title: 'Full moon tarot', description: '', category: 'Tarot Reading', priceCents: 0 },
    });
  });

  it('turns a price in dollars into cents', () => {
    expect(parse({ price: '4.99' }).data?.priceCents).toBe(499);
    expect(parse({ price: '0' }).data?.priceCents).toBe(0);
  });

  it('refuses a price outside the bounds or not in dollars', () => {
    expect(messages({ price: '0.50' }).price).toMatch(/^Enter 0 for free, or a price from \$0\.99 to \$99\.99$/);
    expect(messages({ price: '100' }).price).toBeDefined();
    expect(messages({ price: 'five' }).price).toBeDefined();
  });

  it('needs a title', () => {
    expect(messages({ title: '   ' }).title).toBe('Title is required');
  });

  it('schedules for a local date and time in the future, with the expected minutes', () => {
    const result = parse({ isScheduled: true, date: '2026-11-24', time: '19:30', expectedMinutes: '45' });
    expect(result.data).toMatchObject({
      scheduledFor: new Date('2026-11-24T19:30').toISOString(),
      expectedMinutes: 45,
    });
  });

  it('refuses a schedule without a date, in the past, or with a length out of bounds', () => {
    expect(messages({ isScheduled: true, time: '19:30' }).date).toBe('Choose a date');
    expect(messages({ isScheduled: true, date: '2026-11-23', time: '09:00' }).time).toBe('Choose a time in the future');
    expect(
      messages({ isScheduled: true, date: '2026-11-24', time: '19:30', expectedMinutes: '2' }).expectedMinutes,
    ).toBe('Expected length must be 5 to 480 minutes');
  });

  it('ignores the schedule fields when going live now', () => {
    expect(parse({ date: 'nonsense', expectedMinutes: 'x' }).success).toBe(true);
  });
});
