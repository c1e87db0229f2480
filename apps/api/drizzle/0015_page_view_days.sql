CREATE TABLE "page_view_days" (
	"club_id" integer NOT NULL,
	"menu_id" integer DEFAULT 0 NOT NULL,
	"day" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_view_days_club_id_menu_id_day_pk" PRIMARY KEY("club_id","menu_id","day")
);
--> statement-breakpoint
ALTER TABLE "page_view_days" ADD CONSTRAINT "page_view_days_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;