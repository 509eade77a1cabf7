CREATE TABLE "guest_message_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"restaurant_id" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"delivery_id" bigint,
	"provider_ref" text,
	"segments" smallint,
	"tries" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"claim_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "guest_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"outbox_id" bigint,
	"restaurant_id" integer NOT NULL,
	"queue_entry_id" integer,
	"booking_id" integer,
	"kind" text NOT NULL,
	"ladder" text[] NOT NULL,
	"rung" smallint DEFAULT 0 NOT NULL,
	"next_look_at" timestamp with time zone,
	"reaction" text,
	"reacted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "guest_messages_one_subject_ck" CHECK (("guest_messages"."queue_entry_id" is null) <> ("guest_messages"."booking_id" is null))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"queue_entry_id" integer,
	"booking_id" integer,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_one_subject_ck" CHECK (("push_subscriptions"."queue_entry_id" is null) <> ("push_subscriptions"."booking_id" is null))
);
--> statement-breakpoint
CREATE TABLE "sms_usage" (
	"restaurant_id" integer NOT NULL,
	"month" date NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"segments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_usage_restaurant_id_month_pk" PRIMARY KEY("restaurant_id","month")
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "guest_ladder" text[] DEFAULT '{telegram,push,sms}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "guest_answer_wait_seconds" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "sms_monthly_budget" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "guest_message_attempts" ADD CONSTRAINT "guest_message_attempts_message_id_guest_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."guest_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_message_attempts" ADD CONSTRAINT "guest_message_attempts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_message_attempts" ADD CONSTRAINT "guest_message_attempts_delivery_id_notification_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."notification_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_queue_entry_id_queue_entries_id_fk" FOREIGN KEY ("queue_entry_id") REFERENCES "public"."queue_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_messages" ADD CONSTRAINT "guest_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_queue_entry_id_queue_entries_id_fk" FOREIGN KEY ("queue_entry_id") REFERENCES "public"."queue_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_usage" ADD CONSTRAINT "sms_usage_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_message_attempts_rung_uq" ON "guest_message_attempts" USING btree ("message_id","channel");--> statement-breakpoint
CREATE INDEX "guest_message_attempts_pending_idx" ON "guest_message_attempts" USING btree ("channel","created_at") WHERE "guest_message_attempts"."status" = 'pending' and "guest_message_attempts"."channel" <> 'telegram';--> statement-breakpoint
CREATE INDEX "guest_message_attempts_delivery_idx" ON "guest_message_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "guest_message_attempts_provider_idx" ON "guest_message_attempts" USING btree ("provider_ref") WHERE "guest_message_attempts"."provider_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_messages_outbox_uq" ON "guest_messages" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "guest_messages_due_idx" ON "guest_messages" USING btree ("next_look_at") WHERE "guest_messages"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "guest_messages_entry_idx" ON "guest_messages" USING btree ("queue_entry_id");--> statement-breakpoint
CREATE INDEX "guest_messages_booking_idx" ON "guest_messages" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "guest_messages_restaurant_created_idx" ON "guest_messages" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_entry_uq" ON "push_subscriptions" USING btree ("queue_entry_id","endpoint");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_booking_uq" ON "push_subscriptions" USING btree ("booking_id","endpoint");