import { afterEach, vi } from 'vitest';

/**
 * Component tests assert the toasts a component asks for (`expect(toast.error).toHaveBeenCalledWith…`),
 * not sonner's rendering of them: every jsdom file gets this mock of `toast`, cleared after each
 * test, and the rest of the module as it is. Mocked once here rather than in each file, the files
 * share their worker (a file that calls `vi.mock` itself gets a fresh one: vitest.config.ts).
 * toaster-placement.test.tsx shows the real toasts (`vi.importActual`: the module this mock spreads).
 *
 * One mock for the worker's life: this file runs again before each file, and modules loaded by an
 * earlier file keep the `toast` they were given, so every run must hand out the same one.
 */
const shared = globalThis as typeof globalThis & { toastMock?: ReturnType<typeof makeToastMock> };
function makeToastMock() {
  return Object.assign(vi.fn(), {
    success: vi.fn(),
    error: vi.fn(),
    info: vi.fn(),
    warning: vi.fn(),
    dismiss: vi.fn(),
  });
}
shared.toastMock ??= makeToastMock();
const toastMock = shared.toastMock;

vi.mock('@/lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/toast')>()),
  toast: (globalThis as typeof shared).toastMock,
}));

afterEach(() => {
  for (const mock of [
    toastMock,
    toastMock.success,
    toastMock.error,
    toastMock.info,
    toastMock.warning,
    toastMock.dismiss,
  ])
    mock.mockClear();
});
