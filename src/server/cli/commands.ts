import { z } from 'zod';
import { AppError, ErrorCode } from '../../shared/errors';
import { PROTECTED_RESOURCES } from '../../shared/constants';
import { emailSchema, newPasswordSchema } from '../../shared/schemas/auth';
import { standardDisciplineSchema } from '../../shared/schemas/standards';
import { loadConfig, type Config } from '../config';
import { backupEmbedded } from '../db/backup';
import type { Database } from '../db/client';
import { setResourcePassword } from '../modules/access/service';
import { CLI_ACTOR, listAudit, recordAudit } from '../modules/auth/audit';
import type { AuthService } from '../modules/auth/service';
import type { SigningKeys } from '../modules/auth/signing-keys';
import type { UserAdmin } from '../modules/auth/user-admin';
import { addToWhitelist, listWhitelist, removeFromWhitelist } from '../modules/roles/service';
import { ADMIN_ROLE, isAdminUser, userStatus, type AdminUser, type AuditEntry } from '../../shared/schemas/user-admin';
import { announceEditionChangesToFollowers } from '../modules/follows/service';
import type { Mailer } from '../lib/mailer';
import { AUTOFETCH_PARTS, fetchEcfr, parsePartList } from '../modules/standards/fetch-ecfr';
import { describeImport, importStandardFiles, summariseImports, type ImportProgress } from '../modules/standards/import-files';

export interface CommandContext {
  database: Database;
  auth: AuthService;
  /** Invitations and user administration (the user:* commands); the CLI and the server always give it. */
  users?: UserAdmin | undefined;
  keys: SigningKeys;
  /** Progress display (a bar on the CLI's terminal); absent inside the server. */
  progress?: ImportProgress | undefined;
  /** Defaults to the environment of the process running the command. */
  config?: Config | undefined;
  /**
   * Inside the server: clauses were imported, which its embedding backfill should embed now
   * (a CLI process of its own leaves them to the server's next start) and whose new editions its
   * announcer tells followers of (a CLI process of its own tells them itself).
   */
  onStandardsImported?: (() => void) | undefined;
  /** A CLI process of its own: the mail transport for the notices of new editions (sent when SMTP_URL is set). */
  mailer?: Mailer | undefined;
}

/** After an import: inside the server its services take over; a CLI process of its own tells followers of new editions at once. */
async function afterStandardsImport(ctx: CommandContext): Promise<void> {
  if (ctx.onStandardsImported) return ctx.onStandardsImported();
  const config = ctx.config ?? loadConfig();
  const mail = config.smtpUrl && ctx.mailer ? { mailer: ctx.mailer, publicUrl: config.publicUrl, log: { warn: (m: string) => console.warn(m) } } : undefined;
  const { changes, notices } = await announceEditionChangesToFollowers(ctx.database.db, { mail });
  if (changes > 0) console.info(`New editions announced to their followers: ${notices} notices.`);
}

function usersOf(ctx: CommandContext): UserAdmin {
  if (!ctx.users) throw new Error('User administration is not available in this context.');
  return ctx.users;
}

const resourceSchema = z.enum(PROTECTED_RESOURCES, { error: `resource must be one of: ${PROTECTED_RESOURCES.join(', ')}` });

/**
 * Every CLI command: its argument schema and what it does. The same table runs in the CLI
 * process and, while the server owns the embedded database, inside the server (control socket).
 */
