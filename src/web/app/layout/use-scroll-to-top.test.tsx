// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollToTopOnNavigation } from './use-scroll-to-top';

function Page({ name }: { name: string }) {
  useScrollToTopOnNavigation();
  return (
    <>
      <h1>{name}</h1>
      <Link to="/readers">Readers</Link>
      <Link to="/about#values">Our values</Link>
      <p id="values">Values</p>
    </>
  );
}

// jsdom has no scrollIntoView; the files of a worker share it, so it is put back as it was.
const originalScrollIntoView = Element.prototype.scrollIntoView;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Element.prototype.scrollIntoView = originalScrollIntoView;
});

describe('useScrollToTopOnNavigation', () => {
  it('opens a linked page at its top or its fragment, and leaves back and forward to the browser', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const router = createMemoryRouter(
      [
        { path: '/', element: <Page name="Home" /> },
        { path: '/readers', element: <Page name="Our readers" /> },
        { path: '/about', element: <Page name="About" /> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(scrollTo).not.toHaveBeenCalled();

    act(() => screen.getByRole('link', { name: 'Readers' }).click());
    await screen.findByRole('heading', { name: 'Our readers' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    act(() => screen.getByRole('link', { name: 'Our values' }).click());
    await screen.findByRole('heading', { name: 'About' });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);

    scrollTo.mockClear();
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'Our readers' });
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
