CREATE TABLE "forum_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic_id" uuid NOT NULL,
	"reply_id" uuid,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "forum_moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_kind" text NOT NULL,
	"post_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"topic_title" text NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"moderator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_moderation_decisions_kind_check" CHECK ("forum_moderation_decisions"."post_kind" in ('topic', 'reply'))
);
--> statement-breakpoint
CREATE TABLE "forum_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"text_hash" text NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"open_flags" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"auto_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"moderation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "forum_replies_status_check" CHECK ("forum_replies"."status" in ('published', 'held', 'hidden', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "forum_reply_likes" (
	"reply_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_reply_likes_reply_id_user_id_pk" PRIMARY KEY("reply_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "forum_saved_topics" (
	"user_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_saved_topics_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "forum_topic_likes" (
	"topic_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_topic_likes_topic_id_user_id_pk" PRIMARY KEY("topic_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "forum_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" text NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"tag_names" text DEFAULT '' NOT NULL,
	"text_hash" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"open_flags" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"auto_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"moderation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(tag_names, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(body, '')), 'C')) STORED,
	CONSTRAINT "forum_topics_status_check" CHECK ("forum_topics"."status" in ('published', 'held', 'hidden', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "forum_flags" ADD CONSTRAINT "forum_flags_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_flags" ADD CONSTRAINT "forum_flags_reply_id_forum_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."forum_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_flags" ADD CONSTRAINT "forum_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_moderation_decisions" ADD CONSTRAINT "forum_moderation_decisions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reply_likes" ADD CONSTRAINT "forum_reply_likes_reply_id_forum_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."forum_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reply_likes" ADD CONSTRAINT "forum_reply_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_saved_topics" ADD CONSTRAINT "forum_saved_topics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_saved_topics" ADD CONSTRAINT "forum_saved_topics_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topic_likes" ADD CONSTRAINT "forum_topic_likes_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topic_likes" ADD CONSTRAINT "forum_topic_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD CONSTRAINT "forum_topics_category_id_forum_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."forum_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD CONSTRAINT "forum_topics_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_flags_open_topic_idx" ON "forum_flags" USING btree ("topic_id","user_id") WHERE reply_id is null and resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "forum_flags_open_reply_idx" ON "forum_flags" USING btree ("reply_id","user_id") WHERE reply_id is not null and resolved_at is null;--> statement-breakpoint
CREATE INDEX "forum_flags_reply_idx" ON "forum_flags" USING btree ("reply_id");--> statement-breakpoint
CREATE INDEX "forum_moderation_decisions_created_idx" ON "forum_moderation_decisions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_moderation_decisions_post_idx" ON "forum_moderation_decisions" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "forum_replies_topic_idx" ON "forum_replies" USING btree ("topic_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_replies_author_idx" ON "forum_replies" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_replies_text_hash_idx" ON "forum_replies" USING btree ("text_hash");--> statement-breakpoint
CREATE INDEX "forum_replies_review_idx" ON "forum_replies" USING btree ("created_at") WHERE status in ('held', 'hidden') or open_flags > 0;--> statement-breakpoint
CREATE INDEX "forum_reply_likes_user_idx" ON "forum_reply_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "forum_saved_topics_topic_idx" ON "forum_saved_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "forum_topic_likes_user_idx" ON "forum_topic_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "forum_topics_recent_idx" ON "forum_topics" USING btree ("pinned" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "forum_topics_views_idx" ON "forum_topics" USING btree ("pinned" DESC NULLS LAST,"views" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "forum_topics_active_idx" ON "forum_topics" USING btree ("pinned" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "forum_topics_category_recent_idx" ON "forum_topics" USING btree ("category_id","pinned" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "forum_topics_author_idx" ON "forum_topics" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_topics_text_hash_idx" ON "forum_topics" USING btree ("text_hash");--> statement-breakpoint
CREATE INDEX "forum_topics_tags_idx" ON "forum_topics" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "forum_topics_search_idx" ON "forum_topics" USING gin ("search");--> statement-breakpoint
CREATE INDEX "forum_topics_review_idx" ON "forum_topics" USING btree ("created_at") WHERE status in ('held', 'hidden') or open_flags > 0;--> statement-breakpoint
INSERT INTO "forum_categories" ("id", "name", "description", "position") VALUES
	('track-engineering', 'Track Engineering', 'Track geometry, rail, sleepers, ballast, switches and crossings.', 1),
	('signalling', 'Signalling', 'Interlockings, train detection, ETCS and CBTC, signal sighting.', 2),
	('civil-structures', 'Civil Structures', 'Bridges, culverts, retaining walls, tunnels and stations.', 3),
	('electrical-systems', 'Electrical Systems', 'OHLE, third rail, traction power, earthing and bonding.', 4),
	('geotechnical', 'Geotechnical', 'Earthworks, formation, drainage and slope stability.', 5),
	('industry-insights', 'Industry Insights', 'Possession planning, standards, careers and the business of rail.', 6)
ON CONFLICT ("id") DO NOTHING;
