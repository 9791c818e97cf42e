import { sql } from 'drizzle-orm';
import { pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables';

export const appRole = pgEnum('app_role', ['admin']);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: appRole('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** E-mails allowed to grant themselves the admin role ("Make Me Admin"). */
export const adminWhitelist = pgTable(
  'admin_whitelist',
  {
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_whitelist_email_idx').on(sql`lower(${t.email})`)],
);
