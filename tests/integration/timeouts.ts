/**
 * For the few tests whose own work grows with the machine's speed (password hashing through every
 * Better Auth route, a property test's hundred runs, a media server's offers): at stop 53 a machine
 * whose system calls cost 3–4 µs (`npm test`'s speed line) took them past Vitest's 60 s, and a test
 * that fails on a slower machine is issue 51's defect. The limit guards against a hang, not speed.
 */
export const SLOW_MACHINE_TIMEOUT_MS = 180_000;
