import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
};

// Tests run in UTC so nothing passes by accident of the machine's zone; Toronto time is explicit.
process.env.TZ = 'UTC';

export default defineConfig({
  resolve: { alias },
  test: {
    // Two test files at a time even on two cores (Vitest's default is one fewer than the cores): one at
    // a time left the second core idle for much of the API tests, which ran in 297 s instead of 408 s
    // on this 2-core machine (the same CPU time). Browser files too: each has its own server, database
    // and Chromium on free ports, and they wait on the browser much of the time; two at a time took the
    // browser project from 609 s to 435 s here (the same CPU time, all 92 tests passing both ways).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/client/**/*.test.{ts,tsx}',
            'tests/build/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          // One module graph per worker, not per file: every API file imports the whole server, and
          // importing it again for each of ~90 files took most of the PostgreSQL pass (import 287 s of
          // 663 s; 30 s of 519 s shared). No test mocks modules or keeps state in them; each builds its
          // own app and database.
          isolate: false,
          include: [
            'src/server/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/postgres/**/*.test.ts',
            'tests/faults/**/*.test.ts',
            'tests/security/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['tests/support/global-database.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          // One module graph per worker, as for the API tests: each spec imported the whole server
          // again (four specs took 73 s instead of 60 s here, with 21 s more CPU).
          isolate: false,
          include: ['tests/e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-database.ts', 'tests/support/global-browser.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
