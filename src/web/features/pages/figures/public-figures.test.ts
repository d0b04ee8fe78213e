import { publicFiguresSchema } from '@shared/public-figures';
import { describe, expect, it } from 'vitest';
import { readPublicFigures, shownCount } from './public-figures';

const bodies: unknown[] = [
  { readingsGiven: 84, readers: 10 },
  { readingsGiven: 0, readers: 0 },
  { readingsGiven: '84', readers: 10 },
  { readingsGiven: 84.5, readers: 10 },
  { readingsGiven: 84 },
  null,
  'figures',
];

describe('readPublicFigures', () => {
  it('accepts exactly what publicFiguresSchema accepts, without zod', () => {
    for (const body of bodies)
      expect(readPublicFigures(body), JSON.stringify(body)).toEqual(publicFiguresSchema.safeParse(body).data ?? null);
  });

  it('shows a count as written in English, and a dash until it is known', () => {
    expect(shownCount(10_084)).toBe('10,084');
    expect(shownCount(undefined)).toBe('–');
  });
});
