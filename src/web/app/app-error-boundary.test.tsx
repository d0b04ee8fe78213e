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
