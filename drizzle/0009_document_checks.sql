CREATE TABLE "check_audit" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"check_id" uuid NOT NULL,
	"finding_id" text NOT NULL,
	"from_verdict" text NOT NULL,
	"to_verdict" text NOT NULL,
	"note" text NOT NULL,
	"by_user_id" uuid,
	"by_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_contents" (
	"check_id" uuid PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_files" (
	"check_id" uuid PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_findings" (
	"check_id" uuid NOT NULL,
	"finding_id" text NOT NULL,
	"position" integer NOT NULL,
	"verdict" text NOT NULL,
	"finding" jsonb NOT NULL,
	"extracted_by" text DEFAULT 'reader' NOT NULL,
	"review_verdict" text,
	"review_note" text,
	"reviewed_by" uuid,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "check_findings_check_id_finding_id_pk" PRIMARY KEY("check_id","finding_id")
);
--> statement-breakpoint
CREATE TABLE "checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"standard" text NOT NULL,
	"document_name" text NOT NULL,
	"document_type" text NOT NULL,
	"document_bytes" integer NOT NULL,
	"document_pages" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"error" text,
	"edition" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" uuid,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "check_audit" ADD CONSTRAINT "check_audit_check_id_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_audit" ADD CONSTRAINT "check_audit_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_contents" ADD CONSTRAINT "check_contents_check_id_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_files" ADD CONSTRAINT "check_files_check_id_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_findings" ADD CONSTRAINT "check_findings_check_id_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_findings" ADD CONSTRAINT "check_findings_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checks" ADD CONSTRAINT "checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_audit_check_idx" ON "check_audit" USING btree ("check_id","seq");--> statement-breakpoint
CREATE INDEX "check_findings_position_idx" ON "check_findings" USING btree ("check_id","position");--> statement-breakpoint
CREATE INDEX "checks_user_idx" ON "checks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "checks_queue_idx" ON "checks" USING btree ("status","created_at") WHERE "checks"."status" in ('queued', 'running');