import { randomBytes } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { countUsers } from './modules/auth/repository';
import type { AuthService } from './modules/auth/service';
import { grantAdmin } from './modules/roles/service';

/**
 * First start on an empty database: create the initial admin from ADMIN_EMAIL/ADMIN_PASSWORD,
 * or with a generated password printed once and kept in DATA_DIR/initial-admin.txt (0600).
 */
export async function seedInitialAdmin(db: Db, auth: AuthService, config: Config, log: FastifyBaseLogger): Promise<void> {
  if ((await countUsers(db)) > 0) return;
  const { email } = config.initialAdmin;
  const generated = !config.initialAdmin.password;
  const password = config.initialAdmin.password ?? `${randomBytes(12).toString('base64url')}Aa1`;
  const user = await auth.createUser(email, password);
  await grantAdmin(db, user.id);
  if (generated) {
    mkdirSync(config.dataDir, { recursive: true });
    const file = path.join(config.dataDir, 'initial-admin.txt');
    writeFileSync(file, `email: ${email}\npassword: ${password}\n`, { mode: 0o600 });
    log.info(`Initial admin created: ${email} / ${password} (also saved in ${file}; change it after signing in)`);
  } else {
    log.info(`Initial admin created: ${email} (password from ADMIN_PASSWORD)`);
  }
}
