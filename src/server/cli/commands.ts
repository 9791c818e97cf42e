import { z } from 'zod';
import { PROTECTED_RESOURCES } from '../../shared/constants';
import { emailSchema, newPasswordSchema } from '../../shared/schemas/auth';
import { standardDisciplineSchema } from '../../shared/schemas/standards';
import { loadConfig, type Config } from '../config';
import { backupEmbedded } from '../db/backup';
import type { Database } from '../db/client';
import { setResourcePassword } from '../modules/access/service';
import type { AuthService } from '../modules/auth/service';
import type { SigningKeys } from '../modules/auth/signing-keys';
import { addToWhitelist, grantAdmin } from '../modules/roles/service';
import { announceEditionChangesToFollowers } from '../modules/follows/service';
import type { Mailer } from '../lib/mailer';
import { AUTOFETCH_PARTS, fetchEcfr, parsePartList } from '../modules/standards/fetch-ecfr';
import { describeImport, importStandardFiles, summariseImports, type ImportProgress } from '../modules/standards/import-files';

export interface CommandContext {
  database: Database;
  auth: AuthService;
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
      const user = await ctx.auth.createUser(a.email, a.password);
      if (a.admin) await grantAdmin(ctx.database.db, user.id);
      return `Created ${a.admin ? 'admin ' : ''}user ${user.email} (${user.id}).`;
    },
  },
  'user:set-password': {
    args: z.object({ email: emailSchema, password: newPasswordSchema }),
    run: async (ctx: CommandContext, a: { email: string; password: string }) => {
      await ctx.auth.setPasswordByEmail(a.email, a.password);
      return `Password set for ${a.email}; their sessions were signed out.`;
    },
  },
  'whitelist:add': {
    args: z.object({ email: emailSchema }),
    run: async (ctx: CommandContext, a: { email: string }) => {
      await addToWhitelist(ctx.database.db, a.email);
      return `${a.email} may now grant themselves the admin role ("Make Me Admin").`;
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
      discipline: standardDisciplineSchema.optional(),
      edition: z.string().trim().min(1).optional(),
      title: z.string().trim().min(1).optional(),
    }),
    run: async (ctx: CommandContext, a: { standard: string; file: string; discipline?: string; edition?: string; title?: string }) => {
      const results = await importStandardFiles(ctx.database.db, { ...a, progress: ctx.progress });
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

export type CommandName = keyof typeof commands;

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(commands, name);
}

/** Validates the arguments and runs the command; errors carry the rule's message. */
export async function runCommand(ctx: CommandContext, name: CommandName, rawArgs: unknown): Promise<string> {
  const command = commands[name];
  const parsed = command.args.safeParse(rawArgs);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
  }
  return (command.run as (ctx: CommandContext, args: unknown) => Promise<string>)(ctx, parsed.data);
}
