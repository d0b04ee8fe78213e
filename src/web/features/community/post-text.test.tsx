// @vitest-environment jsdom
import { POST_LINKS_AFTER_MS } from '@shared/community';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PostText } from './post-text';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const TEXT = 'My deck: https://example.com/deck\n<b>not bold</b>';

afterEach(cleanup);

describe('PostText', () => {
  it('shows a new post’s link as plain text, and markup as text', () => {
    const { container } = render(<PostText text={TEXT} postCreatedAt={ago(60_000)} now={now} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe(TEXT);
  });

  it('makes the link clickable once the post is a day old, without passing on ranking', () => {
    render(<PostText text={TEXT} postCreatedAt={ago(POST_LINKS_AFTER_MS)} now={now} />);
    const link = screen.getByRole('link', { name: 'https://example.com/deck' });
    expect(link.getAttribute('href')).toBe('https://example.com/deck');
    expect(link.getAttribute('rel')).toBe('nofollow ugc noopener noreferrer');
  });
});
