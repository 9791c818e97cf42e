CREATE TABLE "clause_embeddings" (
	"clause_id" uuid NOT NULL,
	"model" text NOT NULL,
	"embedding" real[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clause_embeddings_clause_id_model_pk" PRIMARY KEY("clause_id","model")
);
--> statement-breakpoint
ALTER TABLE "clause_embeddings" ADD CONSTRAINT "clause_embeddings_clause_id_clauses_id_fk" FOREIGN KEY ("clause_id") REFERENCES "public"."clauses"("id") ON DELETE cascade ON UPDATE no action;