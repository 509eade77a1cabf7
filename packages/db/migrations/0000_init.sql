CREATE TYPE "public"."membership_role" AS ENUM('Админ', 'Менеджер');--> statement-breakpoint
CREATE TYPE "public"."table_shape" AS ENUM('round', 'square', 'rectangle');--> statement-breakpoint
CREATE TABLE "dining_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"zone_id" integer,
	"number" text NOT NULL,
	"seats_min" smallint DEFAULT 1 NOT NULL,
	"seats_max" smallint NOT NULL,
	"is_reservable" boolean DEFAULT true NOT NULL,
	"shape" "table_shape" DEFAULT 'square' NOT NULL,
	"x" real DEFAULT 0 NOT NULL,
	"y" real DEFAULT 0 NOT NULL,
	"width" real DEFAULT 80 NOT NULL,
	"height" real DEFAULT 80 NOT NULL,
	"rotation" real DEFAULT 0 NOT NULL,
	CONSTRAINT "dining_tables_seats_ck" CHECK ("dining_tables"."seats_min" >= 1 and "dining_tables"."seats_max" >= "dining_tables"."seats_min")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"user_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"role" "membership_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_user_id_restaurant_id_pk" PRIMARY KEY("user_id","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "restaurants" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"timezone" text DEFAULT 'Europe/Moscow' NOT NULL,
	"has_bookings" boolean DEFAULT true NOT NULL,
	"ui_content" jsonb DEFAULT '{"app":{"hide_orders":false,"hide_main_table":false}}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_group_members" (
	"group_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	CONSTRAINT "table_group_members_group_id_table_id_pk" PRIMARY KEY("group_id","table_id")
);
--> statement-breakpoint
CREATE TABLE "table_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"seats_min" smallint DEFAULT 1 NOT NULL,
	"seats_max" smallint NOT NULL,
	CONSTRAINT "table_groups_seats_ck" CHECK ("table_groups"."seats_min" >= 1 and "table_groups"."seats_max" >= "table_groups"."seats_min")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"telegram_id" bigint,
	"telegram_username" text,
	"is_superuser" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_times" (
	"restaurant_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"opens" time NOT NULL,
	"closes" time NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "work_times_restaurant_id_weekday_pk" PRIMARY KEY("restaurant_id","weekday"),
	CONSTRAINT "work_times_weekday_ck" CHECK ("work_times"."weekday" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_group_members" ADD CONSTRAINT "table_group_members_group_id_table_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."table_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_group_members" ADD CONSTRAINT "table_group_members_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_groups" ADD CONSTRAINT "table_groups_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_times" ADD CONSTRAINT "work_times_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_restaurant_number_uq" ON "dining_tables" USING btree ("restaurant_id","number");--> statement-breakpoint
CREATE INDEX "dining_tables_zone_idx" ON "dining_tables" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "memberships_restaurant_idx" ON "memberships" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "table_group_members_table_idx" ON "table_group_members" USING btree ("table_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_telegram_id_uq" ON "users" USING btree ("telegram_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zones_restaurant_name_uq" ON "zones" USING btree ("restaurant_id","name");