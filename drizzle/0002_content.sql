CREATE TABLE "podcast_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category_id" uuid NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"duration" text,
	"image_url" text,
	"audio_url" text,
	"publish_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B')) STORED
);
--> statement-breakpoint
CREATE TABLE "knowledge_material_tags" (
	"material_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "knowledge_material_tags_material_id_tag_id_pk" PRIMARY KEY("material_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'article' NOT NULL,
	"title" text NOT NULL,
	"abstract" text NOT NULL,
	"content" text,
	"category_id" uuid NOT NULL,
	"author" text,
	"read_time" text,
	"featured" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"file_url" text,
	"tag_names" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(tag_names, '') || ' ' || coalesce(abstract, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'C')) STORED,
	"search_preview" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(tag_names, '') || ' ' || coalesce(abstract, '')), 'B')) STORED,
	CONSTRAINT "knowledge_materials_kind_check" CHECK ("knowledge_materials"."kind" in ('article', 'whitepaper'))
);
--> statement-breakpoint
CREATE TABLE "knowledge_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "podcasts" ADD CONSTRAINT "podcasts_category_id_podcast_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."podcast_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_material_tags" ADD CONSTRAINT "knowledge_material_tags_material_id_knowledge_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."knowledge_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_material_tags" ADD CONSTRAINT "knowledge_material_tags_tag_id_knowledge_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."knowledge_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_materials" ADD CONSTRAINT "knowledge_materials_category_id_podcast_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."podcast_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "podcast_categories_name_idx" ON "podcast_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "podcasts_publish_date_idx" ON "podcasts" USING btree ("publish_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "podcasts_category_idx" ON "podcasts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "podcasts_search_idx" ON "podcasts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "knowledge_material_tags_tag_idx" ON "knowledge_material_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "knowledge_materials_category_idx" ON "knowledge_materials" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "knowledge_materials_created_idx" ON "knowledge_materials" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "knowledge_materials_search_idx" ON "knowledge_materials" USING gin ("search");--> statement-breakpoint
CREATE INDEX "knowledge_materials_search_preview_idx" ON "knowledge_materials" USING gin ("search_preview");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_tags_name_idx" ON "knowledge_tags" USING btree (lower("name"));