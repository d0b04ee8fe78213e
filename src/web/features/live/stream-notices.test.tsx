// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamEndedNotice } from './stream-notices';

afterEach(cleanup);

const show = (notice: React.ReactElement) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: notice }])} />);

describe('StreamEndedNotice', () => {
  it('tells viewers the reader left and that a recent admission came back', () => {
    show(<StreamEndedNotice reason="reader_left" isReader={false} />);
    expect(screen.getByRole('status').textContent).toContain('This stream has ended');
    expect(
      screen.getByText(
        'The reader has left. If you paid to join in the last 5 minutes, the price is back in your wallet.',
      ),
    ).toBeTruthy();
  });

  it('tells the reader their stream ended while they were away', () => {
    show(<StreamEndedNotice reason="reader_left" isReader />);
    expect(screen.getByText('You were away for a minute, so your stream ended by itself.')).toBeTruthy();
  });

  it('gives no reason when someone pressed End', () => {
    show(<StreamEndedNotice reason="ended" isReader={false} />);
    expect(screen.getByRole('status').textContent).toContain('This stream has ended');
    expect(screen.queryByText(/has left|were away/)).toBeNull();
  });
});
