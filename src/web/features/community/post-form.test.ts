import { describe, expect, it } from 'vitest';
import { formFieldOf, postFormDefaults, postFormSchema, splitTags } from './post-form';

const valid = {
  title: 'Full moon ritual',
  content: 'What do you all do on a full moon?',
  category: 'Astrology',
  tags: '',
};
const messages = (change: Record<string, string>) => {
  const result = postFormSchema.safeParse({ ...valid, ...change });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('postFormSchema', () => {
  it('turns a comma-separated line into lower-cased, unique tags', () => {
    expect(postFormSchema.parse({ ...valid, tags: ' Moon, ritual,,moon , ' })).toEqual({
      ...valid,
      tags: ['moon', 'ritual'],
    });
  });

  it('gives no tags for an empty line', () => {
    expect(postFormSchema.parse(valid).tags).toEqual([]);
  });

  it('shows the shared messages beside each field', () => {
    expect(messages({ title: 'Hi' })).toEqual({ title: 'Title must be at least 5 characters' });
    expect(messages({ content: 'short' })).toEqual({ content: 'Content must be at least 10 characters' });
    expect(messages({ category: '' })).toEqual({ category: 'Choose one of the categories' });
  });

  it('refuses more than five tags or a tag too long, on the tags field', () => {
    expect(messages({ tags: 'a, b, c, d, e, f' })).toEqual({ tags: 'At most 5 tags' });
    expect(messages({ tags: 'x'.repeat(31) })).toEqual({ tags: 'A tag must be at most 30 characters' });
  });

  it('starts with the chosen category filter, if any', () => {
    expect(postFormDefaults('Crystal Healing').category).toBe('Crystal Healing');
    expect(postFormDefaults(null).category).toBe('');
  });
});

describe('splitTags', () => {
  it('drops empty pieces', () => {
    expect(splitTags(' a ,, b ,')).toEqual(['a', 'b']);
  });
});

describe('formFieldOf', () => {
  it('maps server field keys, a tag by its index, to the form', () => {
    expect(formFieldOf('title')).toBe('title');
    expect(formFieldOf('tags.3')).toBe('tags');
    expect(formFieldOf('_')).toBeNull();
  });
});
