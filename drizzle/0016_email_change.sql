ALTER TABLE "users" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_change_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_change_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_change_token_idx" ON "users" USING btree ("email_change_token_hash");