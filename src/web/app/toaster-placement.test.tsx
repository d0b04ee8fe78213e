// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { AppProviders } from './providers';

/**
 * The real toasts: this file is about where sonner draws them. tests/unit/mock-toast.ts mocks `toast`
 * alone, so the Toaster that AppProviders mounts is the real module's, which this `toast` asks for.
 */
const { toast } = await vi.importActual<typeof import('@/lib/toast')>('@/lib/toast');

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>A dialog</DialogTitle>
        </DialogContent>
      </Dialog>
    </>
  );
}

const toasterSide = () => document.querySelector('[data-sonner-toaster]')?.getAttribute('data-y-position');

describe('toast placement', () => {
  afterEach(cleanup);

  it('shows toasts top right, and at the bottom while a dialog is open so its close button stays free', async () => {
    render(
      <AppProviders queryClient={new QueryClient()}>
        <Page />
      </AppProviders>,
    );
    act(() => void toast('Saved'));
    await screen.findByText('Saved');
    expect(toasterSide()).toBe('top');

    act(() => screen.getByRole('button', { name: 'Open' }).click());
    await screen.findByRole('dialog');
    expect(toasterSide()).toBe('bottom');

    act(() => screen.getByRole('button', { name: 'Close' }).click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasterSide()).toBe('top');
  });
});
