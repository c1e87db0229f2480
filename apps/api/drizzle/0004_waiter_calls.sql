CREATE TABLE "waiter_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waiter_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"club_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "waiter_calls_status" CHECK ("waiter_calls"."status" in ('open', 'acknowledged', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiter_calls" ADD CONSTRAINT "waiter_calls_table_id_club_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."club_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiter_calls_one_open_per_table" ON "waiter_calls" USING btree ("table_id") WHERE "waiter_calls"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "waiter_calls_club_id_status_index" ON "waiter_calls" USING btree ("club_id","status");