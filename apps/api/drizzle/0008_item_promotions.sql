CREATE TABLE "item_promotions" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"previous_position" integer NOT NULL,
	"previous_suggested" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_promotions" ADD CONSTRAINT "item_promotions_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;