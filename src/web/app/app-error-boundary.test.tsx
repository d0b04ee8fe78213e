// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary';

function Broken(): never {
  throw new Error('render failed');
}

afterEach(cleanup);

describe('AppErrorBoundary', () => {
  it('replaces a crashed tree with a message and a retry instead of a blank page', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    consoleError.mockRestore();
  });
});

describe('AppErrorBoundary around a page', () => {
  it('clears the error once the path changes, and shows the next page', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <AppErrorBoundary resetKey="/broken">
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(
      <AppErrorBoundary resetKey="/broken">
        <p>Still here</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(
      <AppErrorBoundary resetKey="/readers">
        <p>The readers</p>
      </AppErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('The readers')).toBeTruthy();
    consoleError.mockRestore();
  });
});
