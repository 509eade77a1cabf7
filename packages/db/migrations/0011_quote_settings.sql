ALTER TABLE "restaurants" ADD COLUMN "quote_walk_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "quote_grace_minutes" integer DEFAULT 10 NOT NULL;