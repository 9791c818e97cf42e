import os from 'node:os';
import path from 'node:path';

/** E2E_PORT_BASE moves every port, so two checkouts can run the suite side by side. */
const base = Number(process.env.E2E_PORT_BASE ?? 3100);

/** Ports and settings of the servers the end-to-end tests run against (see playwright.config.ts). */
export const e2e = {
  appPort: base,
  /** A second instance whose access tokens live 5 s, for the silent-refresh test. */
  shortTokenPort: base + 1,
  smtpPort: base + 25,
  mailApiPort: base + 26,
  admin: { email: 'admin@e2e.test', password: 'E2e-Admin-Passw0rd' },
  dataDir: (port: number) => path.join(os.tmpdir(), `trackside-e2e-${port}`),
  baseUrl: (port: number) => `http://127.0.0.1:${port}`,
};
