CREATE TABLE "club_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "club_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"club_id" integer NOT NULL,
	"email" text,
	"phone" text,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_account_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_account_id" integer,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_invitations_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "club_invitations_role" CHECK ("club_invitations"."role" in ('manager', 'staff')),
	CONSTRAINT "club_invitations_contact" CHECK ("club_invitations"."email" is not null or "club_invitations"."phone" is not null)
);
--> statement-breakpoint
CREATE TABLE "club_members" (
	"club_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_members_club_id_account_id_pk" PRIMARY KEY("club_id","account_id"),
	CONSTRAINT "club_members_role" CHECK ("club_members"."role" in ('manager', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "item_variants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "item_variants_price_not_negative" CHECK ("item_variants"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "time_prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"club_id" integer NOT NULL,
	"item_id" integer,
	"section_id" integer,
	"label" text NOT NULL,
	"label_translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"days" smallint[] NOT NULL,
	"start_time" text,
	"end_time" text,
	"price" numeric(10, 2),
	"percent_off" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_prices_one_target" CHECK (("time_prices"."item_id" is null) <> ("time_prices"."section_id" is null)),
	CONSTRAINT "time_prices_one_change" CHECK (("time_prices"."price" is null) <> ("time_prices"."percent_off" is null)),
	CONSTRAINT "time_prices_price_not_negative" CHECK ("time_prices"."price" >= 0),
	CONSTRAINT "time_prices_percent_off" CHECK ("time_prices"."percent_off" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "translation_usage" (
	"club_id" integer NOT NULL,
	"month" text NOT NULL,
	"characters" integer DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "translation_usage_club_id_month_pk" PRIMARY KEY("club_id","month")
);
--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "google_review_url" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "booking_url" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "delivery_url" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "wifi_name" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "wifi_password" text;--> statement-breakpoint
ALTER TABLE "club_invitations" ADD CONSTRAINT "club_invitations_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_invitations" ADD CONSTRAINT "club_invitations_invited_by_account_id_accounts_id_fk" FOREIGN KEY ("invited_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_invitations" ADD CONSTRAINT "club_invitations_accepted_by_account_id_accounts_id_fk" FOREIGN KEY ("accepted_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_variants" ADD CONSTRAINT "item_variants_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_prices" ADD CONSTRAINT "time_prices_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_prices" ADD CONSTRAINT "time_prices_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_prices" ADD CONSTRAINT "time_prices_section_id_menu_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."menu_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_usage" ADD CONSTRAINT "translation_usage_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_invitations_club_id_index" ON "club_invitations" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "club_members_account_id_index" ON "club_members" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "item_variants_item_id_position_index" ON "item_variants" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "time_prices_club_id_index" ON "time_prices" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "time_prices_item_id_index" ON "time_prices" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "time_prices_section_id_index" ON "time_prices" USING btree ("section_id");