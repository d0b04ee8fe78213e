import { describe, expect, it } from 'vitest';
import { isKeyOf, isRecord, keysOf, mapNonEmpty, recordOf } from './records';

describe('typed records', () => {
  it('tells an object whose fields may be read from everything else', () => {
    expect([{}, { a: 1 }, [], new Date(0)].map(isRecord)).toEqual([true, true, true, true]);
    expect([null, undefined, 0, '', 'text', true].map(isRecord)).toEqual([false, false, false, false, false, false]);
  });

  it('narrows a key only to an own key of the record', () => {
    const form = { price: '', title: '' };
    expect(['price', 'title', 'toString', 'constructor', 'nope'].map((key) => isKeyOf(form, key))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('builds a record with one value per key, in order', () => {
    expect(recordOf(['day', 'week'] as const, (key, index) => `${key}-${index}`)).toEqual({
      day: 'day-0',
      week: 'week-1',
    });
    expect(keysOf({ b: 1, a: 2 })).toEqual(['b', 'a']);
  });

  it('maps a non-empty list to a non-empty list', () => {
    const names: [string, ...string[]] = mapNonEmpty(
      [{ name: 'Astrology' }, { name: 'Tarot' }] as const,
      (item) => item.name,
    );
    expect(names).toEqual(['Astrology', 'Tarot']);
  });
});
