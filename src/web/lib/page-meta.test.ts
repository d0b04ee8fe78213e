// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageMeta } from './page-meta';

describe('usePageMeta', () => {
  it('names the page in the tab and describes it for search engines', () => {
    const { rerender } = renderHook((meta: { title: string; description: string }) => usePageMeta(meta), {
      initialProps: { title: 'Our Gifted Readers', description: 'Browse verified psychics.' },
    });
    expect(document.title).toBe('Our Gifted Readers · Soul Tribe');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Browse verified psychics.',
    );

    rerender({ title: 'Soul Tribe', description: 'Readings by the minute.' });
    expect(document.title).toBe('Soul Tribe');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Readings by the minute.',
    );
  });
});
