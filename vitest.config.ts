import { defineConfig } from 'vitest/config';

/**
 * Server tests run once against PGlite and, when TEST_DATABASE_URL is set, again against
 * that PostgreSQL server (each test file gets its own database cloned from a template).
 *
 * Server test files share their worker's modules (`isolate: false`): each opens its own database
 * and app, none mocks a module, and importing the server's module graph afresh for every file was
 * about a third of the suite's CPU time. The web tests mock modules, so they stay isolated.
 */
const serverTests = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'pglite',
          include: serverTests,
          isolate: false,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'postgres',
                include: ['src/server/**/*.test.ts'],
                isolate: false,
                environment: 'node',
                env: { TEST_DB: 'postgres' },
                globalSetup: ['tests/setup/postgres-template.ts'],
                setupFiles: ['tests/setup/fail-on-console-error.ts'],
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        plugins: [],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/web.ts'],
        },
      },
    ],
  },
});
