import { describe, expect, it } from 'vitest';
import { contentParts } from './digital-content';

describe('digital content', () => {
  it('makes http(s) addresses links and keeps the sentence around them', () => {
    expect(contentParts('Your course: https://learn.example/birth-chart. Have your birth time ready.')).toEqual([
      { kind: 'text', text: 'Your course: ' },
      { kind: 'link', url: 'https://learn.example/birth-chart' },
      { kind: 'text', text: '. Have your birth time ready.' },
    ]);
    expect(contentParts('(see http://a.example/x)')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', url: 'http://a.example/x' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('leaves other schemes and plain text as text', () => {
    expect(contentParts('javascript:alert(1) or ftp://files.example')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) or ftp://files.example' },
    ]);
    expect(contentParts('')).toEqual([]);
  });
});
