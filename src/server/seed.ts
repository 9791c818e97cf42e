import { randomBytes } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { countUsers, findUserByEmail } from './modules/auth/repository';
import type { AuthService } from './modules/auth/service';
import { adminExists, grantAdmin } from './modules/roles/service';

/**
 * On every start: while no account has the admin role, the configured admin (ADMIN_EMAIL) is
 * made one, so that an install whose first account came from `user:create` (or sign-up) is not
 * left without an admin. When ADMIN_EMAIL has an account already it is given the role and keeps
 * its password; otherwise it is created with ADMIN_PASSWORD, or with a generated password printed
 * once and kept in DATA_DIR/initial-admin.txt (0600). Once any admin exists nothing is done.
 * Each of these steps says so in the log.
 */
export async function seedInitialAdmin(db: Db, auth: AuthService, config: Config, log: FastifyBaseLogger): Promise<void> {
  if (await adminExists(db)) return;
  const { email } = config.initialAdmin;

  const existing = await findUserByEmail(db, email);
  if (existing) {
    await grantAdmin(db, existing.id);
    log.info(
      `Initial admin: no account had the admin role, and ADMIN_EMAIL ${existing.email} already had an account, which is now the admin (its password is unchanged; ADMIN_PASSWORD is not used)`,
    );
    return;
  }

  const others = await countUsers(db);
  const why = others > 0 ? ` (no account had the admin role; ${others} other account${others === 1 ? '' : 's'} exist)` : '';
  const generated = !config.initialAdmin.password;
  const password = config.initialAdmin.password ?? `${randomBytes(12).toString('base64url')}Aa1`;
  const user = await auth.createUser(email, password);
  await grantAdmin(db, user.id);
  if (generated) {
    mkdirSync(config.dataDir, { recursive: true });
    const file = path.join(config.dataDir, 'initial-admin.txt');
    writeFileSync(file, `email: ${email}\npassword: ${password}\n`, { mode: 0o600 });
    log.info(`Initial admin created: ${email} / ${password}${why} (also saved in ${file}; change it after signing in)`);
  } else {
    log.info(`Initial admin created: ${email} (password from ADMIN_PASSWORD)${why}`);
  }
}
