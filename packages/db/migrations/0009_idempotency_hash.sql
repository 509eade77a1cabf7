ALTER TABLE "bookings" ADD COLUMN "idempotency_hash" text;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "idempotency_hash" text;--> statement-breakpoint
ALTER TABLE "request_replays" ADD COLUMN "body_hash" text;