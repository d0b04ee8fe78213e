import { describe, expect, it } from 'vitest';
import { profileFormSchema, toUpdateUserInput } from './profile-form';

const parse = (values: { name: string; image: string }) => profileFormSchema.safeParse(values);

describe('profileFormSchema', () => {
  it('takes a trimmed name and an http(s) picture, or none', () => {
    const withPicture = parse({ name: '  Luna Seeker ', image: ' https://images.example.com/me.png ' });
    expect(withPicture.success && toUpdateUserInput(withPicture.data)).toEqual({
      name: 'Luna Seeker',
      image: 'https://images.example.com/me.png',
    });
    const without = parse({ name: 'Luna', image: '' });
    expect(without.success && toUpdateUserInput(without.data)).toEqual({ name: 'Luna', image: null });
  });

  it('refuses an empty or too long name and a picture that is not a web address', () => {
    const messages = (values: { name: string; image: string }) => {
      const result = parse(values);
      return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(messages({ name: ' ', image: '' })).toEqual([['name', 'Enter your name']]);
    expect(messages({ name: 'x'.repeat(61), image: '' })).toEqual([['name', 'Name must be at most 60 characters']]);
    for (const image of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://example.com/a.png', 'not a url']) {
      expect(messages({ name: 'Luna', image })[0]?.[0], image).toBe('image');
    }
  });
});
