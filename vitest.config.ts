import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@': fileURLToPath(new URL('./src/web', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.integration.test.ts', 'src/**/*.scale-out.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          setupFiles: ['tests/unit/testing-library-timeouts.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['src/**/*.integration.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/integration/global-setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          // Several processes' worth of app against one PostgreSQL and Redis: only `npm run test:pg`.
          name: 'scale-out',
          include: ['src/**/*.scale-out.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
