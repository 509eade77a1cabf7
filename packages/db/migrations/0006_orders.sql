CREATE TYPE "public"."order_status" AS ENUM('open', 'closed', 'cancelled');--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"quantity" numeric(10, 3) NOT NULL,
	"price_kopecks" bigint NOT NULL,
	CONSTRAINT "order_items_quantity_ck" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_price_ck" CHECK ("order_items"."price_kopecks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"table_id" integer,
	"table_number" text DEFAULT '' NOT NULL,
	"service_date" date NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"status" "order_status" DEFAULT 'open' NOT NULL,
	"guests" smallint,
	"total_kopecks" bigint DEFAULT 0 NOT NULL,
	"closed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_ck" CHECK ("orders"."total_kopecks" >= 0),
	CONSTRAINT "orders_guests_ck" CHECK ("orders"."guests" is null or "orders"."guests" between 0 and 500),
	CONSTRAINT "orders_closed_ck" CHECK ("orders"."closed_at" is null or "orders"."closed_at" >= "orders"."opened_at")
);
--> statement-breakpoint
CREATE TABLE "pos_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_keys" ADD CONSTRAINT "pos_keys_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_keys" ADD CONSTRAINT "pos_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_position_uq" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_restaurant_external_uq" ON "orders" USING btree ("restaurant_id","external_id");--> statement-breakpoint
CREATE INDEX "orders_restaurant_day_idx" ON "orders" USING btree ("restaurant_id","service_date");--> statement-breakpoint
CREATE INDEX "orders_restaurant_opened_idx" ON "orders" USING btree ("restaurant_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_keys_hash_uq" ON "pos_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "pos_keys_restaurant_idx" ON "pos_keys" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "queue_entries_restaurant_created_idx" ON "queue_entries" USING btree ("restaurant_id","created_at");