import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Shared passwords for protected content such as the investor flyer (argon2id hashes). */
export const protectedResources = pgTable('protected_resources', {
  resource: text('resource').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