export const commands = {
  'db:migrate': {
    args: z.object({}),
    run: async (ctx: CommandContext) => {
      await ctx.database.migrate();
      return 'Database is up to date.';
    },
  },
  'db:backup': {
    args: z.object({ out: z.string().min(1, 'name the backup file, e.g. --out trackside.tar.gz') }),
    run: async (ctx: CommandContext, a: { out: string }) => backupEmbedded(ctx.database, ctx.config ?? loadConfig(), a.out),
  },
  'user:create': {
    args: z.object({ email: emailSchema, password: newPasswordSchema, admin: z.boolean().default(false) }),
    run: async (ctx: CommandContext, a: { email: string; password: string; admin: boolean }) => {
      // Through the admin API's operation, so that the account (and its role) is in the audit log.
      const user = await usersOf(ctx).create(CLI_ACTOR, {
        email: a.email,
        password: a.password,
        ...(a.admin ? { app_metadata: { roles: [ADMIN_ROLE] } } : {}),
      });
      return `Created ${a.admin ? 'admin ' : ''}user ${user.email} (${user.id}).`;
    },
  },
  'user:set-password': {
    args: z.object({ email: emailSchema, password: newPasswordSchema }),
    run: async (ctx: CommandContext, a: { email: string; password: string }) => {
      await usersOf(ctx).update(CLI_ACTOR, await usersOf(ctx).idOf(a.email), { password: a.password });
      return `Password set for ${a.email}; their sessions were signed out.`;
    },
  },
  'user:invite': {
    args: z.object({ email: emailSchema }),
    run: async (ctx: CommandContext, a: { email: string }) => {
      const { resent } = await usersOf(ctx).invite(CLI_ACTOR, a.email);
      const { mail_delivery: delivery, invitation_days: days } = usersOf(ctx).settings();
      const where = delivery === 'smtp' ? 'e-mailed' : 'written to the log (no SMTP_URL set)';
      return `${resent ? 'Invitation sent again to' : 'Invited'} ${a.email}: the link, valid ${days} days, was ${where}.`;
    },
  },
  'user:revoke-invite': {
    args: z.object({ email: emailSchema }),
    run: async (ctx: CommandContext, a: { email: string }) => {
      const user = await usersOf(ctx).get(await usersOf(ctx).idOf(a.email));
      // The admin API's delete also erases accounts in use; this command only ever revokes an invitation.
      if (!user.invited_at || user.email_confirmed_at) {
        throw new AppError(ErrorCode.conflict, `${a.email} is not a pending invitation; to erase the account and its data, use user:delete.`, 409);
      }
      await usersOf(ctx).remove(CLI_ACTOR, user.id);
      return `Invitation of ${a.email} revoked; its link no longer works.`;
    },
  },
  'user:delete': {
    args: z.object({ email: emailSchema }),
    run: async (ctx: CommandContext, a: { email: string }) => {
      await usersOf(ctx).remove(CLI_ACTOR, await usersOf(ctx).idOf(a.email));
      return `${a.email} deleted with its data; its forum posts, if kept, show "Deleted user".`;
    },
  },
  'user:list': {
    args: z.object({ search: z.string().trim().max(200).optional(), page: z.coerce.number().int().min(1).default(1) }),
    run: async (ctx: CommandContext, a: { search?: string; page: number }) => {
      const perPage = 100;
      const { users, total } = await usersOf(ctx).list({ page: a.page, per_page: perPage, filter: a.search });
      if (total === 0) return a.search ? `No account matches "${a.search}".` : 'No accounts.';
      const lines = users.map(describeUser);
      const from = (a.page - 1) * perPage + 1;
      const footer = `${from}–${from + users.length - 1} of ${total} account${total === 1 ? '' : 's'}${total > from + users.length - 1 ? ` (next: --page ${a.page + 1})` : ''}.`;
      return [...lines, footer].join('\n');
    },
  },
  'user:disable': {
    args: z.object({ email: emailSchema }),
    run: async (ctx: CommandContext, a: { email: string }) => {
      await usersOf(ctx).setDisabled(CLI_ACTOR, await usersOf(ctx).idOf(a.email), true);
      return `${a.email} is disabled; their sessions have ended.`;
    },
  },
  'user:enable': {
    args: z.object({ email: emailSchema }),
    run: async (ctx: CommandContext, a: { email: string }) => {
      await usersOf(ctx).setDisabled(CLI_ACTOR, await usersOf(ctx).idOf(a.email), false);
      return `${a.email} is enabled again.`;
    },
  },
  'user:grant-admin': {
    args: z.object({ email: emailSchema }),
    run: async (ctx: CommandContext, a: { email: string }) => {
      await usersOf(ctx).setAdmin(CLI_ACTOR, await usersOf(ctx).idOf(a.email), true);
      return `${a.email} is an admin.`;
    },
  },
  'user:revoke-admin': {
    args: z.object({ email: emailSchema }),
    run: async (ctx: CommandContext, a: { email: string }) => {
      await usersOf(ctx).setAdmin(CLI_ACTOR, await usersOf(ctx).idOf(a.email), false);
      return `${a.email} is no longer an admin.`;
    },
  },
  'whitelist:add': {
    args: z.object({ email: emailSchema }),
    run: async (ctx: CommandContext, a: { email: string }) => {
      const { db } = ctx.database;
      await db.transaction(async (tx) => {
        if (await addToWhitelist(tx, a.email)) await recordAudit(tx, CLI_ACTOR, 'whitelist_added', { email: a.email });
      });
      return `${a.email} may now grant themselves the admin role ("Make Me Admin").`;
    },
  },
  'whitelist:remove': {
    args: z.object({ email: emailSchema }),
    run: async (ctx: CommandContext, a: { email: string }) => {
      const { db } = ctx.database;
      const removed = await db.transaction(async (tx) => {
        const gone = await removeFromWhitelist(tx, a.email);
        if (gone) await recordAudit(tx, CLI_ACTOR, 'whitelist_removed', { email: a.email });
        return gone;
      });
      if (!removed) throw new Error(`${a.email} is not on the admin whitelist.`);
      return `${a.email} is off the admin whitelist (an admin role it granted itself stays until revoked).`;
    },
  },
  'whitelist:list': {
    args: z.object({}),
    run: async (ctx: CommandContext) => {
      const entries = await listWhitelist(ctx.database.db);
      return entries.length === 0 ? 'The admin whitelist is empty.' : entries.map((e) => e.email).join('\n');
    },
  },
  'audit:list': {
    args: z.object({ search: z.string().trim().max(200).optional(), page: z.coerce.number().int().min(1).default(1) }),
    run: async (ctx: CommandContext, a: { search?: string; page: number }) => {
      const perPage = 100;
      const { entries, total } = await listAudit(ctx.database.db, { page: a.page, per_page: perPage, filter: a.search });
      if (total === 0) return a.search ? `No audit entry names "${a.search}".` : 'The audit log is empty.';
      const from = (a.page - 1) * perPage + 1;
      const to = from + entries.length - 1;
      const footer = `${from}–${to} of ${total} entr${total === 1 ? 'y' : 'ies'}${total > to ? ` (next: --page ${a.page + 1})` : ''}.`;
      return [...entries.map(describeAuditEntry), footer].join('\n');
    },
  },
  'access:set-password': {
    args: z.object({ resource: resourceSchema, password: z.string().min(8, 'Password must be at least 8 characters') }),
    run: async (ctx: CommandContext, a: { resource: string; password: string }) => {
      await setResourcePassword(ctx.database.db, a.resource, a.password);
      return `Password set for protected resource ${a.resource}.`;
    },
  },
  'auth:rotate-keys': {
    args: z.object({}),
    run: async (ctx: CommandContext) => {
      const kid = await ctx.keys.rotate();
      return `New signing key ${kid}; tokens signed with older keys stay valid until they expire.`;
    },
  },
  'standards:import': {
    args: z.object({
      standard: z.string().trim().min(1, 'name the standard, e.g. "49 CFR"'),
      file: z.string().min(1),
      // One `--discipline` arrives as a string, several as a list.
      discipline: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(standardDisciplineSchema).min(1).optional()),
      edition: z.string().trim().min(1).optional(),
      title: z.string().trim().min(1).optional(),
    }),
    run: async (ctx: CommandContext, { discipline, ...a }: { standard: string; file: string; discipline?: string[]; edition?: string; title?: string }) => {
      const results = await importStandardFiles(ctx.database.db, { ...a, disciplines: discipline, progress: ctx.progress });
      await afterStandardsImport(ctx);
      return [...results.map((r) => `${r.file}: ${describeImport(r)}`), `${a.standard}: ${summariseImports(results)}`].join('\n');
    },
  },
  'standards:fetch-ecfr': {
    args: z.object({
      parts: z
        .string()
        .optional()
        .transform((v, c) => {
          try {
            return v === undefined ? AUTOFETCH_PARTS : parsePartList(v);
          } catch (error) {
            c.addIssue({ code: 'custom', message: (error as Error).message });
            return z.NEVER;
          }
        }),
      date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'use YYYY-MM-DD')
        .optional(),
    }),
    run: async (ctx: CommandContext, a: { parts: string[]; date?: string }) => {
      const config = ctx.config ?? loadConfig();
      ctx.progress?.start(a.parts.length);
      try {
        const { date, outcomes } = await fetchEcfr(ctx.database.db, {
          parts: a.parts,
          date: a.date,
          baseUrl: config.ecfrBaseUrl,
          onPart: (o) => ctx.progress?.advance(`Part ${o.part}`),
        });
        const lines = outcomes.map((o) =>
          o.error
            ? `Part ${o.part}: failed: ${o.error}`
            : o.results.map((r) => `Part ${o.part}: ${describeImport(r)}${o.skipped ? ' (not downloaded)' : ''}`).join('\n'),
        );
        const failed = outcomes.filter((o) => o.error).length;
        if (failed < outcomes.length) await afterStandardsImport(ctx);
        if (failed === outcomes.length) throw new Error([...lines, `eCFR (${date}): every part failed`].join('\n'));
        return [...lines, `eCFR (up to date as of ${date}): ${outcomes.length - failed} of ${outcomes.length} parts current`].join('\n');
      } finally {
        ctx.progress?.stop();
      }
    },
  },
} as const;

