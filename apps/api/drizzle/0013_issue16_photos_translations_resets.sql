CREATE TABLE "authenticator_resets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "authenticator_resets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"status" text DEFAULT 'email_pending' NOT NULL,
	"reason" text,
	"email_confirmed_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clubs" ALTER COLUMN "translations_enabled" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "item_photos_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "item_translations" ADD COLUMN "translated_price_text" text;--> statement-breakpoint
ALTER TABLE "item_translations" ADD COLUMN "translated_additional_notes" text;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "photo" text;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "footer_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "themes" ADD COLUMN "pdf_photos" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "authenticator_resets" ADD CONSTRAINT "authenticator_resets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authenticator_resets" ADD CONSTRAINT "authenticator_resets_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authenticator_resets_account_id_index" ON "authenticator_resets" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "authenticator_resets_status_index" ON "authenticator_resets" USING btree ("status");