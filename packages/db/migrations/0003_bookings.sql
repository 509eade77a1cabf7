-- btree_gist lets one GiST index compare table ids (=) and time ranges (&&): the exclusion
-- constraint below. A trusted extension: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('new', 'application', 'declined', 'cancelled', 'cancelled_without_deposit', 'closed', 'open', 'waiting', 'waiting_list');--> statement-breakpoint
CREATE TYPE "public"."time_rule_type" AS ENUM('no_online', 'min_lead', 'last_seating', 'covers_cap');--> statement-breakpoint
CREATE TABLE "auto_reservation_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"rule_type" text DEFAULT 'confirm' NOT NULL,
	"weekdays" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"from_time" time,
	"to_time" time,
	"max_group_size" smallint NOT NULL,
	"zone_id" integer,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_durations" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"seats_from" smallint NOT NULL,
	"seats_to" smallint,
	"minutes" smallint NOT NULL,
	CONSTRAINT "booking_durations_ck" CHECK ("booking_durations"."seats_from" >= 1 and "booking_durations"."minutes" between 15 and 720)
);
--> statement-breakpoint
CREATE TABLE "booking_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"from_status" "booking_status",
	"to_status" "booking_status" NOT NULL,
	"changed_by" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"preparation_minutes" smallint DEFAULT 0 NOT NULL,
	"cleaning_minutes" smallint DEFAULT 15 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_tables" (
	"booking_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"during" "tstzrange" NOT NULL,
	CONSTRAINT "booking_tables_booking_id_table_id_pk" PRIMARY KEY("booking_id","table_id")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"table_id" integer,
	"group_id" integer,
	"group_size" smallint NOT NULL,
	"seating_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" "booking_status" NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"source" "entry_source" NOT NULL,
	"deposit" boolean DEFAULT false NOT NULL,
	"guest_token" text NOT NULL,
	"idempotency_key" text,
	"telegram_chat_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_group_size_ck" CHECK ("bookings"."group_size" between 1 and 50),
	CONSTRAINT "bookings_time_ck" CHECK ("bookings"."end_time" > "bookings"."seating_time"),
	CONSTRAINT "bookings_place_ck" CHECK ("bookings"."table_id" is null or "bookings"."group_id" is null)
);
--> statement-breakpoint
CREATE TABLE "table_locks" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"date" date NOT NULL,
	"from_time" time,
	"to_time" time,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"rule_type" time_rule_type NOT NULL,
	"weekdays" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"from_time" time,
	"to_time" time,
	"minutes" smallint,
	"covers" smallint,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zone_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"date" date NOT NULL,
	"from_time" time,
	"to_time" time
);
--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_reservation_rules" ADD CONSTRAINT "auto_reservation_rules_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reservation_rules" ADD CONSTRAINT "auto_reservation_rules_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_durations" ADD CONSTRAINT "booking_durations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_tables" ADD CONSTRAINT "booking_tables_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_tables" ADD CONSTRAINT "booking_tables_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_tables" ADD CONSTRAINT "booking_tables_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_group_id_table_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."table_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_locks" ADD CONSTRAINT "table_locks_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_locks" ADD CONSTRAINT "table_locks_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_locks" ADD CONSTRAINT "table_locks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_rules" ADD CONSTRAINT "time_rules_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_closures" ADD CONSTRAINT "zone_closures_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_reservation_rules_restaurant_idx" ON "auto_reservation_rules" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "booking_durations_restaurant_idx" ON "booking_durations" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "booking_history_booking_idx" ON "booking_history" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "bookings_restaurant_time_idx" ON "bookings" USING btree ("restaurant_id","seating_time");--> statement-breakpoint
CREATE INDEX "bookings_phone_idx" ON "bookings" USING btree ("restaurant_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_guest_token_uq" ON "bookings" USING btree ("guest_token");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_idempotency_uq" ON "bookings" USING btree ("restaurant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "table_locks_restaurant_date_idx" ON "table_locks" USING btree ("restaurant_id","date");--> statement-breakpoint
CREATE INDEX "time_rules_restaurant_idx" ON "time_rules" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "zone_closures_zone_date_idx" ON "zone_closures" USING btree ("zone_id","date");--> statement-breakpoint
-- No double booking, ever: two holds of one table may not overlap in time (ranges are [from, to),
-- so one booking may end exactly when the next one's preparation starts).
ALTER TABLE "booking_tables" ADD CONSTRAINT "booking_tables_no_overlap" EXCLUDE USING gist ("table_id" WITH =, "during" WITH &&);
