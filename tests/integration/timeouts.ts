/**
 * For the few tests whose own work grows with the machine's speed (password hashing through every
 * Better Auth route, a property test's hundred runs, a media server's offers): at stop 53 a machine
 * whose system calls cost 3–4 µs (`npm test`'s speed line) took them past Vitest's 60 s, and a test
 * that fails on a slower machine is issue 51's defect. The limit guards against a hang, not speed.
 */
export const SLOW_MACHINE_TIMEOUT_MS = 180_000;

/**
 * A wait for an event or a row (`vi.waitFor`, `nextEvent`) that a loaded machine delivers late: its
 * limit guards against a hang. vi.waitFor's default 1 s and a few short test minutes were speeds, and
 * loaded CI machines passed them (stop 54).
 */
export const EVENT_WAIT_LIMIT_MS = 30_000;
