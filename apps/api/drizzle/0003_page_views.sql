CREATE TABLE "page_views" (
	"club_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"menu_id" integer DEFAULT 0 NOT NULL,
	"day" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_views_club_id_table_id_menu_id_day_index" ON "page_views" USING btree ("club_id","table_id","menu_id","day");--> statement-breakpoint
CREATE INDEX "page_views_club_id_day_index" ON "page_views" USING btree ("club_id","day");