import { defineConfig, devices } from '@playwright/test';
import { e2e } from './tests/e2e/support/servers';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function appServer(port: number, env: Record<string, string> = {}) {
  const dataDir = e2e.dataDir(port);
  return {
    // As `npm start` runs it: the bundled server (pretest:e2e builds it once for all three).
    command: `rm -rf "${dataDir}" && node scripts/start.mjs`,
    url: `${e2e.baseUrl(port)}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: e2e.baseUrl(port),
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${e2e.smtpPort}`,
      ADMIN_EMAIL: e2e.admin.email,
      ADMIN_PASSWORD: e2e.admin.password,
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1; production's 10 a minute would throttle the suite.
      SIGNIN_RATE_LIMIT: '1000',
      // No network in tests: the bundled library in ./standards is imported at start.
      STANDARDS_AUTOFETCH: 'false',
      ...env,
    },
  };
}

/** End-to-end tests: the built app in Debian's Chromium, one worker (2-core machines). */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: e2e.baseUrl(e2e.appPort),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'tsx tests/e2e/support/mail-catcher.ts',
      url: `http://127.0.0.1:${e2e.mailApiPort}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    appServer(e2e.appPort),
    appServer(e2e.shortTokenPort, { ACCESS_TOKEN_TTL: '5' }),
  ],
});
