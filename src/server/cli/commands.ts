import { z } from 'zod';
import { PROTECTED_RESOURCES } from '../../shared/constants';
import { emailSchema, newPasswordSchema } from '../../shared/schemas/auth';
import type { Database } from '../db/client';
import { setResourcePassword } from '../modules/access/service';
import type { AuthService } from '../modules/auth/service';
import type { SigningKeys } from '../modules/auth/signing-keys';
import { addToWhitelist, grantAdmin } from '../modules/roles/service';

export interface CommandContext {
  database: Database;
  auth: AuthService;
  keys: SigningKeys;
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
