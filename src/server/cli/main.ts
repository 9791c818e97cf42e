import path from 'node:path';
import { SingleBar, Presets } from 'cli-progress';
import { Command } from 'commander';
import pino from 'pino';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { AuthService } from '../modules/auth/service';
import { SigningKeys } from '../modules/auth/signing-keys';
import { UserAdmin } from '../modules/auth/user-admin';
import { createMailer } from '../lib/mailer';
import type { ImportProgress } from '../modules/standards/import-files';
import { runCommand, type CommandName } from './commands';
import { controlSocketAnswers, sendControlCommand } from './control-socket';
import { restoreEmbedded } from '../db/backup';

/**
 * Runs one command against DATABASE_URL, or against DATA_DIR's embedded database: through the
 * running server when there is one, else by opening (and locking) the database itself.
 */
async function execute(name: CommandName, args: Record<string, unknown>): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const viaServer = await sendControlCommand(config.dataDir, name, args);
    if (viaServer) {
      if (!viaServer.ok) throw new Error(viaServer.message);
      console.log(viaServer.message);
      return;
    }
  }
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const log = pino({ level: 'warn' });
    const keys = new SigningKeys(database.db, config.accessTokenTtlSeconds);
    // Without SMTP_URL an invitation is written to this log, so the mailer's lines are shown.
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: pino({ level: 'info' }) });
    const deps = { db: database.db, config, keys, mailer, log };
    const auth = new AuthService(deps);
    const users = new UserAdmin(deps, auth);
    console.log(await runCommand({ database, auth, users, keys, config, mailer, progress: terminalProgress() }, name, args));
  } finally {
    await database.shutdown();
  }
}

/** A progress bar on a terminal; nothing when output goes to a file or a pipe. */
function terminalProgress(): ImportProgress | undefined {
  if (!process.stdout.isTTY) return undefined;
  const bar = new SingleBar({ format: '{bar} {value}/{total} {label}', hideCursor: true, clearOnComplete: true }, Presets.shades_classic);
  let done = 0;
  return {
    start: (total) => bar.start(total, 0, { label: '' }),
    advance: (label) => bar.update(++done, { label }),
    stop: () => bar.stop(),
  };
}

const program = new Command()
  .name('trackside')
  .description('Trackside administration. Uses DATABASE_URL, or the embedded database in DATA_DIR.')
  .showHelpAfterError()
  .exitOverride();

const action = (name: CommandName) => async (options: Record<string, unknown>) => execute(name, options);

program.command('db:migrate').description('Apply pending database migrations').action(action('db:migrate'));
program
  .command('user:create')
  .description('Create an account')
  .requiredOption('--email <email>')
  .requiredOption('--password <password>')
  .option('--admin', 'grant the admin role', false)
  .action(action('user:create'));
program
  .command('user:set-password')
  .description("Set an account's password (signs its sessions out)")
  .requiredOption('--email <email>')
  .requiredOption('--password <password>')
  .action(action('user:set-password'));
program
  .command('user:invite')
  .description('Invite by e-mail: a link, valid 7 days, where the invitee sets a password (again for a pending invitation: resends it)')
  .requiredOption('--email <email>')
  .action(action('user:invite'));
program
  .command('user:revoke-invite')
  .description('Revoke a pending invitation (its link stops working)')
  .requiredOption('--email <email>')
  .action(action('user:revoke-invite'));
program
  .command('user:delete')
  .description(
    'Delete an account with its data, as the user would (forum posts kept as "Deleted user", or removed by ACCOUNT_DELETION_FORUM_POSTS); never the last admin',
  )
  .requiredOption('--email <email>')
  .action(action('user:delete'));
program
  .command('user:list')
  .description('List accounts, newest first: e-mail, status, role, name and company, last sign-in')
  .option('--search <text>', 'part of an e-mail, name or company')
  .option('--page <n>', 'page of 100', '1')
  .action(action('user:list'));
program
  .command('user:disable')
  .description('Disable an account; its sessions end at once (never the last active admin)')
  .requiredOption('--email <email>')
  .action(action('user:disable'));
program.command('user:enable').description('Enable a disabled account').requiredOption('--email <email>').action(action('user:enable'));
program.command('user:grant-admin').description('Grant the admin role').requiredOption('--email <email>').action(action('user:grant-admin'));
program
  .command('user:revoke-admin')
  .description('Revoke the admin role (never from the last active admin)')
  .requiredOption('--email <email>')
  .action(action('user:revoke-admin'));
program
  .command('whitelist:add')
  .description('Allow an e-mail to grant itself the admin role')
  .requiredOption('--email <email>')
  .action(action('whitelist:add'));
program.command('whitelist:remove').description('Take an e-mail off the admin whitelist').requiredOption('--email <email>').action(action('whitelist:remove'));
program.command('whitelist:list').description('List the admin whitelist').action(action('whitelist:list'));
program
  .command('audit:list')
  .description('The audit log, newest first: when, who, what, to whom')
  .option('--search <text>', 'part of the actor’s or the target’s e-mail')
  .option('--page <n>', 'page of 100', '1')
  .action(action('audit:list'));
program
  .command('access:set-password')
  .description('Set the shared password of protected content (investor_flyer)')
  .requiredOption('--resource <name>')
  .requiredOption('--password <password>')
  .action(action('access:set-password'));
program
  .command('standards:import')
  .description('Import a standards file, or every supported file in a folder (JSONL, PDF, DOCX, TXT/Markdown, eCFR XML)')
  .requiredOption('--standard <code>', 'standard code, e.g. "49 CFR"')
  .requiredOption('--file <path>', 'file or folder')
  .option('--discipline <discipline...>', "the disciplines the documents serve, the main one first (else the file's own)")
  .option('--edition <edition>', 'edition label (re-importing one edition replaces it)')
  .option('--title <title>', 'document title (one file only)')
  // The server may run the command (control socket) from another working directory.
  .action(async (options: Record<string, unknown>) => execute('standards:import', { ...options, file: path.resolve(String(options.file)) }));
program
  .command('standards:fetch-ecfr')
  .description('Download parts of 49 CFR from the eCFR (ECFR_BASE_URL) and import them')
  .option('--parts <list>', 'comma-separated part numbers (default: 213,214,220,225,229,232,234,236,237)')
  .option('--date <YYYY-MM-DD>', 'edition date (default: the latest the eCFR has)')
  .action(action('standards:fetch-ecfr'));
program
  .command('db:backup')
  .description('Write the embedded database and the uploads on disk to one archive (while the server runs, too)')
  .requiredOption('--out <file>', 'the archive to write, e.g. trackside-backup.tar.gz')
  .action(async (options: Record<string, unknown>) => execute('db:backup', { out: path.resolve(String(options.out)) }));
program
  .command('db:restore')
  .description('Replace the embedded database and uploads with a backup (the server must be stopped; what was there is kept aside)')
  .requiredOption('--from <file>', 'an archive written by db:backup')
  .action(async (options: { from: string }) => {
    const config = loadConfig();
    if (!config.databaseUrl && (await controlSocketAnswers(config.dataDir))) {
      throw new Error(`A Trackside server is running on ${config.dataDir}: stop it, restore, then start it again.`);
    }
    console.log(await restoreEmbedded(config, path.resolve(options.from)));
  });
program.command('auth:rotate-keys').description('Start signing tokens with a new key').action(action('auth:rotate-keys'));

program.parseAsync(process.argv).catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  if (code === 'commander.helpDisplayed' || code === 'commander.version') process.exit(0);
  if (!code?.startsWith('commander.')) console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
