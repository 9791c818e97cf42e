ALTER TABLE "clauses" drop column "search";--> statement-breakpoint
ALTER TABLE "clauses" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(ref, '') || ' ' || regexp_replace(coalesce(heading, ''), '(?<=[[:alpha:]])/(?=[[:alpha:]])', ' ', 'g')), 'A') || setweight(to_tsvector('english'::regconfig, regexp_replace(coalesce(text, ''), '(?<=[[:alpha:]])/(?=[[:alpha:]])', ' ', 'g')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "clauses_search_idx" ON "clauses" USING gin ("search");
