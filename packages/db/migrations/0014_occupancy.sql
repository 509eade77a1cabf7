CREATE TABLE "table_occupancies" (
	"table_id" integer PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"queue_entry_id" integer,
	"booking_id" integer,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_occupancies_one_party_ck" CHECK (("table_occupancies"."queue_entry_id" is null) <> ("table_occupancies"."booking_id" is null))
);
--> statement-breakpoint
ALTER TABLE "table_occupancies" ADD CONSTRAINT "table_occupancies_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_occupancies" ADD CONSTRAINT "table_occupancies_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_occupancies" ADD CONSTRAINT "table_occupancies_queue_entry_id_queue_entries_id_fk" FOREIGN KEY ("queue_entry_id") REFERENCES "public"."queue_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_occupancies" ADD CONSTRAINT "table_occupancies_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_occupancies_restaurant_idx" ON "table_occupancies" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "table_occupancies_entry_idx" ON "table_occupancies" USING btree ("queue_entry_id");--> statement-breakpoint
CREATE INDEX "table_occupancies_booking_idx" ON "table_occupancies" USING btree ("booking_id");--> statement-breakpoint
-- Who sits where today, from the parties seated before this table existed: queue entries at their
-- tables ('sat') and bookings in the hall ('open') at the tables they hold. Where two parties claim
-- one table (possible before: a booking seated early beside a walk-in), the one seated last keeps it.
WITH seated AS (
	SELECT t.table_id, q.restaurant_id, q.id AS queue_entry_id, NULL::integer AS booking_id,
		coalesce(q.seated_at, q.updated_at) AS since
	FROM queue_entries q CROSS JOIN LATERAL unnest(q.table_ids) AS t(table_id)
	WHERE q.status = 'sat' AND EXISTS (SELECT 1 FROM dining_tables d WHERE d.id = t.table_id)
	UNION ALL
	SELECT bt.table_id, b.restaurant_id, NULL::integer, b.id,
		coalesce((SELECT max(h.at) FROM booking_history h WHERE h.booking_id = b.id AND h.to_status = 'open'), b.updated_at)
	FROM bookings b JOIN booking_tables bt ON bt.booking_id = b.id
	WHERE b.status = 'open'
), ranked AS (
	SELECT seated.*, row_number() OVER (
		PARTITION BY table_id ORDER BY since DESC, coalesce(queue_entry_id, booking_id) DESC
	) AS n
	FROM seated
)
INSERT INTO table_occupancies (table_id, restaurant_id, queue_entry_id, booking_id, since)
SELECT table_id, restaurant_id, queue_entry_id, booking_id, since FROM ranked WHERE n = 1;
--> statement-breakpoint
-- The older party of such a pair stays seated, without that table, and its history says why.
WITH released AS (
	SELECT q.id, array_agg(t.table_id) AS tables
	FROM queue_entries q CROSS JOIN LATERAL unnest(q.table_ids) AS t(table_id)
	WHERE q.status = 'sat'
		AND EXISTS (SELECT 1 FROM table_occupancies o WHERE o.table_id = t.table_id)
		AND NOT EXISTS (SELECT 1 FROM table_occupancies o WHERE o.table_id = t.table_id AND o.queue_entry_id = q.id)
	GROUP BY q.id
), updated AS (
	UPDATE queue_entries q
	SET table_ids = ARRAY(SELECT x FROM unnest(q.table_ids) AS x WHERE x <> ALL (r.tables))
	FROM released r WHERE q.id = r.id
	RETURNING q.id
)
INSERT INTO queue_history (entry_id, from_status, to_status, changes)
SELECT r.id, 'sat', 'sat', jsonb_build_object('tables_released', to_jsonb(r.tables), 'reason', 'table_taken')
FROM released r;
--> statement-breakpoint
WITH released AS (
	SELECT bt.booking_id AS id, array_agg(bt.table_id) AS tables
	FROM booking_tables bt JOIN bookings b ON b.id = bt.booking_id
	WHERE b.status = 'open'
		AND EXISTS (SELECT 1 FROM table_occupancies o WHERE o.table_id = bt.table_id AND o.booking_id IS DISTINCT FROM b.id)
	GROUP BY bt.booking_id
), unheld AS (
	DELETE FROM booking_tables bt USING released r
	WHERE bt.booking_id = r.id AND bt.table_id = ANY (r.tables)
	RETURNING bt.booking_id
), unplaced AS (
	UPDATE bookings b
	SET table_id = CASE WHEN b.table_id = ANY (r.tables) THEN NULL ELSE b.table_id END,
		-- a group is one place: without one of its tables it is no longer the booking's
		group_id = NULL
	FROM released r WHERE b.id = r.id
	RETURNING b.id
)
INSERT INTO booking_history (booking_id, from_status, to_status, changes)
SELECT r.id, 'open', 'open', jsonb_build_object('tables_released', to_jsonb(r.tables), 'reason', 'table_taken')
FROM released r;
