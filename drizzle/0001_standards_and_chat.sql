CREATE TABLE "clauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"standard_code" text NOT NULL,
	"ref" text NOT NULL,
	"section" text NOT NULL,
	"heading" text DEFAULT '' NOT NULL,
	"subpart" text,
	"text" text NOT NULL,
	"discipline" text,
	"position" integer NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(ref, '') || ' ' || coalesce(heading, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(text, '')), 'B')) STORED
);
--> statement-breakpoint
CREATE TABLE "standard_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"standard_code" text NOT NULL,
	"title" text NOT NULL,
	"edition" text NOT NULL,
	"source" text,
	"discipline" text,
	"content_hash" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standards" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"jurisdiction" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"citations" jsonb,
	"run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"standard" text NOT NULL,
	"discipline" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clauses" ADD CONSTRAINT "clauses_document_id_standard_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."standard_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_documents" ADD CONSTRAINT "standard_documents_standard_code_standards_code_fk" FOREIGN KEY ("standard_code") REFERENCES "public"."standards"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clauses_search_idx" ON "clauses" USING gin ("search");--> statement-breakpoint
CREATE INDEX "clauses_standard_ref_idx" ON "clauses" USING btree ("standard_code","ref");--> statement-breakpoint
CREATE INDEX "clauses_standard_section_idx" ON "clauses" USING btree ("standard_code","section");--> statement-breakpoint
CREATE INDEX "clauses_document_idx" ON "clauses" USING btree ("document_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_documents_edition_idx" ON "standard_documents" USING btree ("standard_code","title","edition");--> statement-breakpoint
CREATE INDEX "chat_messages_thread_idx" ON "chat_messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_threads_user_idx" ON "chat_threads" USING btree ("user_id","updated_at");