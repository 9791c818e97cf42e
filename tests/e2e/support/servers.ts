import os from 'node:os';
import path from 'node:path';

/** Ports and settings of the servers the end-to-end tests run against (see playwright.config.ts). */
export const e2e = {
  appPort: 3100,
  /** A second instance whose access tokens live 5 s, for the silent-refresh test. */
  shortTokenPort: 3101,
  smtpPort: 3125,
  mailApiPort: 3126,
  admin: { email: 'admin@e2e.test', password: 'E2e-Admin-Passw0rd' },
  dataDir: (port: number) => path.join(os.tmpdir(), `trackside-e2e-${port}`),
  baseUrl: (port: number) => `http://127.0.0.1:${port}`,
};
