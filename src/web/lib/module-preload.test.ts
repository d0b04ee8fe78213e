// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINKS_PER_TASK, preloadInSlices } from './module-preload';

// The helper remembers what it asked for, as a page does for its life: each test names its own files.
let run = 0;
const files = (count: number, extension = 'js') =>
  Array.from({ length: count }, (_, index) => `assets/t${run}-${index}.${extension}`);
const modulePreloads = () =>
  Array.from(document.head.querySelectorAll('link[rel="modulepreload"]'), (link) => link.getAttribute('href'));

beforeEach(() => {
  run += 1;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.head.replaceChildren();
});

describe('preloadInSlices (the lazy imports of the build)', () => {
  it('starts the import at once and adds the modulepreload links a few a task, never all in one', async () => {
    const deps = files(LINKS_PER_TASK * 2 + 1);
    const importModule = vi.fn(async () => ({ page: 'readers' }));

    const imported = preloadInSlices(importModule, deps);
    await Promise.resolve();
    await Promise.resolve();
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(modulePreloads()).toEqual([]);

    vi.advanceTimersToNextTimer();
    expect(modulePreloads()).toEqual(deps.slice(0, LINKS_PER_TASK).map((dep) => `/${dep}`));
    vi.advanceTimersToNextTimer();
    expect(modulePreloads()).toHaveLength(LINKS_PER_TASK * 2);
    vi.advanceTimersToNextTimer();
    expect(modulePreloads()).toEqual(deps.map((dep) => `/${dep}`));
    expect(vi.getTimerCount()).toBe(0);
    await expect(imported).resolves.toEqual({ page: 'readers' });
  });

  it('links a file once: not again for a second import, nor when the page already links it', async () => {
    const [linked = '', shared = '', own = ''] = files(3);
    const present = document.createElement('link');
    present.rel = 'modulepreload';
    present.href = `/${linked}`;
    document.head.append(present);

    const first = preloadInSlices(async () => 'first', [linked, shared]);
    const second = preloadInSlices(async () => 'second', [shared, own]);
    await vi.runAllTimersAsync();

    expect(modulePreloads()).toEqual([`/${linked}`, `/${shared}`, `/${own}`]);
    await expect(Promise.all([first, second])).resolves.toEqual(['first', 'second']);
  });

  it('adds a style sheet at once and imports the module only once it has loaded', async () => {
    const [sheet = ''] = files(1, 'css');
    const importModule = vi.fn(async () => 'styled');

    const imported = preloadInSlices(importModule, [sheet]);
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(link?.getAttribute('href')).toBe(`/${sheet}`);
    await vi.runAllTimersAsync();
    expect(importModule).not.toHaveBeenCalled();

    link?.dispatchEvent(new Event('load'));
    await expect(imported).resolves.toBe('styled');
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('tells a failed import as vite:preloadError and rejects with it, unless a listener takes it', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    const told: unknown[] = [];
    const listener = (event: Event) => told.push(Reflect.get(event, 'payload'));
    window.addEventListener('vite:preloadError', listener);
    try {
      await expect(preloadInSlices(() => Promise.reject(failure), files(1))).rejects.toBe(failure);
      expect(told).toEqual([failure]);

      const takeIt = (event: Event) => event.preventDefault();
      window.addEventListener('vite:preloadError', takeIt);
      await expect(preloadInSlices(() => Promise.reject(failure), files(1))).resolves.toBeUndefined();
      window.removeEventListener('vite:preloadError', takeIt);
      expect(told).toEqual([failure, failure]);
    } finally {
      window.removeEventListener('vite:preloadError', listener);
    }
  });
});
