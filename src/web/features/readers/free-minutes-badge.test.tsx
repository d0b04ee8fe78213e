// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FreeMinutesBadge } from './free-minutes-badge';

afterEach(cleanup);

describe('FreeMinutesBadge', () => {
  it('shows the free minutes this viewer would get, and nothing when there are none', () => {
    render(<FreeMinutesBadge minutes={3} />);
    const badge = screen.getByTestId('free-minutes');
    expect(badge.textContent).toBe('3 free min');
    expect(badge.getAttribute('aria-label')).toBe('First 3 minutes free');
    cleanup();

    render(<FreeMinutesBadge minutes={1} />);
    expect(screen.getByTestId('free-minutes').getAttribute('aria-label')).toBe('First 1 minute free');
    cleanup();

    render(<FreeMinutesBadge minutes={0} />);
    expect(screen.queryByTestId('free-minutes')).toBeNull();
  });
});
