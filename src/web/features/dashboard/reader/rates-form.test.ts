import { describe, expect, it } from 'vitest';
import { ratesFormSchema } from './rates-form';

const messageFor = (input: Record<string, string>, field: string) => {
  const result = ratesFormSchema.safeParse({ chatRate: '3.99', audioRate: '4.99', videoRate: '5.99', ...input });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
};

describe('ratesFormSchema', () => {
  it('turns dollars into whole cents', () => {
    expect(ratesFormSchema.parse({ chatRate: '3.99', audioRate: ' 5 ', videoRate: '12.5' })).toEqual({
      chatRate: 399,
      audioRate: 500,
      videoRate: 1250,
    });
  });

  it('accepts the bounds $0.99 and $99.99 and refuses what lies beyond', () => {
    expect(ratesFormSchema.safeParse({ chatRate: '0.99', audioRate: '99.99', videoRate: '1' }).success).toBe(true);
    expect(messageFor({ chatRate: '0.98' }, 'chatRate')).toBe('Rate must be at least $0.99');
    expect(messageFor({ videoRate: '100' }, 'videoRate')).toBe('Rate must be at most $99.99');
  });

  it('names the field that is empty or not an amount', () => {
    expect(messageFor({ audioRate: '' }, 'audioRate')).toBe('Enter a rate');
    expect(messageFor({ audioRate: '4.999' }, 'audioRate')).toBe('Enter an amount in dollars, like 4.99');
    expect(messageFor({ chatRate: '-1' }, 'chatRate')).toBe('Enter an amount in dollars, like 4.99');
    expect(messageFor({ chatRate: 'abc' }, 'chatRate')).toBe('Enter an amount in dollars, like 4.99');
  });
});
