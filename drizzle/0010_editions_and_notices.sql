CREATE TABLE "standard_edition_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"standard_code" text NOT NULL,
	"title" text NOT NULL,
	"from_document_id" uuid,
	"from_edition" text NOT NULL,
	"to_document_id" uuid NOT NULL,
	"to_edition" text NOT NULL,
	"added" jsonb NOT NULL,
	"removed" jsonb NOT NULL,
	"changed" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"announced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "standard_follows" (
	"user_id" uuid NOT NULL,
	"standard_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_follows_user_id_standard_code_pk" PRIMARY KEY("user_id","standard_code")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "standard_documents" ADD COLUMN "current" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Hand-written: where a library already holds several editions of a title (undated ones side by side), the one retrieval searched until now (the latest import) is the one in force.
UPDATE "standard_documents" d SET "current" = false WHERE EXISTS (SELECT 1 FROM "standard_documents" newer WHERE newer."standard_code" = d."standard_code" AND newer."title" = d."title" AND (newer."imported_at", newer."id") > (d."imported_at", d."id"));--> statement-breakpoint
ALTER TABLE "standard_edition_changes" ADD CONSTRAINT "standard_edition_changes_standard_code_standards_code_fk" FOREIGN KEY ("standard_code") REFERENCES "public"."standards"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_edition_changes" ADD CONSTRAINT "standard_edition_changes_from_document_id_standard_documents_id_fk" FOREIGN KEY ("from_document_id") REFERENCES "public"."standard_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_edition_changes" ADD CONSTRAINT "standard_edition_changes_to_document_id_standard_documents_id_fk" FOREIGN KEY ("to_document_id") REFERENCES "public"."standard_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_follows" ADD CONSTRAINT "standard_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_follows" ADD CONSTRAINT "standard_follows_standard_code_standards_code_fk" FOREIGN KEY ("standard_code") REFERENCES "public"."standards"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standard_edition_changes_document_idx" ON "standard_edition_changes" USING btree ("standard_code","title","created_at");--> statement-breakpoint
CREATE INDEX "standard_edition_changes_pending_idx" ON "standard_edition_changes" USING btree ("created_at") WHERE "standard_edition_changes"."announced_at" is null;--> statement-breakpoint
CREATE INDEX "standard_follows_standard_idx" ON "standard_follows" USING btree ("standard_code");--> statement-breakpoint
CREATE UNIQUE INDEX "notices_user_source_idx" ON "notices" USING btree ("user_id","source_key");--> statement-breakpoint
CREATE INDEX "notices_user_created_idx" ON "notices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "standard_documents_current_idx" ON "standard_documents" USING btree ("standard_code","title") WHERE "standard_documents"."current";