CREATE TYPE "public"."entry_source" AS ENUM('staff', 'guest_form', 'telegram');--> statement-breakpoint
CREATE TYPE "public"."queue_event" AS ENUM('birthday', 'date', 'business', 'drink', 'eat');--> statement-breakpoint
CREATE TYPE "public"."queue_status" AS ENUM('live', 'called', 'joined', 'sat', 'cancelled', 'closed', 'reserve');--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"entity_id" integer NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "queue_counters" (
	"restaurant_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "queue_counters_restaurant_id_service_date_pk" PRIMARY KEY("restaurant_id","service_date")
);
--> statement-breakpoint
CREATE TABLE "queue_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"service_date" date NOT NULL,
	"number" integer NOT NULL,
	"group_size" smallint NOT NULL,
	"event" "queue_event",
	"comment" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"source" "entry_source" NOT NULL,
	"status" "queue_status" DEFAULT 'live' NOT NULL,
	"guest_token" text NOT NULL,
	"idempotency_key" text,
	"table_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"quoted_wait_minutes" integer,
	"telegram_chat_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invited_at" timestamp with time zone,
	"seated_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_entries_group_size_ck" CHECK ("queue_entries"."group_size" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "queue_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"from_status" "queue_status",
	"to_status" "queue_status" NOT NULL,
	"changed_by" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_counters" ADD CONSTRAINT "queue_counters_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_history" ADD CONSTRAINT "queue_history_entry_id_queue_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."queue_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_history" ADD CONSTRAINT "queue_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."delivered_at" is null and "outbox"."failed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_number_uq" ON "queue_entries" USING btree ("restaurant_id","service_date","number");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_guest_token_uq" ON "queue_entries" USING btree ("guest_token");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_idempotency_uq" ON "queue_entries" USING btree ("restaurant_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_active_phone_uq" ON "queue_entries" USING btree ("restaurant_id","phone") WHERE "queue_entries"."phone" <> '' and "queue_entries"."status" in ('live', 'called', 'joined', 'reserve');--> statement-breakpoint
CREATE INDEX "queue_entries_restaurant_status_idx" ON "queue_entries" USING btree ("restaurant_id","status");--> statement-breakpoint
CREATE INDEX "queue_entries_phone_idx" ON "queue_entries" USING btree ("restaurant_id","phone");--> statement-breakpoint
CREATE INDEX "queue_history_entry_idx" ON "queue_history" USING btree ("entry_id");