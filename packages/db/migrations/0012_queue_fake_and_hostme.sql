ALTER TYPE "public"."entry_source" ADD VALUE 'hostme';--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "fake" boolean DEFAULT false NOT NULL;