const STATUS_WORDS = { active: 'active', invited: 'invited', invitation_expired: 'invitation expired', disabled: 'disabled' } as const;

/** One line of user:list: e-mail, status, admin, name and company, last sign-in. */
function describeUser(user: AdminUser): string {
  const meta = user.user_metadata as { full_name?: unknown; company_name?: unknown };
  const who = [meta.full_name, meta.company_name].filter((v): v is string => typeof v === 'string' && v !== '').join(', ');
  return [
    user.email,
    STATUS_WORDS[userStatus(user)],
    isAdminUser(user) ? 'admin' : 'user',
    who || '-',
    user.last_sign_in_at ? `last sign-in ${user.last_sign_in_at.slice(0, 16).replace('T', ' ')} UTC` : 'never signed in',
  ].join('  ');
}

/** One line of audit:list: when (UTC), who (the command line when no account), what, to whom. */
function describeAuditEntry(entry: AuditEntry): string {
  const who = entry.actor_email ?? (entry.actor_id === null ? 'command line' : 'deleted account');
  return [`${entry.created_at.slice(0, 16).replace('T', ' ')} UTC`, who, entry.action, entry.target_email ?? '-'].join('  ');
}

export type CommandName = keyof typeof commands;

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(commands, name);
}

/** Validates the arguments and runs the command; errors carry the rule's message. */
export async function runCommand(ctx: CommandContext, name: CommandName, rawArgs: unknown): Promise<string> {
  const command = commands[name];
  const parsed = command.args.safeParse(rawArgs);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `--${String(i.path[0])}: ${i.message}`).join('\n'));
  }
  return (command.run as (ctx: CommandContext, args: unknown) => Promise<string>)(ctx, parsed.data);
}
