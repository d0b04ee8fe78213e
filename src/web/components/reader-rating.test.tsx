// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReaderRating } from './reader-rating';

afterEach(cleanup);

describe('ReaderRating', () => {
  it('shows the average to one decimal with what follows it', () => {
    const { container } = render(
      <ReaderRating rating={4.46} totalReviews={8}>
        <span>(8 reviews)</span>
      </ReaderRating>,
    );
    expect(container.textContent).toBe('4.5(8 reviews)');
  });

  it('says a reader nobody has reviewed has no reviews yet, not 0.0', () => {
    const { container } = render(
      <ReaderRating rating={0} totalReviews={0}>
        <span>(3 sessions)</span>
      </ReaderRating>,
    );
    expect(container.textContent).toBe('No reviews yet(3 sessions)');
  });
});
